import type { ComponentPropsWithoutRef, Ref } from 'react';
import {
  controlBaseClasses,
  controlStateClasses,
  describedBy,
  FieldFooter,
  FieldLabel,
  useFieldIds,
  useTouched,
} from './field';
import { capLength, textFieldError, type TextRulesProps } from './text-field';

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

  return (
    <div className={className}>
      <FieldLabel htmlFor={ids.controlId} optional={optional} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <textarea
        {...textAreaProps}
        id={ids.controlId}
        value={value}
        rows={rows}
        aria-required={required || undefined}
        maxLength={maxLength}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(
          Boolean(hint) && ids.hintId,
          message && ids.errorId,
          maxLength !== undefined && ids.counterId,
        )}
        className={`${controlBaseClasses} ${controlStateClasses(Boolean(message))} block resize-y`}
        onChange={(event) => onChange(capLength(event.target.value, maxLength))}
        onBlur={(event) => {
          markTouched();
          onBlur?.(event);
        }}
      />
      <FieldFooter
        error={message}
        errorId={ids.errorId}
        hint={hint}
        hintId={ids.hintId}
        counter={maxLength !== undefined ? `${value.length}/${maxLength}` : undefined}
        counterId={ids.counterId}
      />
    </div>
  );
}
