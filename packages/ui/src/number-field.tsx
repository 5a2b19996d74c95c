import { useState, type ComponentPropsWithoutRef, type ReactNode, type Ref } from 'react';
import {
  controlAriaProps,
  controlBaseClasses,
  controlStateClasses,
  FieldFrame,
  useFieldIds,
  useTouched,
  visibleFieldError,
} from './field';
import {
  allowsNegative,
  formatNumber,
  isNumberDraft,
  normalizeNumber,
  parseNumberDraft,
  sameNumber,
  type NumberRules,
} from './number-rules';

type NativeInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'type'
  | 'min'
  | 'max'
  | 'step'
  | 'required'
  | 'inputMode'
  | 'children'
>;

export type NumberFieldProps = NativeInputProps &
  NumberRules & {
    label: string;
    /**
     * A decimal string ("12.30"), never a float; null (or undefined) is "no value": what an empty
     * input gives.
     */
    value: string | null | undefined;
    onChange: (value: string | null) => void;
    required?: boolean;
    optional?: boolean;
    hideLabel?: boolean;
    error?: string;
    touched?: boolean;
    hint?: ReactNode;
    ref?: Ref<HTMLInputElement>;
  };

/**
 * A number input on decimal strings. The parent only ever receives a rounded-down, in-range
 * decimal string (a currency's with exactly its ISO 4217 decimals: "12.30", "1500" JPY) or null, while
 * the user's own text stays on screen until they leave the field (typing "5" on the way to "50"
 * with a minimum of 10 must not turn into "10" under their fingers); then it reads as the value.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  allowDecimals = false,
  currency,
  required,
  optional = false,
  hideLabel = false,
  error,
  touched: touchedProp,
  hint,
  id,
  className = '',
  onFocus,
  onBlur,
  ref,
  ...inputProps
}: NumberFieldProps) {
  const ids = useFieldIds(id);
  const currencyId = `${ids.controlId}-currency`;
  const rules: NumberRules = { min, max, allowDecimals, currency };
  const [draft, setDraft] = useState<string | null>(null);
  const [touched, markTouched] = useTouched(touchedProp);
  const message = visibleFieldError({ touched, required, empty: value == null, error });

  const draftValue = draft === null ? null : parseNumberDraft(draft);
  const draftNormalized = draftValue === null ? null : normalizeNumber(draftValue, rules);
  // A value set from outside while the user types (a reset, say) wins over their draft.
  const showDraft = draft !== null && sameNumber(draftNormalized, value);
  const text = showDraft ? draft : formatNumber(value, currency);

  return (
    <FieldFrame
      ids={ids}
      label={label}
      optional={optional}
      hideLabel={hideLabel}
      error={message}
      hint={hint}
      className={className}
    >
      <div className="relative">
        <input
          {...inputProps}
          ref={ref}
          id={ids.controlId}
          type="text"
          inputMode={allowDecimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={text}
          {...controlAriaProps(ids, {
            required,
            error: message,
            hint,
            describedFirst: currency && currencyId,
          })}
          className={`${controlBaseClasses} ${controlStateClasses(Boolean(message))} ${currency ? 'pr-14' : ''} tabular-nums`}
          onFocus={(event) => {
            setDraft(formatNumber(value, currency));
            onFocus?.(event);
          }}
          onChange={(event) => {
            const next = event.target.value.trim();
            // Letters, a second point or a minus the limits rule out never reach the field.
            if (!isNumberDraft(next, allowsNegative(rules))) return;
            setDraft(next);
            const parsed = parseNumberDraft(next);
            onChange(parsed === null ? null : normalizeNumber(parsed, rules));
          }}
          onBlur={(event) => {
            setDraft(null);
            markTouched();
            onBlur?.(event);
          }}
        />
        {currency ? (
          <span
            id={currencyId}
            className="pointer-events-none absolute inset-y-0 right-0 flex items-center pr-3 text-sm text-ink-muted"
          >
            {currency}
          </span>
        ) : null}
      </div>
    </FieldFrame>
  );
}
