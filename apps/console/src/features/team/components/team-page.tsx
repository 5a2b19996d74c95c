import type { AssignableRole, CustomerUser, Invite } from '@boon/contracts';
import { Button, Table, type TableColumn } from '@boon/ui';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApiClient } from '../../../api/api-client-context';
import { errorMessage } from '../../../api/error-message';
import { useDateFormat } from '../../../format/dates';
import { useUserMe } from '../../../session/api/get-user-me';
import { useAppStore } from '../../../state/app-store';
import {
  changeMemberRoles,
  removeMember,
  resendInvite,
  revokeInvite,
  teamQueryKeys,
  useInvites,
  useTeamMembers,
} from '../api/team-api';
import { roleLabels, roleList } from '../roles';
import { primaryLinkClasses } from './link-styles';
import { RolesMatrixDrawer } from './roles-matrix-drawer';
import {
  ChangeRoleDialog,
  memberName,
  RemoveMemberDialog,
  RevokeInviteDialog,
} from './team-dialogs';

type MemberRow = CustomerUser & { actions?: undefined };
type InviteRow = Invite & { actions?: undefined };

const NO_MEMBERS: MemberRow[] = [];
const NO_INVITES: InviteRow[] = [];
const memberKey = (row: MemberRow) => row.id;
const inviteKey = (row: InviteRow) => row.inviteId;

type Action =
  | { kind: 'change-role'; member: CustomerUser }
  | { kind: 'remove'; member: CustomerUser }
  | { kind: 'revoke'; invite: Invite }
  | null;

/** What the page last said about an action: a success (announced) or a failure (an alert). */
type Notice = { kind: 'success' | 'error'; text: string } | null;

const isOwner = (member: CustomerUser) => member.roles.includes('owner');

/**
 * Team (spec 2.5 /team): the customer's members and open invites. The actions mirror the
 * server's rules: inviting, resending and changing roles need write:team_members; removing and
 * revoking need delete:team_members; nobody is offered to change or remove the owner or
 * themselves.
 */
