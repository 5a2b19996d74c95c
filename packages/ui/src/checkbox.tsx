import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import {
  choiceCellClasses,
  choiceInputClasses,
  choiceLabelClasses,
  ChoiceGroupFrame,
} from './choice-group';
import {
  controlAriaProps,
  FieldFooter,
  touchOnBlur,
  useFieldIds,
  useTouched,
  visibleFieldError,
} from './field';
import type { SelectOption } from './select';

type NativeCheckboxProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'type' | 'checked' | 'defaultChecked' | 'onChange' | 'required' | 'children' | 'value'
>;

export interface CheckboxProps extends NativeCheckboxProps {
  /** The text beside the box, which is its accessible name. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Must be ticked, e.g. accepting terms. */
  required?: boolean;
  optional?: boolean;
  error?: string;
  touched?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** One native checkbox with its label; a required one shows the error when left unticked. */
export function Checkbox({
  label,
  checked,
  onChange,
  required,
  optional = false,
  error,
  touched: touchedProp,
  hint,
  id,
  className = '',
  onBlur,
  ref,
  ...inputProps
}: CheckboxProps) {
  const ids = useFieldIds(id);
  const [touched, markTouched] = useTouched(touchedProp);
  const message = visibleFieldError({ touched, required, empty: !checked, error });

  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className={choiceLabelClasses}>
        <span className={choiceCellClasses}>
          <input
            {...inputProps}
            ref={ref}
            id={ids.controlId}
            type="checkbox"
            checked={checked}
            {...controlAriaProps(ids, { required, error: message, hint })}
            className={choiceInputClasses}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={touchOnBlur(markTouched, onBlur)}
          />
        </span>
        <span>
          {label}
          {optional ? (
            <>
              {' '}
              <span className="text-ink-muted">(optional)</span>
            </>
          ) : null}
        </span>
      </label>
      <FieldFooter
        error={message}
        errorId={ids.errorId}
        hint={hint}
        hintId={ids.hintId}
        counterId={ids.counterId}
      />
    </div>
  );
}

export interface CheckboxGroupProps<V = string> {
  label: string;
  options: readonly SelectOption<V>[];
  /** The ticked options' values, in the options' order. */
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** At least one must be ticked. */
  required?: boolean;
  optional?: boolean;
  hideLabel?: boolean;
  error?: string;
  touched?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
  className?: string;
  /** Called when focus leaves the whole group: the group has been touched. */
  onBlur?: () => void;
  /** The group's fieldset. */
  ref?: Ref<HTMLFieldSetElement>;
}

/** Several checkboxes answering one question, grouped by a fieldset and its legend. */
export function CheckboxGroup<V = string>({
  label,
  options,
  value,
  onChange,
  required,
  optional = false,
  hideLabel = false,
  error,
  touched: touchedProp,
  hint,
  disabled,
  name,
  id,
  className = '',
  onBlur,
  ref,
}: CheckboxGroupProps<V>) {
  const [touched, markTouched] = useTouched(touchedProp);
  const isTicked = (option: SelectOption<V>) => value.some((item) => Object.is(item, option.value));
  const message = visibleFieldError({ touched, required, empty: value.length === 0, error });

  return (
    <ChoiceGroupFrame
      id={id}
      label={label}
      optional={optional}
      hideLabel={hideLabel}
      hint={hint}
      message={message}
      required={required}
      className={className}
      onLeave={() => {
        markTouched();
        onBlur?.();
      }}
      ref={ref}
    >
      {options.map((option) => (
        <label key={option.id} className={choiceLabelClasses}>
          <span className={choiceCellClasses}>
            <input
              type="checkbox"
              name={name}
              value={option.id}
              checked={isTicked(option)}
              disabled={disabled || option.disabled}
              aria-invalid={message ? true : undefined}
              className={choiceInputClasses}
              onChange={(event) => {
                const ticked = options.filter((candidate) =>
                  candidate === option ? event.target.checked : isTicked(candidate),
                );
                onChange(ticked.map((candidate) => candidate.value));
              }}
            />
          </span>
          {option.label}
        </label>
      ))}
    </ChoiceGroupFrame>
  );
}
