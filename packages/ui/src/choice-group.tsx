import type { FocusEvent, ReactNode } from 'react';
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
  children,
}: ChoiceGroupFrameProps) {
  const ids = useFieldIds(id);
  return (
    <fieldset
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

export const choiceInputClasses = 'h-4 w-4 shrink-0 accent-brand-600 disabled:cursor-not-allowed';

export const choiceLabelClasses =
  'flex items-center gap-2 text-sm text-ink has-[:disabled]:cursor-not-allowed has-[:disabled]:text-ink-muted';
