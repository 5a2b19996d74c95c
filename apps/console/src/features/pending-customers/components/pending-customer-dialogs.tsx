import type { PendingCustomer, PendingCustomerApprovalSettings } from '@boon/contracts';
import { Checkbox, CheckboxGroup, Dialog, TextArea, TextField, type SelectOption } from '@boon/ui';
import { useState } from 'react';

/** The float currencies staff can give a new customer from this screen. */
export const APPROVAL_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;

const currencyOptions: SelectOption[] = APPROVAL_CURRENCIES.map((code) => ({
  id: code,
  value: code,
  label: code,
}));

/** A flat-rate discount multiplier: above 0 and at most 1, up to four decimals (the contract's). */
const DISCOUNT_PATTERN = /^[01](\.\d{1,4})?$/;
export const DISCOUNT_ERROR = 'Enter a number above 0 and at most 1, with up to 4 decimals.';

/** An order limit: a positive amount with at most two decimals (the contract's). */
const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
export const ORDER_LIMIT_ERROR = 'Enter an amount above 0 with up to 2 decimals.';

function orderLimitError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  return AMOUNT_PATTERN.test(text) && Number(text) > 0 ? undefined : ORDER_LIMIT_ERROR;
}

function discountIsValid(value: string): boolean {
  return DISCOUNT_PATTERN.test(value) && Number(value) > 0 && Number(value) <= 1;
}

export interface ApproveDialogProps {
  pendingCustomer: PendingCustomer;
  busy: boolean;
  error: string | null;
  onApprove: (settings: PendingCustomerApprovalSettings) => void;
  onCancel: () => void;
}

/**
 * Approve: the new customer's settings (balances, FX, currencies, an order limit per currency,
 * discount multiplier).
 */
export function ApproveDialog({
  pendingCustomer,
  busy,
  error,
  onApprove,
  onCancel,
}: ApproveDialogProps) {
  const [balancesEnabled, setBalancesEnabled] = useState(false);
  const [fxEnabled, setFxEnabled] = useState(false);
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [discount, setDiscount] = useState('');
  const [limits, setLimits] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const limitErrors = Object.fromEntries(
    currencies.map((code) => [code, orderLimitError(limits[code] ?? '')]),
  );
  const discountError =
    discount.trim() !== '' && !discountIsValid(discount.trim()) ? DISCOUNT_ERROR : undefined;

  const approve = () => {
    setSubmitted(true);
    if (discountError || Object.values(limitErrors).some(Boolean)) return;
    const orderLimits = currencies
      .filter((code) => (limits[code] ?? '').trim() !== '')
      .map((code) => ({ currency: code, maxOrderValue: (limits[code] ?? '').trim() }));
    onApprove({
      balancesEnabled,
      fxEnabled,
      currencies,
      orderLimits: orderLimits.length === 0 ? null : orderLimits,
      discountMultiplier: discount.trim() === '' ? null : discount.trim(),
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Approve ${pendingCustomer.companyName}`}
      description="Creates the customer with these settings and makes the requester its owner."
      yesLabel="Approve"
      onYes={approve}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <div className="flex flex-col gap-4">
        <Checkbox
          label="Balances enabled"
          checked={balancesEnabled}
          onChange={setBalancesEnabled}
        />
        <Checkbox label="FX enabled" checked={fxEnabled} onChange={setFxEnabled} />
        <CheckboxGroup
          label="Currencies"
          optional
          options={currencyOptions}
          value={currencies}
          onChange={setCurrencies}
        />
        {currencies.map((code) => (
          <TextField
            key={code}
            label={`Order limit in ${code}`}
            optional
            inputMode="decimal"
            value={limits[code] ?? ''}
            onChange={(value) => setLimits((current) => ({ ...current, [code]: value }))}
            touched={submitted || undefined}
            error={limitErrors[code]}
            hint="The most one order may be worth; empty for no limit."
          />
        ))}
        <TextField
          label="Discount multiplier"
          optional
          inputMode="decimal"
          value={discount}
          onChange={setDiscount}
          touched={submitted || undefined}
          error={discountError}
          hint="Between 0 and 1: 0.95 gives a 5% discount."
        />
        {error ? (
          <p role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

export interface DeclineDialogProps {
  pendingCustomer: PendingCustomer;
  busy: boolean;
  error: string | null;
  onDecline: (reason: string) => void;
  onCancel: () => void;
}

/** Decline, with an optional reason. */
export function DeclineDialog({
  pendingCustomer,
  busy,
  error,
  onDecline,
  onCancel,
}: DeclineDialogProps) {
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Decline ${pendingCustomer.companyName}`}
      description="The requester will see that the request was declined."
      yesLabel="Decline"
      onYes={() => onDecline(reason)}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <div className="flex flex-col gap-4">
        <TextArea label="Reason" optional maxLength={1000} value={reason} onChange={setReason} />
        {error ? (
          <p role="alert" className="text-danger">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
