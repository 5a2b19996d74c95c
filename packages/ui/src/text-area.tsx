import type { ComponentPropsWithoutRef, Ref } from 'react';
import {
  controlAriaProps,
  controlBaseClasses,
  controlStateClasses,
  FieldFrame,
  touchOnBlur,
  useFieldIds,
  useTouched,
} from './field';
import { capLength, lengthCounter, textFieldError, type TextRulesProps } from './text-field';

/** Spec section 9, "Interface": a text area is five rows tall unless told otherwise. */
export const TEXT_AREA_DEFAULT_ROWS = 5;

type NativeTextAreaProps = Omit<
  ComponentPropsWithoutRef<'textarea'>,
  'value' | 'defaultValue' | 'onChange' | 'required' | 'maxLength' | 'children'
>;

export type TextAreaProps = NativeTextAreaProps &
  TextRulesProps & {
    ref?: Ref<HTMLTextAreaElement>;
  };

/** Multi-line text with the same label, error, counter and "(optional)" rules as TextField. */
export function TextArea({
  label,
  value,
  onChange,
  required,
  optional = false,
  hideLabel = false,
  error,
  touched: touchedProp,
  maxLength,
  hideCounter = false,
  hint,
  rows = TEXT_AREA_DEFAULT_ROWS,
  id,
  className = '',
  onBlur,
  ...textAreaProps
}: TextAreaProps) {
  const ids = useFieldIds(id);
  const [touched, markTouched] = useTouched(touchedProp);
  const message = textFieldError({ required, error, value }, touched);
  const counter = hideCounter ? undefined : lengthCounter(value, maxLength);

  return (
    <FieldFrame
      ids={ids}
      label={label}
      optional={optional}
      hideLabel={hideLabel}
      error={message}
      hint={hint}
      counter={counter}
      className={className}
    >
      <textarea
        {...textAreaProps}
        id={ids.controlId}
        value={value}
        rows={rows}
        maxLength={maxLength}
        {...controlAriaProps(ids, { required, error: message, hint, counter })}
        className={`${controlBaseClasses} ${controlStateClasses(Boolean(message))} block resize-y`}
        onChange={(event) => onChange(capLength(event.target.value, maxLength))}
        onBlur={touchOnBlur(markTouched, onBlur)}
      />
    </FieldFrame>
  );
}
