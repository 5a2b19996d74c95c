import type { ReactNode } from 'react';

export interface OnboardingPanelProps {
  /** The screen's one heading. */
  title: ReactNode;
  /** Shown beside the heading, e.g. a spinner while work goes on. */
  icon?: ReactNode;
  /** Above the heading: where the person is among the set-up forms (OnboardingSteps). */
  steps?: ReactNode;
  children: ReactNode;
}

/** One onboarding screen's card: its heading, then its text, form or actions. */
export function OnboardingPanel({ title, icon, steps, children }: OnboardingPanelProps) {
  return (
    <section className="flex flex-col gap-6 rounded-lg border border-line bg-surface p-8 shadow-sm">
      {steps}
      <div className="flex items-center gap-3">
        {icon}
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
      </div>
      <div className="flex flex-col gap-4 text-base text-ink-muted">{children}</div>
    </section>
  );
}

/** A link styled as the console's text links. */
export const textLinkClasses = 'font-medium text-brand-700 underline underline-offset-2';
