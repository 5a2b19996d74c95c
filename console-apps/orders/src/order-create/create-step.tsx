import {
  ORDER_VALUE_MAX,
  ORDER_VALUE_MIN,
  PRODUCT_CHOICE_MAX,
  PRODUCT_SEARCH_MAX_LENGTH,
  type ProductSummary,
} from '@boon/contracts';
import {
  formatAmount,
  ListLoadError,
  ShowMoreButton,
  useDateFormat,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { FormAlert, FormField } from '@boon/console-kit/forms';
import { DELIVER_AT_MAX_MS, supportedCountries, wallTimeOf } from '@boon/domain';
import {
  Button,
  Checkbox,
  Dialog,
  MerchantLogo,
  RadioGroup,
  SearchField,
  Select,
  TextArea,
  TextField,
  secondaryLinkClasses,
  type SelectOption,
} from '@boon/ui';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { PRODUCTS_PER_PAGE, useBalances, useProducts } from '../api';
import { denominationProblem, valuesText } from './denominations';
import { useOrderDraft } from './order-context';
import { stepFields } from './order-form';

const deliveryOptions: SelectOption<'email' | 'link'>[] = [
  { id: 'email', value: 'email', label: 'Send by e-mail' },
  { id: 'link', value: 'link', label: 'Send by link' },
];

const deliveryTimeOptions: SelectOption<'now' | 'later'>[] = [
  { id: 'now', value: 'now', label: 'Send now' },
  { id: 'later', value: 'later', label: 'Schedule for later' },
];

const countryOptions: SelectOption[] = supportedCountries.map((country) => ({
  id: country.isoCode,
  value: country.isoCode,
  label: country.label,
}));

function countryName(isoCode: string): string {
  return supportedCountries.find((country) => country.isoCode === isoCode)?.label ?? isoCode;
}

/** Keeps the chosen merchants and currency in step with the country and currency chosen. */
function useCountryAndCurrencyRules() {
  const { form, chosen, choose } = useOrderDraft();
  const chosenRef = useRef(chosen);
  useEffect(() => {
    chosenRef.current = chosen;
  }, [chosen]);
  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (name === 'country') {
        const country = supportedCountries.find((c) => c.isoCode === values.country);
        if (country && country.currency !== values.currency) {
          form.setValue('currency', country.currency);
        }
        const kept = chosenRef.current.filter((product) =>
          product.countries.includes(values.country ?? ''),
        );
        if (kept.length !== chosenRef.current.length) choose(kept);
      }
      if (name === 'currency') {
        const kept = chosenRef.current.filter((product) => product.currency === values.currency);
        if (kept.length !== chosenRef.current.length) choose(kept);
      }
    });
    return () => subscription.unsubscribe();
  }, [form, choose]);
}

/**
 * The create step (spec 2.4 /order/create): how the reward goes, where and in which currency,
 * the merchant or merchants, the value, a description and the message. Every rule shows at its
 * field; Continue checks them (and the merchants' denominations) before the recipients step.
 */
