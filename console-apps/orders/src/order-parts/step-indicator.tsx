/** A step of a flow, and the routes (by name) that belong to it. */
export interface FlowStep {
  label: string;
  routes: readonly string[];
}

/** Where the user is in a flow ("Reward, Recipients, Payment"), the current step marked. */
export function StepIndicator({
  steps,
  routeName,
  label,
}: {
  steps: readonly FlowStep[];
  routeName: string;
  /** The navigation landmark's name ("Order steps"). */
  label: string;
}) {
  const current = steps.findIndex((step) => step.routes.includes(routeName));
  if (current < 0) return null;
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {steps.map((step, index) => (
          <li
            key={step.label}
            aria-current={index === current ? 'step' : undefined}
            className={index === current ? 'font-semibold text-brand-700' : 'text-ink-muted'}
          >
            <span aria-hidden="true">{index + 1}. </span>
            {step.label}
            {index < current ? <span className="sr-only"> (done)</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
