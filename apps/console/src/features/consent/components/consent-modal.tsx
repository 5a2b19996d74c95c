import { Dialog } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import {
  useApiClient,
  getConsoleConfig,
  contactEmails,
  links,
  mailto,
  useFeatureToggle,
} from '@boon/console-kit';
import { reportError } from '../../../monitoring/monitoring';
import { useAppStore } from '@boon/console-kit/shell';
import { applyUpdatedUser, updateUserOptions } from '../api/update-user-options';

export const CONSENT_MODAL_TITLE = 'Your Privacy Matters to Us';

/**
 * The consent modal (spec 2.8, 4.3): asks a signed-in user who has not answered yet whether their
 * data may be processed for analytics. Only Decline or Accept close it. The answer is saved with
 * PATCH /user/me/options; if that fails the error is reported, the modal closes and the user is
 * told to try again (spec 8). Mount it once in the signed-in layout, below the ApiClientProvider.
 */
export function ConsentModal() {
  const consentBannerEnabled = useFeatureToggle('enableConsentBanner');
  const userPropertiesPopulated = useAppStore((state) => state.userPropertiesPopulated);
  const dataProcessingTncAccepted = useAppStore((state) => state.dataProcessingTncAccepted);
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const [closedAfterFailure, setClosedAfterFailure] = useState(false);

  const save = useMutation({
    mutationFn: (accepted: boolean) =>
      updateUserOptions(api, { dataProcessingTncAccepted: accepted }),
    onSuccess: (user) => applyUpdatedUser(queryClient, user),
    onError: (error) => {
      reportError(error, { call: 'PATCH /user/me/options', feature: 'consent' });
      setFailed(true);
      setClosedAfterFailure(true);
    },
  });

  const open =
    consentBannerEnabled &&
    userPropertiesPopulated &&
    dataProcessingTncAccepted === null &&
    !closedAfterFailure;

  const answer = (accepted: boolean) => {
    if (save.isPending) return;
    save.mutate(accepted);
  };

  return (
    <>
      <Dialog
        title={CONSENT_MODAL_TITLE}
        open={open}
        onOpenChange={() => {}}
        dismissible={false}
        yesLabel="Accept"
        onYes={() => answer(true)}
        yesDisabled={save.isPending}
        noLabel="Decline"
        onNo={() => answer(false)}
      >
        <PrivacyText productName={getConsoleConfig().productName} />
        {save.isPending ? (
          <p role="status" className="mt-3 text-ink-muted">
            Saving your choice…
          </p>
        ) : null}
      </Dialog>
      <div
        role="alert"
        className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4 empty:hidden"
      >
        {failed ? <ConsentFailure onDismiss={() => setFailed(false)} /> : null}
      </div>
    </>
  );
}

function PrivacyText({ productName }: { productName: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p>
        With your permission, {productName} records how you use the console: the pages you open and
        the features you use, together with your name, email address and the companies you work for.
      </p>
      <p>
        We use this to find what is hard to use, fix problems faster and support you when you
        contact us. It is never sold, and it is shared only with the service providers that help us
        run {productName}.
      </p>
      <p>
        Declining does not limit anything you can do here. Read how we handle your data in our{' '}
        <a
          href={links.privacyPolicy}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Privacy Policy
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </div>
  );
}

/** Spec 8's consent-failure message, with the support address as a mail link. */
function ConsentFailure({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="pointer-events-auto flex max-w-2xl items-start gap-4 rounded-md border border-danger bg-danger-surface px-4 py-3 text-sm font-medium text-danger shadow-lg">
      <p>
        There was a problem in processing the terms and conditions. Please try again or contact{' '}
        <a href={mailto(contactEmails.support)} className="underline underline-offset-2">
          {contactEmails.support}
        </a>{' '}
        if the problem persists.
      </p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="rounded p-1 hover:bg-white"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
