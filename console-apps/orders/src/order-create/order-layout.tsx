import { useSelectedCustomerId } from '@boon/console-kit';
import { useContractForm, useIdempotencyKey } from '@boon/console-kit/forms';
import { secondaryLinkClasses } from '@boon/ui';
import { Link, Outlet, useMatches, useSearch } from '@tanstack/react-router';
import type { ProductSummary } from '@boon/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useProduct } from '../api';
import { StepIndicator } from '../order-parts';
import { parseOrderSearch } from '../orders-routes';
import { OrderDraftContext, type OrderDraft } from './order-context';
import { orderDefaults, orderFormSchema } from './order-form';

const steps = [
  { label: 'Reward', routes: ['order-create', 'order-brands', 'order-message'] },
  { label: 'Recipients', routes: ['order-quantity', 'order-recipients'] },
  { label: 'Payment', routes: ['order-payment'] },
] as const;

/**
 * /order (spec 2.4): the order being made, kept here while the user moves between the steps and
 * their overlays, with a way out (the sidebar is hidden on these pages). A link with
 * ?productCode= starts the order with that merchant, in its currency and one of its countries.
 */
export function OrderLayout() {
  const search = parseOrderSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const customerId = useSelectedCustomerId();
  const routeName = useMatches({ select: (matches) => matches.at(-1)?.staticData.name ?? '' });
  const form = useContractForm(orderFormSchema, {
    defaultValues: orderDefaults(search.deliveryType),
  });
  const submissionKey = useIdempotencyKey();
  const [chosen, setChosen] = useState<readonly ProductSummary[]>([]);
  const choose = useCallback(
    (products: readonly ProductSummary[]) => {
      setChosen(products);
      form.setValue(
        'productCodes',
        products.map((product) => product.productCode),
        {
          shouldValidate:
            form.formState.isSubmitted || form.getFieldState('productCodes').isTouched,
        },
      );
    },
    [form],
  );
  const draft = useMemo<OrderDraft>(
    () => ({ form, submissionKey, chosen, choose }),
    [form, submissionKey, chosen, choose],
  );

  const preselect = useProduct(customerId, search.productCode);
  const preselected = useRef(false);
  useEffect(() => {
    const product = preselect.data;
    if (!product || preselected.current) return;
    preselected.current = true;
    const country = form.getValues('country');
    choose([product]);
    form.setValue('currency', product.currency);
    if (!product.countries.includes(country) && product.countries[0]) {
      form.setValue('country', product.countries[0]);
    }
  }, [preselect.data, form, choose]);

  return (
    <OrderDraftContext.Provider value={draft}>
      <div className="flex w-full max-w-4xl flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <StepIndicator steps={steps} routeName={routeName} label="Order steps" />
          <Link to="/" className={secondaryLinkClasses}>
            Close
          </Link>
        </div>
        {preselect.isError ? (
          <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
            We couldn&apos;t find the merchant the link named. Choose a merchant below.
          </p>
        ) : null}
        <Outlet />
      </div>
    </OrderDraftContext.Provider>
  );
}