export function CreateStep() {
  const { form, chosen } = useOrderDraft();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const balances = useBalances(customerId);
  const { errors } = useFormState({ control: form.control });
  const [country, currency, message, delivery] = form.watch([
    'country',
    'currency',
    'message',
    'delivery',
  ]);
  const { timeZone, timeZoneName } = useDateFormat();
  // The field's bounds, from now: the rule itself is checked on Continue and by the server.
  const deliverAtBounds = useMemo(() => {
    const now = new Date();
    return {
      min: wallTimeOf(now, timeZone),
      max: wallTimeOf(new Date(now.getTime() + DELIVER_AT_MAX_MS), timeZone),
    };
  }, [timeZone]);
  const merchantsErrorId = useId();
  useCountryAndCurrencyRules();

  const currencyOptions = useMemo<SelectOption[]>(() => {
    const countryCurrency = supportedCountries.find((c) => c.isoCode === country)?.currency;
    const codes = new Set([
      ...(countryCurrency ? [countryCurrency] : []),
      currency,
      ...(balances.data ?? []).map((balance) => balance.currency),
    ]);
    return [...codes]
      .filter((code) => /^[A-Z]{3}$/.test(code))
      .map((code) => ({ id: code, value: code, label: code }));
  }, [country, currency, balances.data]);

  const merchantsError = errors.productCodes?.message ?? errors.productCodes?.root?.message;

  async function next() {
    const valid = await form.trigger([...stepFields.create]);
    const faceValue = form.getValues('faceValue');
    const problem = valid ? denominationProblem(chosen, faceValue) : undefined;
    if (problem) form.setError('faceValue', { type: 'validate', message: problem });
    if (!valid || problem) {
      form.focus.focusFirst(stepFields.create.filter((name) => form.getFieldState(name).invalid));
      return;
    }
    await navigate({ to: '/order/quantity' });
  }

  const valueHint =
    chosen.length > 0
      ? chosen.map((product) => `${product.name} offers ${valuesText(product)}.`).join(' ')
      : `From ${formatAmount(ORDER_VALUE_MIN, currency)} to ${formatAmount(ORDER_VALUE_MAX, currency)}.`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Reward details</h1>
        <p className="text-sm text-ink-muted">
          Choose the merchant and the value of the reward, and the message that goes with it.
        </p>
      </div>
      <form
        noValidate
        aria-label="Reward details"
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <FormAlert form={form} />
        <FormField
          form={form}
          name="deliveryType"
          as={RadioGroup}
          label="How the reward is sent"
          options={deliveryOptions}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="country"
            as={Select}
            label="Country"
            options={countryOptions}
            hint="Where the recipients spend the reward."
          />
          <FormField
            form={form}
            name="currency"
            as={Select}
            label="Currency"
            options={currencyOptions}
            hint="The reward's currency. The payment step shows the balance that pays for it."
          />
        </div>

        <section aria-labelledby={`${merchantsErrorId}-heading`} className="flex flex-col gap-3">
          <h2 id={`${merchantsErrorId}-heading`} className="text-lg font-semibold text-ink">
            Merchant
          </h2>
          {chosen.length === 0 ? (
            <p className="text-sm text-ink-muted">
              No merchant chosen yet. Choose one, or several to let the recipient choose.
            </p>
          ) : (
            <ul aria-label="Chosen merchants" className="flex flex-col gap-2">
              {chosen.map((product) => (
                <li key={product.productCode} className="flex items-center gap-3 text-sm">
                  <MerchantLogo src={product.logoUrl} size="sm" />
                  <span>
                    <span className="font-medium text-ink">{product.name}</span>
                    <span className="block text-ink-muted">Offers {valuesText(product)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {chosen.length > 1 ? (
            <p className="text-sm text-ink-muted">
              Each recipient chooses one of these {chosen.length} merchants.
            </p>
          ) : null}
          <div>
            <Link
              to="/order/brands"
              ref={form.focus.track('productCodes')}
              className={secondaryLinkClasses}
              aria-describedby={merchantsError ? merchantsErrorId : undefined}
            >
              {chosen.length > 0 ? 'Change merchants' : 'Choose a merchant'}
            </Link>
          </div>
          {merchantsError ? (
            <p id={merchantsErrorId} className="text-sm text-danger">
              {merchantsError}
            </p>
          ) : null}
        </section>

        <FormField
          form={form}
          name="faceValue"
          as={TextField}
          label={`Value of each reward (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          hint={valueHint}
        />
        <FormField
          form={form}
          name="description"
          as={TextField}
          label="Description"
          optional
          hint="For you: shown in the order history, not to the recipient."
        />
        <FormField
          form={form}
          name="delivery"
          as={RadioGroup}
          label="When the reward is sent"
          options={deliveryTimeOptions}
        />
        {delivery === 'later' ? (
          <FormField
            form={form}
            name="deliverAt"
            as={TextField}
            type="datetime-local"
            label={`Delivery date and time (${timeZoneName})`}
            min={deliverAtBounds.min}
            max={deliverAtBounds.max}
            hint={`Up to 90 days ahead, ${timeZoneName === 'UTC' ? 'in UTC' : `${timeZoneName} time`}, as set in Settings. The money is held from your balance when you pay.`}
          />
        ) : null}

        <section aria-labelledby={`${merchantsErrorId}-message`} className="flex flex-col gap-3">
          <h2 id={`${merchantsErrorId}-message`} className="text-lg font-semibold text-ink">
            Message
          </h2>
          <div
            className="rounded-md border border-line border-l-4 px-4 py-3 text-sm"
            style={{ borderLeftColor: message.colour }}
          >
            <p className="font-semibold text-ink">{message.header}</p>
            <p className="mt-1 whitespace-pre-line text-ink-muted">{message.body}</p>
          </div>
          {errors.message ? (
            <p className="text-sm text-danger">
              The message needs a correction: edit it to see what to change.
            </p>
          ) : null}
          <div>
            <Link to="/order/message" className={secondaryLinkClasses}>
              Edit message
            </Link>
          </div>
        </section>

        <div className="flex flex-wrap gap-3">
          <Button type="submit">Continue</Button>
          <Link to="/order/type" className={secondaryLinkClasses}>
            Back
          </Link>
        </div>
      </form>
    </div>
  );
}

/** Debounces typed text, so a search is asked once the user pauses. */
function useSettledText(text: string, delayMs = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

/**
 * The merchant picker (spec 2.4 brands, an overlay that returns to create): the network's
 * merchants for the order's country and currency, searchable. Several chosen make a recipient's
 * choice (productCodes).
 */
function BrandsOverlay() {
  const { form, chosen, choose } = useOrderDraft();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const [country, currency] = form.getValues(['country', 'currency']);
  const [selected, setSelected] = useState<readonly ProductSummary[]>(chosen);
  const [text, setText] = useState('');
  const search = useSettledText(text);
  const products = useProducts(customerId, {
    country,
    currency,
    ...(search ? { search } : {}),
  });
  const items = (products.data?.pages ?? []).flatMap((page) => page.items);
  const close = () => void navigate({ to: '/order/create' });
  const isSelected = (code: string) => selected.some((product) => product.productCode === code);
  const toggle = (product: ProductSummary, on: boolean) =>
    setSelected((current) =>
      on
        ? [...current, product]
        : current.filter((other) => other.productCode !== product.productCode),
    );

  return (
    <Dialog
      open
      title="Choose merchants"
      description={`Merchants with rewards in ${currency} for ${countryName(country)}. Choose one, or several to let each recipient choose (at most ${PRODUCT_CHOICE_MAX}).`}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      yesLabel={selected.length > 1 ? `Offer these ${selected.length}` : 'Use this merchant'}
      yesDisabled={selected.length === 0}
      onYes={() => {
        choose(selected);
        close();
      }}
      noLabel="Cancel"
      onNo={close}
    >
      <div className="flex flex-col gap-4">
        <SearchField
          label="Search merchants"
          value={text}
          onChange={setText}
          maxLength={PRODUCT_SEARCH_MAX_LENGTH}
        />
        <p role="status" className="text-sm text-ink-muted">
          {selected.length === 0
            ? 'No merchant chosen.'
            : `${selected.length} chosen: ${selected.map((product) => product.name).join(', ')}.`}
        </p>
        {products.isPending ? (
          <p className="text-sm text-ink-muted">Loading merchants…</p>
        ) : products.isError ? (
          <ListLoadError
            what="the merchants"
            error={products.error}
            onRetry={() => void products.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="text-sm text-ink-muted">
            {search
              ? `No merchant matches "${search}" in ${currency} for ${countryName(country)}.`
              : `No merchant offers rewards in ${currency} for ${countryName(country)}. Choose another country or currency.`}
          </p>
        ) : (
          <ul aria-label="Merchants" className="flex flex-col gap-3">
            {items.map((product) => {
              const on = isSelected(product.productCode);
              const unavailable = product.state === 'TEMPORARILY_DISABLED';
              return (
                <li key={product.productCode} className="flex items-center gap-3">
                  <MerchantLogo src={product.logoUrl} size="sm" />
                  <Checkbox
                    label={product.name}
                    hint={
                      unavailable ? 'Temporarily unavailable.' : `Offers ${valuesText(product)}.`
                    }
                    checked={on}
                    disabled={unavailable || (!on && selected.length >= PRODUCT_CHOICE_MAX)}
                    onChange={(checked) => toggle(product, checked)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {products.hasNextPage ? (
          <ShowMoreButton
            pageSize={PRODUCTS_PER_PAGE}
            loading={products.isFetchingNextPage}
            onMore={() => void products.fetchNextPage()}
          />
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * The message (spec 2.4 message, an overlay): header, text and colour, starting from the
 * customisation defaults. Cancel puts back what was there.
 */
function MessageOverlay() {
  const { form } = useOrderDraft();
  const navigate = useNavigate();
  const before = useRef(form.getValues('message'));
  const colour = form.watch('message.colour');
  const close = () => void navigate({ to: '/order/create' });
  const cancel = () => {
    form.setValue('message', before.current);
    form.clearErrors('message');
    close();
  };
  const save = async () => {
    if (await form.trigger([...stepFields.message])) close();
    else {
      form.focus.focusFirst(stepFields.message.filter((name) => form.getFieldState(name).invalid));
    }
  };
  return (
    <Dialog
      open
      title="Message"
      description="What the recipient reads with the reward."
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
      yesLabel="Save message"
      onYes={() => void save()}
      noLabel="Cancel"
      onNo={cancel}
    >
      <div className="flex flex-col gap-4">
        <FormField form={form} name="message.header" as={TextField} label="Header" />
        <FormField form={form} name="message.body" as={TextArea} label="Message" />
        <div className="flex items-end gap-3">
          <FormField
            form={form}
            name="message.colour"
            as={TextField}
            label="Colour"
            hint="# and 3 or 6 hex digits, such as #000000 for black."
            autoComplete="off"
            className="flex-1"
          />
          <span
            aria-hidden="true"
            className="mb-8 h-10 w-10 shrink-0 rounded-md border border-line"
            style={{
              backgroundColor: /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(colour)
                ? colour
                : 'transparent',
            }}
          />
        </div>
      </div>
    </Dialog>
  );
}

export function CreateStepPage() {
  return <CreateStep />;
}

export function BrandsOverlayPage() {
  return (
    <>
      <CreateStep />
      <BrandsOverlay />
    </>
  );
}

export function MessageOverlayPage() {
  return (
    <>
      <CreateStep />
      <MessageOverlay />
    </>
  );
}
