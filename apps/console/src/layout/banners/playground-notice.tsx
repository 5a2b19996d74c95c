import { useAppStore } from '@boon/console-kit/shell';

/**
 * Spec 2.7 and 4.4: tells a customer in playground mode what they can do while their account is
 * verified. Render it on the routes playground mode allows; it shows only in playground mode.
 */
export function PlaygroundNotice() {
  const playgroundMode = useAppStore((state) => state.playgroundMode);
  if (!playgroundMode) return null;
  return (
    <section
      aria-labelledby="playground-notice-title"
      className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink"
    >
      <h2 id="playground-notice-title" className="font-semibold">
        You are in playground mode
      </h2>
      <p className="mt-1 text-ink-muted">
        Explore the console, read the help and create playground API keys while we verify your
        account. Verification takes 2 to 4 business days; ordering, funds and team management open
        once it is complete.
      </p>
    </section>
  );
}
