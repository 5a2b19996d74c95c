import { Dialog } from '@boon/ui';
import { links } from '@boon/console-kit';
import { useNoticeStore } from '@boon/console-kit/shell';

/**
 * "Complete account setup" (spec 2.8, 4.4): opened by the playground guard when a customer in
 * playground mode tries a page that needs a verified account. The guard has already taken the
 * user back to the page before (or home).
 */
export function PlaygroundLimitModal() {
  const open = useNoticeStore((state) => state.playgroundLimitOpen);
  const close = useNoticeStore((state) => state.closePlaygroundLimit);
  return (
    <Dialog
      title="Complete account setup"
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      description="This part of the console opens once your account is verified."
      noLabel="Not now"
      onNo={close}
    >
      <div className="flex flex-col gap-3 text-sm text-ink-muted">
        <p>
          While we verify your company you can explore Home, create playground API keys and read the
          Help pages. Verification takes 2 to 4 business days.
        </p>
        <p>
          <a
            href={links.verificationForm}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Complete verification
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </Dialog>
  );
}
