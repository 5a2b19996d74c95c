import { Check } from 'lucide-react';

/** The forms of setting up a company, in order (spec 2.3's screens). */
const STEPS = [
  { key: 'account-details', label: 'Your details' },
  { key: 'company-details', label: 'Your company' },
  { key: 'user-segmentation', label: 'About your rewards' },
] as const;

export type OnboardingStep = (typeof STEPS)[number]['key'];

/**
 * Where a person setting up a company is among the three forms: an ordered list, the current
 * step marked with aria-current="step" and "Step n of 3" for screen readers, done steps ticked.
 * It wraps on a phone instead of scrolling.
 */
export function OnboardingSteps({ current }: { current: OnboardingStep }) {
  const index = STEPS.findIndex((step) => step.key === current);
  return (
    <nav aria-label="Setting up your company">
      <ol className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {STEPS.map((step, position) => {
          const done = position < index;
          const here = position === index;
          return (
            <li
              key={step.key}
              aria-current={here ? 'step' : undefined}
              className={`flex items-center gap-2 ${here ? 'font-semibold text-ink' : 'text-ink-muted'}`}
            >
              <span
                aria-hidden="true"
                className={`flex h-6 w-6 items-center justify-center rounded-full border text-xs ${
                  here || done ? 'border-brand-700 bg-brand-700 text-white' : 'border-line'
                }`}
              >
                {done ? <Check className="h-3.5 w-3.5" /> : position + 1}
              </span>
              <span>
                <span className="sr-only">
                  Step {position + 1} of {STEPS.length}
                  {done ? ', done' : ''}:{' '}
                </span>
                {step.label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
