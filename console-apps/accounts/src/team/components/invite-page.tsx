import {
  assignableRoleSchema,
  inviteCreateSchema,
  type AssignableRole,
  type Invite,
  type InviteCreate,
  type Role,
} from '@boon/contracts';
import {
  FormAlert,
  FormField,
  showServerErrors,
  useContractForm,
  useIdempotencyKey,
} from '@boon/console-kit/forms';
import { Button, RadioGroup, TextField, type SelectOption, secondaryLinkClasses } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useApiClient, useSelectedCustomerId, useUserMe } from '@boon/console-kit';
import { createInvite, teamQueryKeys } from '../api/team-api';
import { assignableRoles, roleDescriptions, roleLabels } from '../roles';

const roleOptions: SelectOption<AssignableRole>[] = assignableRoles.map((role) => ({
  id: role,
  value: role,
  label: `${roleLabels[role]}: ${roleDescriptions[role]}`,
}));

/** Spec 6: Admin is the default role of users invited by an owner; anyone else starts at Viewer. */
export function defaultInviteRole(inviterRoles: readonly Role[] | undefined): AssignableRole {
  return inviterRoles?.includes('owner') ? 'admin' : 'viewer';
}

/** The invite as this form asks it: one role, which the contract sends as a list of one. */
const inviteFormSchema = inviteCreateSchema.pick({ email: true }).extend({
  role: assignableRoleSchema,
});

/**
 * Invite team member (spec 2.5 /team/invite): an address and a role. A sent invite leads to
 * /team/invite-sent; the server's refusals (already invited, already a user, invalid fields)
 * show on the form.
 */
export function InvitePage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const me = useUserMe();
  const inviterDefault = defaultInviteRole(me.data?.roles);
  const form = useContractForm(inviteFormSchema, {
    defaultValues: { email: '', role: inviterDefault },
  });
  const attemptKey = useIdempotencyKey();
  // The default role follows the inviter's own roles, should they arrive after the form.
  useEffect(() => {
    if (!form.getFieldState('role').isDirty)
      form.resetField('role', { defaultValue: inviterDefault });
  }, [form, inviterDefault]);

  /** One invite at a time; a ref, so a second Enter before the next render is caught too. */
  const sending = useRef(false);
  const send = useMutation({
    mutationFn: (invite: InviteCreate) => createInvite(api, invite, attemptKey.for(invite)),
    onSuccess: async (invite: Invite) => {
      attemptKey.renew();
      await queryClient.invalidateQueries({ queryKey: teamQueryKeys.customer(customerId) });
      await navigate({ to: '/team/invite-sent', search: { email: invite.email } });
    },
    onSettled: () => {
      sending.current = false;
    },
    onError: (error) => {
      showServerErrors(form, error, {
        failure: "We couldn't send the invite",
        paths: { roles: 'role' },
        // "User already invited" / "User already exists": about the address.
        codes: { user_already_invited: 'email', user_already_exists: 'email' },
      });
    },
  });

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Invite team member</h1>
        <p className="text-sm text-ink-muted">
          We e-mail them a link to join this account. The link is valid for 7 days.
        </p>
      </div>
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) =>
          form.submit(({ email, role }) => {
            if (sending.current) return;
            sending.current = true;
            send.mutate({ email, roles: [role] });
          })(event)
        }
      >
        <FormField
          form={form}
          name="email"
          as={TextField}
          label="E-mail address"
          type="email"
          autoComplete="off"
          hideCounter
        />
        <FormField form={form} name="role" as={RadioGroup} label="Role" options={roleOptions} />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {send.isPending ? 'Sending the invite…' : ''}
        </p>
        <FormAlert form={form} />
        <div className="flex flex-wrap gap-3">
          {/* Not disabled while sending: a disabled button would drop keyboard focus. */}
          <Button type="submit">Send invite</Button>
          <Link to="/team" className={secondaryLinkClasses}>
            Cancel
          </Link>
        </div>
      </form>
    </div>
  );
}
