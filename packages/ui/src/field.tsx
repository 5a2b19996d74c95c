import { CircleAlert } from 'lucide-react';
import { useCallback, useId, useState, type ReactNode, type Ref, type RefCallback } from 'react';

/**
 * Spec section 5, "Form fields": the text of a touched, empty, required field. Controls say they
 * are required with aria-required, not the required attribute: the browser's own validation
 * would stop a form's submit with its own bubble before the form could show these messages.
 */
export const REQUIRED_MESSAGE = 'This field is required.';

/**
 * Whether the field has been touched: it has lost focus once. A form can pass `touched` to show
 * every error at once (on submit, say); otherwise the field keeps track itself.
 */
export function useTouched(touched: boolean | undefined): [boolean, () => void] {
  const [touchedHere, setTouchedHere] = useState(false);
  const markTouched = useCallback(() => setTouchedHere(true), []);
  return [touched ?? touchedHere, markTouched];
}

export interface FieldErrorInput {
  touched: boolean;
  required: boolean | undefined;
  /** Whether the field holds no value, in that field's own terms. */
  empty: boolean;
  /** The caller's own message; once touched it replaces the required text. */
  error: string | undefined;
  requiredMessage?: string;
}

/** The one message a field shows, or none: nothing shows before the user has left the field. */
export function visibleFieldError({
  touched,
  required,
  empty,
  error,
  requiredMessage = REQUIRED_MESSAGE,
}: FieldErrorInput): string | undefined {
  if (!touched) return undefined;
  if (error) return error;
  if (required && empty) return requiredMessage;
  return undefined;
}

/** What useFieldIds gives: the control's id and the ids derived from it. */
export type FieldIds = ReturnType<typeof useFieldIds>;

/** The ids that tie a control to its label and messages. */
export function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    controlId,
    labelId: `${controlId}-label`,
    errorId: `${controlId}-error`,
    hintId: `${controlId}-hint`,
    counterId: `${controlId}-counter`,
  };
}

/** aria-describedby from the ids that apply, or nothing when none does. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => Boolean(id));
  return present.length > 0 ? present.join(' ') : undefined;
}

/** An onBlur that marks the field touched, then runs the caller's own. */
export function touchOnBlur<E>(
  markTouched: () => void,
  onBlur: ((event: E) => void) | undefined,
): (event: E) => void {
  return (event) => {
    markTouched();
    onBlur?.(event);
  };
}

export interface ControlAriaInput {
  required: boolean | undefined;
  /** The message the field shows, if any. */
  error: string | undefined;
  hint: ReactNode;
  /** The field's counter text; the counter describes the control when there is one. */
  counter?: string;
  /** An id that describes the control ahead of its hint, e.g. a number field's currency. */
  describedFirst?: string | false;
}

/** The aria attributes of a field's control: required, invalid and what describes it. */
export function controlAriaProps(
  ids: FieldIds,
  { required, error, hint, counter, describedFirst }: ControlAriaInput,
) {
  return {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(
      describedFirst,
      Boolean(hint) && ids.hintId,
      error && ids.errorId,
      counter !== undefined && ids.counterId,
    ),
  };
}

/** One ref from several: the widget needs its own handle and the caller may want one too. */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}

export const controlBaseClasses =
  'w-full rounded-md border bg-surface px-3 py-2 text-sm text-ink placeholder:text-ink-muted disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-muted';

/** Border colours for a control, red while it shows an error. */
export function controlStateClasses(invalid: boolean): string {
  return invalid ? 'border-danger' : 'border-line-strong';
}

export interface FieldLabelProps {
  htmlFor?: string;
  id?: string;
  optional?: boolean;
  hidden?: boolean;
  children: ReactNode;
  /** A group's legend is a <legend>, which must be the fieldset's first child. */
  as?: 'label' | 'legend' | 'span';
}

/** A field's visible name, with "(optional)" beside it for fields that may be left empty. */
export function FieldLabel({
  htmlFor,
  id,
  optional = false,
  hidden = false,
  children,
  as = 'label',
}: FieldLabelProps) {
  const className = hidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-ink';
  const content = (
    <>
      {children}
      {optional ? (
        <>
          {' '}
          <span className="font-normal text-ink-muted">(optional)</span>
        </>
      ) : null}
    </>
  );
  if (as === 'legend') {
    return (
      <legend id={id} className={className}>
        {content}
      </legend>
    );
  }
  if (as === 'span') {
    return (
      <span id={id} className={className}>
        {content}
      </span>
    );
  }
  return (
    <label htmlFor={htmlFor} id={id} className={className}>
      {content}
    </label>
  );
}

/** The warning icon of a field in error; decorative, since the message says it in words. */
export function FieldErrorIcon({ className = '' }: { className?: string }) {
  return (
    <CircleAlert
      aria-hidden="true"
      focusable="false"
      className={`h-4 w-4 text-danger ${className}`}
    />
  );
}

export interface FieldFooterProps {
  error: string | undefined;
  errorId: string;
  hint?: ReactNode;
  hintId: string;
  /** "count/max", when the field has a maximum length. */
  counter?: string;
  counterId: string;
}

/** Below a control: its hint or error on the left, its counter on the right. */
export function FieldFooter({
  error,
  errorId,
  hint,
  hintId,
  counter,
  counterId,
}: FieldFooterProps) {
  if (!error && !hint && counter === undefined) return null;
  return (
    <div className="mt-1 flex items-start justify-between gap-3 text-xs">
      <div className="flex flex-col gap-1">
        {hint ? (
          <p id={hintId} className="text-ink-muted">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="flex items-center gap-1 text-danger">
            <FieldErrorIcon className="shrink-0" />
            {error}
          </p>
        ) : null}
      </div>
      {counter !== undefined ? (
        <p id={counterId} className="shrink-0 text-ink-muted tabular-nums">
          {counter}
        </p>
      ) : null}
    </div>
  );
}

export interface FieldFrameProps {
  ids: FieldIds;
  label: ReactNode;
  optional: boolean;
  hideLabel: boolean;
  /** The message the field shows, if any. */
  error: string | undefined;
  hint: ReactNode;
  /** "count/max", when the field has a maximum length. */
  counter?: string;
  className: string;
  /** The control, between the label and the footer. */
  children: ReactNode;
}

/** A single control's frame: its label above, the control, then its hint, error and counter. */
export function FieldFrame({
  ids,
  label,
  optional,
  hideLabel,
  error,
  hint,
  counter,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={ids.controlId} optional={optional} hidden={hideLabel}>
        {label}
      </FieldLabel>
      {children}
      <FieldFooter
        error={error}
        errorId={ids.errorId}
        hint={hint}
        hintId={ids.hintId}
        counter={counter}
        counterId={ids.counterId}
      />
    </div>
  );
}
