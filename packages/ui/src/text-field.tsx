import { X } from 'lucide-react';
import {
  useRef,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {
  controlAriaProps,
  controlBaseClasses,
  controlStateClasses,
  FieldFrame,
  mergeRefs,
  touchOnBlur,
  useFieldIds,
  useTouched,
  visibleFieldError,
} from './field';

/** A pattern always comes with the message that explains it: the spec gives no generic text. */
export type PatternRule =
  | { pattern?: undefined; patternError?: undefined }
  | {
      /** Tested against the whole value as given; anchor it (^…$) to match all of it. */
      pattern: RegExp;
      patternError: string;
    };

/** What a text field and a text area share: label, messages and the rules that produce them. */
export interface TextRulesProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** Shows "(optional)" beside the label. */
  optional?: boolean;
  /** Keeps the label for assistive technology only, for fields whose purpose is plain to see. */
  hideLabel?: boolean;
  /** The caller's own error; shown instead of the required text once the field is touched. */
  error?: string;
  /** Set by a form to show errors before the user has left the field (on submit). */
  touched?: boolean;
  /** Caps the length and shows a "count/max" counter. */
  maxLength?: number;
  /** Leaves the counter out where the cap is a safety limit nobody types near (an address). */
  hideCounter?: boolean;
  hint?: ReactNode;
}

/** The error a text field shows: custom error, then required, then pattern; none untouched. */
export function textFieldError(
  props: Pick<TextRulesProps, 'required' | 'error' | 'value'> & PatternRule,
  touched: boolean,
): string | undefined {
  const ruleError = visibleFieldError({
    touched,
    required: props.required,
    empty: props.value === '',
    error: props.error,
  });
  if (ruleError || !touched || !props.pattern || props.value === '') return ruleError;
  return matches(props.pattern, props.value) ? undefined : props.patternError;
}

/** A global or sticky RegExp remembers where it last matched; a fresh copy answers the same every time. */
function matches(pattern: RegExp, value: string): boolean {
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(value);
}

/** Caps a value set by paste or by the caller, which the input's maxlength does not stop. */
export function capLength(value: string, maxLength: number | undefined): string {
  return maxLength === undefined ? value : value.slice(0, maxLength);
}

/** The "count/max" counter of a field with a maximum length; none without one. */
export function lengthCounter(value: string, maxLength: number | undefined): string | undefined {
  return maxLength === undefined ? undefined : `${value.length}/${maxLength}`;
}

/** Whether a key press is refused: listed keys are, unless Ctrl or Meta is held (copy, paste, …). */
export function isBlockedKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>,
  blockedKeys: readonly string[] | undefined,
): boolean {
  if (!blockedKeys || event.ctrlKey || event.metaKey) return false;
  return blockedKeys.includes(event.key);
}

type NativeInputProps = Omit<
  ComponentPropsWithoutRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'pattern' | 'required' | 'maxLength' | 'children'
>;

export type TextFieldProps = NativeInputProps &
  TextRulesProps &
  PatternRule & {
    /** KeyboardEvent.key values to refuse, e.g. ['e', '-', ' ']. */
    blockedKeys?: readonly string[];
    /** Shows a clear button while the field has a value. */
    clearable?: boolean;
    ref?: Ref<HTMLInputElement>;
  };

/** A single-line text input with the console's label, error, counter and clear rules. */
export function TextField({
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
  pattern,
  patternError,
  blockedKeys,
  clearable = false,
  id,
  className = '',
  disabled,
  onBlur,
  onKeyDown,
  ref,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(id);
  const inputRef = useRef<HTMLInputElement>(null);
  const [touched, markTouched] = useTouched(touchedProp);
  const message = textFieldError(
    pattern ? { required, error, value, pattern, patternError } : { required, error, value },
    touched,
  );
  const counter = hideCounter ? undefined : lengthCounter(value, maxLength);
  const showClear = clearable && value !== '' && !disabled;

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
      <div className="relative">
        <input
          {...inputProps}
          ref={mergeRefs(inputRef, ref)}
          id={ids.controlId}
          value={value}
          disabled={disabled}
          maxLength={maxLength}
          {...controlAriaProps(ids, { required, error: message, hint, counter })}
          className={`${controlBaseClasses} ${controlStateClasses(Boolean(message))} ${showClear ? 'pr-9' : ''}`}
          onChange={(event) => onChange(capLength(event.target.value, maxLength))}
          onKeyDown={(event) => {
            if (isBlockedKey(event, blockedKeys)) event.preventDefault();
            onKeyDown?.(event);
          }}
          onBlur={touchOnBlur(markTouched, onBlur)}
        />
        {showClear ? (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-ink-muted hover:text-ink"
            onClick={() => {
              onChange('');
              // Keyboard users stay where they were; the button they pressed has just gone.
              inputRef.current?.focus();
            }}
          >
            <X aria-hidden="true" focusable="false" className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
