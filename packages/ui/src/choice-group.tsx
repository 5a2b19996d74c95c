import type { FocusEvent, ReactNode, Ref } from 'react';
import { describedBy, FieldFooter, FieldLabel, useFieldIds } from './field';

/** Touched means focus has left the whole group, not moved from one choice to the next. */
export function leftGroup(event: FocusEvent<HTMLElement>): boolean {
  return !event.currentTarget.contains(event.relatedTarget as Node | null);
}

export interface ChoiceGroupFrameProps {
  id: string | undefined;
  label: string;
  optional: boolean;
  hideLabel: boolean;
  hint: ReactNode;
  message: string | undefined;
  required: boolean | undefined;
  /** radiogroup lets the group itself carry required and invalid states. */
  role?: 'radiogroup';
  className: string;
  onLeave: () => void;
  /** The fieldset: a form moves focus into the group through it. */
  ref?: Ref<HTMLFieldSetElement> | undefined;
  children: ReactNode;
}

/** A fieldset whose legend names the choices inside it, with the group's hint and error below. */
export function ChoiceGroupFrame({
  id,
  label,
  optional,
  hideLabel,
  hint,
  message,
  required,
  role,
  className,
  onLeave,
  ref,
  children,
}: ChoiceGroupFrameProps) {
  const ids = useFieldIds(id);
  return (
    <fieldset
      ref={ref}
      id={ids.controlId}
      role={role}
      aria-required={role && required ? true : undefined}
      aria-invalid={role && message ? true : undefined}
      aria-describedby={describedBy(Boolean(hint) && ids.hintId, message && ids.errorId)}
      className={`min-w-0 ${className}`}
      onBlur={(event) => {
        if (leftGroup(event)) onLeave();
      }}
    >
      <FieldLabel as="legend" optional={optional} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <div className="flex flex-col gap-2">{children}</div>
      <FieldFooter
        error={message}
        errorId={ids.errorId}
        hint={hint}
        hintId={ids.hintId}
        counterId={ids.counterId}
      />
    </fieldset>
  );
}

export const choiceInputClasses = 'h-4 w-4 accent-brand-600 disabled:cursor-not-allowed';

/**
 * A native box can't be given a larger hit area (Chromium ignores its padding) and a 24 px one
 * looks oversized beside 14 px text. So the 16 px box sits in the middle of a 24 × 24 cell that
 * nothing else may enter: with the label's row at least as tall, the whole label is the target and
 * no other control comes within 12 px of the box's centre (WCAG 2.2, 2.5.8 Target Size). The cell
 * reaches 4 px into the label's left edge, so the box lines up with the text above as before.
 */
export const choiceCellClasses = '-ml-1 flex size-6 shrink-0 items-center justify-center';

export const choiceLabelClasses =
  'flex min-h-6 items-center gap-1 text-sm text-ink has-[:disabled]:cursor-not-allowed has-[:disabled]:text-ink-muted';
