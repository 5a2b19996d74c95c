import type { AssignableRole, CustomerUser, Invite } from '@boon/contracts';
import {
  Badge,
  Button,
  DataTable,
  useRowActionFocus,
  type DataTableColumn,
  type RowAction,
  primaryLinkClasses,
} from '@boon/ui';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  errorMessage,
  optionalSort,
  sortParam,
  useApiClient,
  useDateFormat,
  useHasPermission,
  useListSearch,
  useSelectedCustomerId,
  useUserMe,
} from '@boon/console-kit';
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
import { inviteSortColumns, memberSortColumns, parseTeamSearch } from '../team-search';
import { memberName } from '../member-name';
import { RolesMatrixDrawer } from './roles-matrix-drawer';
import { RemoveMemberDialog, RevokeInviteDialog } from './team-confirm-dialogs';

/**
 * The role change loads when someone is about to act: it is a form (react-hook-form and zod, about
 * 43 KB gzip), which the lists never need. Asked for as the pointer or the focus enters the page,
 * so the code is there by the time the dialog opens. If its code cannot load, the error goes to
 * the page's error screen, which handles a chunk that failed to load as every screen does (a
 * refresh to the latest version).
 */
const loadChangeRole = () => import('./change-role-dialog');
const ChangeRoleDialog = lazy(() =>
  loadChangeRole().then((module) => ({ default: module.ChangeRoleDialog })),
);
let changeRoleAsked = false;
function prepareChangeRole() {
  if (changeRoleAsked) return;
  changeRoleAsked = true;
  // A failure here is not shown: opening the dialog loads it again, and says so if it fails.
  loadChangeRole().catch(() => {
    changeRoleAsked = false;
  });
}