export function TeamPage() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const { formatDateTime } = useDateFormat();
  const customerId = useAppStore((state) => state.customerId);
  const canWrite = useAppStore((state) => state.userPermissions.includes('write:team_members'));
  const canDelete = useAppStore((state) => state.userPermissions.includes('delete:team_members'));
  const me = useUserMe();
  const myId = me.data?.id;
  const members = useTeamMembers(customerId);
  const invites = useInvites(customerId);
  const [action, setAction] = useState<Action>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitesHeading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes back to when the action's dialog closes, and where if that has gone. */
  const returnFocus = useRef<{ to: Element | null; fallback: HTMLElement | null } | null>(null);

  // The dialogs are opened by buttons in the tables rather than by Radix triggers, so Radix has
  // nothing to give focus back to: the page does it, to the button or, when its row has gone
  // (a member removed, an invite revoked), to the list's heading.
  const dialogOpen = action !== null;
  useEffect(() => {
    if (dialogOpen || !returnFocus.current) return;
    const { to, fallback } = returnFocus.current;
    returnFocus.current = null;
    if (to instanceof HTMLElement && to.isConnected) to.focus();
    else fallback?.focus();
  }, [dialogOpen]);

  const succeed = async (text: string) => {
    setAction(null);
    setActionError(null);
    setNotice({ kind: 'success', text });
    await queryClient.invalidateQueries({ queryKey: teamQueryKeys.customer(customerId) });
  };
  const requireCustomer = () => {
    // The route needs a selected customer; this only narrows the type for the calls below.
    if (customerId === null) throw new Error('No customer selected');
    return customerId;
  };

  const changeRole = useMutation({
    mutationFn: (input: { member: CustomerUser; role: AssignableRole }) =>
      changeMemberRoles(api, input.member.id, [input.role]),
    onSuccess: (_member, input) =>
      succeed(`${memberName(input.member)} is now ${roleLabels[input.role]}.`),
    onError: (error) => setActionError(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (member: CustomerUser) => removeMember(api, requireCustomer(), member.id),
    onSuccess: (_nothing, member) => succeed(`${memberName(member)} was removed from the team.`),
    onError: (error) => setActionError(errorMessage(error)),
  });
  const revoke = useMutation({
    mutationFn: (invite: Invite) => revokeInvite(api, requireCustomer(), invite.email),
    onSuccess: (_nothing, invite) => succeed(`The invite to ${invite.email} was revoked.`),
    onError: (error) => setActionError(errorMessage(error)),
  });
  /** One resend at a time; a ref, so a second key press before the next render is caught too. */
  const resendInFlight = useRef(false);
  const resend = useMutation({
    mutationFn: (invite: Invite) => resendInvite(api, requireCustomer(), invite.email),
    onMutate: () => setNotice(null),
    onSettled: () => {
      resendInFlight.current = false;
    },
    onSuccess: (_invite, invite) => succeed(`The invite to ${invite.email} was sent again.`),
    onError: (error, invite) =>
      setNotice({
        kind: 'error',
        text: `We couldn't resend the invite to ${invite.email}: ${errorMessage(error)}`,
      }),
  });

  const openAction = useCallback((next: Action) => {
    returnFocus.current = {
      to: document.activeElement,
      fallback: next?.kind === 'revoke' ? invitesHeading.current : membersHeading.current,
    };
    setActionError(null);
    setNotice(null);
    setAction(next);
  }, []);
  const resendMutate = resend.mutate;
  const resendOnce = useCallback(
    (invite: Invite) => {
      if (resendInFlight.current) return;
      resendInFlight.current = true;
      resendMutate(invite);
    },
    [resendMutate],
  );

  const memberColumns = useMemo<TableColumn<MemberRow>[]>(() => {
    const columns: TableColumn<MemberRow>[] = [
      {
        key: 'firstName',
        header: 'Name',
        cell: (row) => (
          <span>
            {memberName(row)}
            {row.id === myId ? <span className="text-ink-muted"> (you)</span> : null}
          </span>
        ),
      },
      {
        key: 'emailAddress',
        header: 'E-mail',
        cell: (row) => (
          <span className="flex flex-wrap items-center gap-2">
            {row.emailAddress}
            {row.emailVerified ? null : (
              <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-800">
                Unverified
              </span>
            )}
          </span>
        ),
      },
      { key: 'roles', header: 'Role', cell: (row) => roleList(row.roles) },
    ];
    if (canWrite || canDelete) {
      columns.push({
        key: 'actions',
        header: 'Actions',
        cell: (row) => {
          // Until the page knows who is signed in, it cannot tell "yourself" apart.
          if (myId === undefined || row.id === myId || isOwner(row)) return null;
          const name = memberName(row);
          return (
            <div className="flex flex-wrap gap-2">
              {canWrite ? (
                <Button
                  variant="secondary"
                  aria-label={`Change role of ${name}`}
                  onClick={() => openAction({ kind: 'change-role', member: row })}
                >
                  Change role
                </Button>
              ) : null}
              {canDelete ? (
                <Button
                  variant="secondary"
                  aria-label={`Remove ${name}`}
                  onClick={() => openAction({ kind: 'remove', member: row })}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          );
        },
      });
    }
    return columns;
  }, [canWrite, canDelete, myId, openAction]);

  const inviteColumns = useMemo<TableColumn<InviteRow>[]>(() => {
    const columns: TableColumn<InviteRow>[] = [
      { key: 'email', header: 'E-mail' },
      { key: 'roles', header: 'Role', cell: (row) => roleList(row.roles) },
      { key: 'lastSentAt', header: 'Sent', cell: (row) => formatDateTime(row.lastSentAt) },
      {
        key: 'expiresAt',
        header: 'Expires',
        cell: (row) =>
          row.expired ? (
            <span className="font-medium text-danger">Expired</span>
          ) : (
            formatDateTime(row.expiresAt)
          ),
      },
    ];
    if (canWrite || canDelete) {
      columns.push({
        key: 'actions',
        header: 'Actions',
        cell: (row) => (
          <div className="flex flex-wrap gap-2">
            {canWrite ? (
              <Button
                variant="secondary"
                aria-label={`Resend the invite to ${row.email}`}
                // Not disabled while sending: a disabled button would drop keyboard focus.
                onClick={() => resendOnce(row)}
              >
                Resend
              </Button>
            ) : null}
            {canDelete ? (
              <Button
                variant="secondary"
                aria-label={`Revoke the invite to ${row.email}`}
                onClick={() => openAction({ kind: 'revoke', invite: row })}
              >
                Revoke
              </Button>
            ) : null}
          </div>
        ),
      });
    }
    return columns;
  }, [canWrite, canDelete, formatDateTime, openAction, resendOnce]);

  return (
    <div className="flex w-full flex-col gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">Team</h1>
          <p className="text-sm text-ink-muted">
            Everyone who can use this account, and the invites still waiting for an answer.{' '}
            <RolesMatrixDrawer
              trigger={
                <button
                  type="button"
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  What can each role do?
                </button>
              }
            />
          </p>
        </div>
        {canWrite ? (
          <Link to="/team/invite" className={primaryLinkClasses}>
            Invite team member
          </Link>
        ) : null}
      </div>

      <p role="status" className={notice?.kind === 'success' ? 'text-sm text-success' : 'sr-only'}>
        {notice?.kind === 'success' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' ? (
        <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
          {notice.text}
        </p>
      ) : null}

      <section aria-labelledby="team-members-heading" className="flex flex-col gap-3">
        <h2
          id="team-members-heading"
          ref={membersHeading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink"
        >
          Members
        </h2>
        <Table<MemberRow>
          caption="Members"
          hideCaption
          columns={memberColumns}
          rows={members.data ?? NO_MEMBERS}
          rowKey={memberKey}
          loading={members.isPending}
          error={loadError(members, 'team members')}
          emptyText="No team members yet."
        />
      </section>

      <section aria-labelledby="team-invites-heading" className="flex flex-col gap-3">
        <h2
          id="team-invites-heading"
          ref={invitesHeading}
          tabIndex={-1}
          className="text-lg font-semibold text-ink"
        >
          Pending invites
        </h2>
        <Table<InviteRow>
          caption="Pending invites"
          hideCaption
          columns={inviteColumns}
          rows={invites.data ?? NO_INVITES}
          rowKey={inviteKey}
          loading={invites.isPending}
          error={loadError(invites, 'pending invites')}
          emptyText="No pending invites."
        />
      </section>

      {action?.kind === 'change-role' ? (
        <ChangeRoleDialog
          key={action.member.id}
          member={action.member}
          busy={changeRole.isPending}
          error={actionError}
          onChange={(role) => changeRole.mutate({ member: action.member, role })}
          onCancel={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'remove' ? (
        <RemoveMemberDialog
          key={action.member.id}
          member={action.member}
          busy={remove.isPending}
          error={actionError}
          onRemove={() => remove.mutate(action.member)}
          onCancel={() => setAction(null)}
        />
      ) : null}
      {action?.kind === 'revoke' ? (
        <RevokeInviteDialog
          key={action.invite.inviteId}
          invite={action.invite}
          busy={revoke.isPending}
          error={actionError}
          onRevoke={() => revoke.mutate(action.invite)}
          onCancel={() => setAction(null)}
        />
      ) : null}
    </div>
  );
}

/** A list's failure, with a way to try again; undefined while it has not failed. */
function loadError(query: UseQueryResult<unknown>, what: string): ReactNode {
  if (!query.isError) return undefined;
  return (
    <span className="flex flex-wrap items-center justify-center gap-3">
      <span>
        We couldn&apos;t load {what}: {errorMessage(query.error)}
      </span>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </span>
  );
}
