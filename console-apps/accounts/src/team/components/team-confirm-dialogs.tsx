import type { CustomerUser, Invite } from '@boon/contracts';
import { Dialog } from '@boon/ui';
import { memberName } from '../member-name';

// The confirmations of Team's actions: no form, so no zod; they load with the page. The role
// change, a form, loads on demand (change-role-dialog.tsx).

/** What went wrong with the action the dialog confirms, said in it. */
export function ActionError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="text-danger">
      {error}
    </p>
  ) : null;
}

/** Radix's open-change, as a close: the dialogs are open as long as they are rendered. */
export const closeWith = (onCancel: () => void) => (open: boolean) => {
  if (!open) onCancel();
};

export interface RemoveMemberDialogProps {
  member: CustomerUser;
  busy: boolean;
  error: string | null;
  onRemove: () => void;
  onCancel: () => void;
}

/** Remove: asks before the member loses access to the customer. */
export function RemoveMemberDialog({
  member,
  busy,
  error,
  onRemove,
  onCancel,
}: RemoveMemberDialogProps) {
  const name = memberName(member);
  return (
    <Dialog
      open
      onOpenChange={closeWith(onCancel)}
      title={`Remove ${name}?`}
      description={`${name} (${member.emailAddress}) will no longer have access to this account. You can invite them again later.`}
      yesLabel="Remove"
      onYes={onRemove}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <ActionError error={error} />
    </Dialog>
  );
}

export interface RevokeInviteDialogProps {
  invite: Invite;
  busy: boolean;
  error: string | null;
  onRevoke: () => void;
  onCancel: () => void;
}

/** Revoke: asks before the invite's link stops working. */
export function RevokeInviteDialog({
  invite,
  busy,
  error,
  onRevoke,
  onCancel,
}: RevokeInviteDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={closeWith(onCancel)}
      title={`Revoke the invite to ${invite.email}?`}
      description="The link in the invite will stop working. You can send a new invite later."
      yesLabel="Revoke"
      onYes={onRevoke}
      yesDisabled={busy}
      noLabel="Cancel"
      onNo={onCancel}
    >
      <ActionError error={error} />
    </Dialog>
  );
}
