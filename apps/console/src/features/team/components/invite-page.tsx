import {
  emailAddressSchema,
  type AssignableRole,
  type Invite,
  type InviteCreate,
  type Role,
} from '@boon/contracts';
import { Button, RadioGroup, TextField, type SelectOption } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-error';
import { useApiClient } from '../../../api/api-client-context';
import { errorMessage } from '../../../api/error-message';
import { useUserMe } from '../../../session/api/get-user-me';
import { useAppStore } from '../../../state/app-store';
import { createInvite, teamQueryKeys } from '../api/team-api';
import { assignableRoles, roleDescriptions, roleLabels } from '../roles';
import { secondaryLinkClasses } from './link-styles';

const roleOptions: SelectOption<AssignableRole>[] = assignableRoles.map((role) => ({
  id: role,
  value: role,
  label: `${roleLabels[role]}: ${roleDescriptions[role]}`,
}));

/** Spec 6: Admin is the default role of users invited by an owner; anyone else starts at Viewer. */
export function defaultInviteRole(inviterRoles: readonly Role[] | undefined): AssignableRole {
  return inviterRoles?.includes('owner') ? 'admin' : 'viewer';
}

/**
 * The client-side check of the address: the contract's own rule (spec 5's format, at most 254
 * characters), with the one message the form uses for any address it cannot take.
 */
export const INVALID_EMAIL_MESSAGE = 'Enter a valid e-mail address';
function emailError(email: string): string | undefined {
  if (email.trim() === '') return undefined; // the field's own "This field is required."
  return emailAddressSchema.safeParse(email).success ? undefined : INVALID_EMAIL_MESSAGE;
}

interface ServerErrors {
  email?: string;
  roles?: string;
  /** A refusal that belongs to no single field. */
  form?: string;
}

/** Where the server's refusal belongs on the form. */
function serverErrors(error: unknown): ServerErrors {
  if (!isApiError(error)) return { form: `We couldn't send the invite: ${errorMessage(error)}` };
  // 409 "User already invited" / "User already exists": about the address.
  if (error.status === 409) return { email: error.message };
  if (error.status === 422 && error.fieldErrors.length > 0) {
    const errors: ServerErrors = {};
    const rest: string[] = [];
    for (const fieldError of error.fieldErrors) {
      if (fieldError.path === 'email') errors.email ??= fieldError.message;
      else if (fieldError.path === 'roles' || fieldError.path.startsWith('roles.')) {
        errors.roles ??= fieldError.message;
      } else rest.push(fieldError.message);
    }
    if (rest.length > 0) errors.form = rest.join(' ');
    return errors;
  }
  return { form: `We couldn't send the invite: ${error.message}` };
}

/**
 * Invite team member (spec 2.5 /team/invite): an address and a role. A sent invite leads to
 * /team/invite-sent; the server's refusals (already invited, already a user, invalid fields)
 * show on the form.
 */
export function InvitePage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useAppStore((state) => state.customerId);
  const me = useUserMe();
  const [email, setEmail] = useState('');
  const [chosenRole, setChosenRole] = useState<AssignableRole | null>(null);
  const role = chosenRole ?? defaultInviteRole(me.data?.roles);
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<ServerErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);

  /** One invite at a time; a ref, so a second Enter before the next render is caught too. */
  const sending = useRef(false);
  const send = useMutation({
    mutationFn: (invite: InviteCreate) => createInvite(api, invite),
    onSuccess: async (invite: Invite) => {
      await queryClient.invalidateQueries({ queryKey: teamQueryKeys.customer(customerId) });
      await navigate({ to: '/team/invite-sent', search: { email: invite.email } });
    },
    onSettled: () => {
      sending.current = false;
    },
    onError: (error) => {
      const errors = serverErrors(error);
      setRefused(errors);
      if (errors.email) emailRef.current?.focus();
    },
  });

  const clientEmailError = emailError(email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setRefused({});
    if (email.trim() === '' || clientEmailError) {
      emailRef.current?.focus();
      return;
    }
    if (sending.current) return;
    sending.current = true;
    send.mutate({ email: email.trim(), roles: [role] });
  };

  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Invite team member</h1>
        <p className="text-sm text-ink-muted">
          We e-mail them a link to join this account. The link is valid for 7 days.
        </p>
      </div>
      <form noValidate className="flex flex-col gap-6" onSubmit={submit}>
        <TextField
          ref={emailRef}
          label="E-mail address"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(value) => {
            setEmail(value);
            if (refused.email) setRefused({ ...refused, email: undefined });
          }}
          touched={submitted || undefined}
          error={clientEmailError ?? refused.email}
        />
        <RadioGroup<AssignableRole>
          label="Role"
          options={roleOptions}
          value={role}
          onChange={(value) => {
            setChosenRole(value);
            if (refused.roles) setRefused({ ...refused, roles: undefined });
          }}
          required
          touched={submitted || undefined}
          error={refused.roles}
        />
        <p role="status" className="text-sm text-ink-muted empty:hidden">
          {send.isPending ? 'Sending the invite…' : ''}
        </p>
        {refused.form ? (
          <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
            {refused.form}
          </p>
        ) : null}
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
