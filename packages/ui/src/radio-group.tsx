import { useId, type ReactNode, type Ref } from 'react';
import {
  choiceCellClasses,
  choiceInputClasses,
  choiceLabelClasses,
  ChoiceGroupFrame,
} from './choice-group';
import { useTouched, visibleFieldError } from './field';
import { findOption, type SelectOption } from './select';

export interface RadioGroupProps<V = string> {
  label: string;
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  onChange: (value: V, option: SelectOption<V>) => void;
  /** The radios' shared name; one is made up when not given. */
  name?: string;
  required?: boolean;
  optional?: boolean;
  hideLabel?: boolean;
  error?: string;
  touched?: boolean;
  hint?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
  /** Called when focus leaves the whole group: the group has been touched. */
  onBlur?: () => void;
  /** The group's fieldset. */
  ref?: Ref<HTMLFieldSetElement>;
}

/** Native radios in a fieldset: arrow keys move the choice, Tab leaves the group. */
export function RadioGroup<V = string>({
  label,
  options,
  value,
  onChange,
  name,
  required,
  optional = false,
  hideLabel = false,
  error,
  touched: touchedProp,
  hint,
  disabled,
  id,
  className = '',
  onBlur,
  ref,
}: RadioGroupProps<V>) {
  const generatedName = useId();
  const [touched, markTouched] = useTouched(touchedProp);
  const selected = findOption(options, value);
  const message = visibleFieldError({ touched, required, empty: !selected, error });

  return (
    <ChoiceGroupFrame
      id={id}
      label={label}
      optional={optional}
      hideLabel={hideLabel}
      hint={hint}
      message={message}
      required={required}
      role="radiogroup"
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
              type="radio"
              name={name ?? generatedName}
              value={option.id}
              checked={selected?.id === option.id}
              disabled={disabled || option.disabled}
              className={choiceInputClasses}
              onChange={() => onChange(option.value, option)}
            />
          </span>
          {option.label}
        </label>
      ))}
    </ChoiceGroupFrame>
  );
}
