import { primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { INVITE_VALIDITY_DAYS } from '@boon/contracts';
import { isValidEmail } from '@boon/domain';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';

const route = getRouteApi('/authenticated/team/invite-sent');

/**
 * Invite sent (spec 2.5 /team/invite-sent): which address the invite went to and how long it is
 * valid. The address comes from the query, so anything that is not an e-mail address is not
 * echoed back on the page.
 */
export function InviteSentPage() {
  const { email } = route.useSearch();
  const address = email !== undefined && isValidEmail(email) ? email.trim() : null;
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex items-center gap-3">
        <CircleCheck aria-hidden="true" focusable="false" className="h-7 w-7 text-success" />
        <h1 className="text-2xl font-semibold text-ink">Invite sent</h1>
      </div>
      {address ? (
        <div className="flex flex-col gap-2 text-ink">
          <p>
            We sent an invite to <strong className="font-semibold">{address}</strong>.
          </p>
          <p className="text-sm text-ink-muted">
            The invite is valid for {INVITE_VALIDITY_DAYS} days. Until it is accepted, you find it
            under Pending invites on the team page, where you can send it again or revoke it.
          </p>
        </div>
      ) : (
        <p className="text-ink">
          This page does not say which address the invite went to. Every invite still waiting for an
          answer is listed under Pending invites on the team page.
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/team/invite" className={primaryLinkClasses}>
          Invite another
        </Link>
        <Link to="/team" className={secondaryLinkClasses}>
          Back to team
        </Link>
      </div>
    </div>
  );
}
