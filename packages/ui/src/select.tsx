import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import {
  controlAriaProps,
  controlBaseClasses,
  controlStateClasses,
  FieldFrame,
  touchOnBlur,
  useFieldIds,
  useTouched,
  visibleFieldError,
} from './field';

/** Spec section 3, "Reusable widget data": an option has an id, a value and a label. */
export interface SelectOption<V = string> {
  /** Unique within the list; what the DOM carries, so values can be numbers or objects. */
  id: string;
  value: V;
  label: string;
  disabled?: boolean;
}

/** The option holding `value`, compared with Object.is. */
export function findOption<V>(
  options: readonly SelectOption<V>[],
  value: V | null | undefined,
): SelectOption<V> | undefined {
  if (value === null || value === undefined) return undefined;
  return options.find((option) => Object.is(option.value, value));
}

type NativeSelectProps = Omit<
  ComponentPropsWithoutRef<'select'>,
  'value' | 'defaultValue' | 'onChange' | 'required' | 'multiple' | 'children'
>;

export interface SelectProps<V = string> extends NativeSelectProps {
  label: string;
  options: readonly SelectOption<V>[];
  /** null (or undefined) selects nothing, which shows the placeholder. */
  value: V | null | undefined;
  onChange: (value: V | null, option: SelectOption<V> | undefined) => void;
  /** The text of the empty choice, e.g. "Select a country". */
  placeholder?: string;
  required?: boolean;
  optional?: boolean;
  hideLabel?: boolean;
  error?: string;
  touched?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A native <select>: the platform's keyboard handling, type-ahead and mobile pickers for free. */
export function Select<V = string>({
  label,
  options,
  value,
  onChange,
  placeholder,
  required,
  optional = false,
  hideLabel = false,
  error,
  touched: touchedProp,
  hint,
  id,
  className = '',
  onBlur,
  ref,
  ...selectProps
}: SelectProps<V>) {
  const ids = useFieldIds(id);
  const [touched, markTouched] = useTouched(touchedProp);
  const selected = findOption(options, value);
  const message = visibleFieldError({ touched, required, empty: !selected, error });
  // Without an empty choice a native select would show its first option while holding nothing.
  const hasEmptyChoice = placeholder !== undefined || !selected;

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
        <select
          {...selectProps}
          ref={ref}
          id={ids.controlId}
          value={selected?.id ?? ''}
          {...controlAriaProps(ids, { required, error: message, hint })}
          className={`${controlBaseClasses} ${controlStateClasses(Boolean(message))} appearance-none pr-9`}
          onChange={(event) => {
            const option = options.find((candidate) => candidate.id === event.target.value);
            onChange(option ? option.value : null, option);
          }}
          onBlur={touchOnBlur(markTouched, onBlur)}
        >
          {hasEmptyChoice ? <option value="">{placeholder ?? ''}</option> : null}
          {options.map((option) => (
            <option key={option.id} value={option.id} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </FieldFrame>
  );
}
