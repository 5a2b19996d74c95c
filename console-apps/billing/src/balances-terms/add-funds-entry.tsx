import {
  applyUpdatedUser,
  errorMessage,
  getConsoleConfig,
  links,
  updateUserOptions,
  useApiClient,
  useBalancesTermsAccepted,
} from '@boon/console-kit';
import { Button, Dialog, primaryLinkClasses } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

/**
 * The way into Add funds (spec 6: its pages need the balances terms accepted). A person who has
 * accepted them goes straight there; anyone else first reads the terms and accepts them, which
 * is saved as their useBalancesTncAccepted option (the server checks the same before any top-up).
 */
export function AddFundsEntry() {
  const accepted = useBalancesTermsAccepted();
  const [open, setOpen] = useState(false);
  if (accepted) {
    return (
      <Link to="/billing/add-funds" className={primaryLinkClasses}>
        Add funds
      </Link>
    );
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add funds</Button>
      {open ? <BalancesTermsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BalancesTermsDialog({ onClose }: { onClose: () => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const product = getConsoleConfig().productName;
  const accept = useMutation({
    mutationFn: () => updateUserOptions(api, { useBalancesTncAccepted: true }),
    onSuccess: async (user) => {
      applyUpdatedUser(queryClient, user);
      await navigate({ to: '/billing/add-funds' });
    },
  });
  return (
    <Dialog
      open
      title="Accept the balances terms"
      description={`Before you add funds, read how ${product} balances work.`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      yesLabel={accept.isPending ? 'Saving…' : 'Accept and continue'}
      yesDisabled={accept.isPending}
      onYes={() => accept.mutate()}
      noLabel="Not now"
      onNo={onClose}
    >
      <ul className="flex list-disc flex-col gap-2 pl-5">
        <li>
          Money you add is held for your company and used only to pay for the rewards and fees you
          order.
        </li>
        <li>A balance earns no interest and is not a bank deposit.</li>
        <li>
          A card payment is added as soon as it is confirmed, a bank transfer when it reaches us.
          Card fees, where they apply, are always shown before you pay.
        </li>
        <li>
          Money you have not spent is returned to your company&apos;s bank account when you ask,
          less any fees owed.
        </li>
      </ul>
      <p className="mt-3">
        <a href={links.termsOfService} target="_blank" rel="noreferrer" className="underline">
          Read the full balances terms (opens in a new tab)
        </a>
      </p>
      {accept.isError ? (
        <p role="alert" className="mt-3 text-danger">
          We couldn&apos;t save your answer: {errorMessage(accept.error)} Try again.
        </p>
      ) : null}
    </Dialog>
  );
}