const NO_MEMBERS: CustomerUser[] = [];
const NO_INVITES: Invite[] = [];
const memberKey = (row: CustomerUser) => row.id;
const inviteKey = (row: Invite) => row.inviteId;
const inviteLabel = (row: Invite) => row.email;

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
  const customerId = useSelectedCustomerId();
  const canWrite = useHasPermission('write:team_members');
  const canDelete = useHasPermission('delete:team_members');
  const me = useUserMe();
  const myId = me.data?.id;
  const members = useTeamMembers(customerId);
  const invites = useInvites(customerId);
  // Each list's sort is in the address; the lists are sorted here, so their queries don't change.
  const [search, writeSearch] = useListSearch(parseTeamSearch);
  const memberSort = optionalSort(search.memberSort, memberSortColumns) ?? null;
  const inviteSort = optionalSort(search.inviteSort, inviteSortColumns) ?? null;
  const [action, setAction] = useState<Action>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitesHeading = useRef<HTMLHeadingElement>(null);
  /** The list the last action was about, whose next reading moves focus on. */
  const [actedOn, setActedOn] = useState<'members' | 'invites'>('members');

  // The dialogs are opened by buttons in the tables rather than by Radix triggers, so Radix has
  // nothing to give focus back to: the page does it. Cancelled, to the button; confirmed, once
  // the list has been read again, to the same button if its row kept it (a changed role), else
  // to the next row's action (a member removed, an invite revoked), else to the list's heading.
  const rowFocus = useRowActionFocus({
    dialogOpen: action !== null,
    listVersion: actedOn === 'invites' ? invites.dataUpdatedAt : members.dataUpdatedAt,
  });

  const succeed = async (text: string) => {
    rowFocus.changed();
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

  const { opened } = rowFocus;
  const openAction = useCallback(
    (next: NonNullable<Action>) => {
      const [list, key, heading] =
        next.kind === 'revoke'
          ? (['invites', next.invite.inviteId, invitesHeading.current] as const)
          : (['members', next.member.id, membersHeading.current] as const);
      // The rows that follow are read from the page: the table sorts them as the address says.
      opened({ rowKey: key, fallback: heading, within: heading?.closest('section') });
      setActedOn(list);
      setActionError(null);
      setNotice(null);
      setAction(next);
    },
    [opened],
  );
  const resendMutate = resend.mutate;
  const resendOnce = useCallback(
    (invite: Invite) => {
      if (resendInFlight.current) return;
      resendInFlight.current = true;
      resendMutate(invite);
    },
    [resendMutate],
  );

  const memberColumns = useMemo<DataTableColumn<CustomerUser>[]>(
    () => [
      {
        key: 'firstName',
        header: 'Name',
        sortable: true,
        cell: (row) => (
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              {memberName(row)}
              {row.id === myId ? <span className="text-ink-muted"> (you)</span> : null}
            </span>
            {/* A blocked member can't sign in until unblocked. */}
            {row.blocked ? (
              <>
                {' '}
                <Badge tone="danger">Blocked</Badge>
              </>
            ) : null}
          </span>
        ),
      },
      {
        key: 'emailAddress',
        header: 'E-mail',
        sortable: true,
        cell: (row) => (
          <span className="flex flex-wrap items-center gap-2">
            {row.emailAddress}
            {row.emailVerified ? null : <Badge tone="brand">Unverified</Badge>}
          </span>
        ),
      },
      { key: 'roles', header: 'Role', cell: (row) => roleList(row.roles) },
    ],
    [myId],
  );
  const memberActions = useCallback(
    (row: CustomerUser): RowAction[] => {
      // Until the page knows who is signed in, it cannot tell "yourself" apart.
      if (myId === undefined || row.id === myId || isOwner(row)) return [];
      const name = memberName(row);
      const actions: RowAction[] = [];
      if (canWrite) {
        actions.push({
          label: 'Change role',
          accessibleLabel: `Change role of ${name}`,
          onSelect: () => openAction({ kind: 'change-role', member: row }),
        });
      }
      if (canDelete) {
        actions.push({
          label: 'Remove',
          accessibleLabel: `Remove ${name}`,
          tone: 'danger',
          onSelect: () => openAction({ kind: 'remove', member: row }),
        });
      }
      return actions;
    },
    [canWrite, canDelete, myId, openAction],
  );

  const inviteColumns = useMemo<DataTableColumn<Invite>[]>(
    () => [
      { key: 'email', header: 'E-mail', sortable: true },
      { key: 'roles', header: 'Role', cell: (row) => roleList(row.roles) },
      {
        key: 'lastSentAt',
        header: 'Sent',
        sortable: true,
        cell: (row) => formatDateTime(row.lastSentAt),
      },
      {
        key: 'expiresAt',
        header: 'Expires',
        sortable: true,
        cell: (row) =>
          row.expired ? (
            <span className="font-medium text-danger">Expired</span>
          ) : (
            formatDateTime(row.expiresAt)
          ),
      },
    ],
    [formatDateTime],
  );
  const inviteActions = useCallback(
    (row: Invite): RowAction[] => {
      const actions: RowAction[] = [];
      if (canWrite) {
        actions.push({
          label: 'Resend',
          accessibleLabel: `Resend the invite to ${row.email}`,
          // Not disabled while sending: a disabled button would drop keyboard focus.
          onSelect: () => resendOnce(row),
        });
      }
      if (canDelete) {
        actions.push({
          label: 'Revoke',
          accessibleLabel: `Revoke the invite to ${row.email}`,
          tone: 'danger',
          onSelect: () => openAction({ kind: 'revoke', invite: row }),
        });
      }
      return actions;
    },
    [canWrite, canDelete, openAction, resendOnce],
  );

  return (
    <div
      className="flex w-full flex-col gap-8"
      onPointerOver={canWrite ? prepareChangeRole : undefined}
      onFocus={canWrite ? prepareChangeRole : undefined}
    >
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
        <DataTable<CustomerUser>
          caption="Members"
          hideCaption
          columns={memberColumns}
          rows={members.data ?? NO_MEMBERS}
          rowKey={memberKey}
          rowLabel={memberName}
          rowActions={canWrite || canDelete ? memberActions : undefined}
          sort={memberSort}
          onSortChange={(sort) => writeSearch({ ...search, memberSort: sortParam(sort) })}
          loading={members.isPending}
          error={loadError(members, 'team members')}
          emptyText="No team members yet."
        />
      </section>

      {/* The invites come in below the members once the members list has its real length: its
          placeholder rows cannot know how many members there are, and a section already on
          screen below them would be pushed down when they arrive (a layout shift). */}
      {members.isPending ? null : (
        <section aria-labelledby="team-invites-heading" className="flex flex-col gap-3">
          <h2
            id="team-invites-heading"
            ref={invitesHeading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink"
          >
            Pending invites
          </h2>
          <DataTable<Invite>
            caption="Pending invites"
            hideCaption
            columns={inviteColumns}
            rows={invites.data ?? NO_INVITES}
            rowKey={inviteKey}
            rowLabel={inviteLabel}
            rowActions={canWrite || canDelete ? inviteActions : undefined}
            sort={inviteSort}
            onSortChange={(sort) => writeSearch({ ...search, inviteSort: sortParam(sort) })}
            loading={invites.isPending}
            error={loadError(invites, 'pending invites')}
            emptyText="No pending invites."
          />
        </section>
      )}

      <Suspense fallback={null}>
        {action?.kind === 'change-role' ? (
          <ChangeRoleDialog
            key={action.member.id}
            member={action.member}
            busy={changeRole.isPending}
            onChange={(role) => changeRole.mutateAsync({ member: action.member, role })}
            onCancel={() => setAction(null)}
          />
        ) : null}
      </Suspense>
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
