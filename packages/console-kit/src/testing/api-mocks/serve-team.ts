import {
  customerManagementApi as cm,
  permissionsForRoles,
  type Customer,
  type CustomerUser,
  type Endpoint,
  type Invite,
  type Role,
  type UserMe,
} from '@boon/contracts';
import { customer } from '../customers';
import { testUser } from '../users';
import {
  apiError,
  fieldRefusal,
  type ApiErrorAnswer,
  type EndpointErrorCode,
} from './api-error-answer';
import { mockApi } from './api-mock-server';
import { serveLastCustomer } from './serve-last-customer';
import { mockEndpoint, type EndpointAnswer, type EndpointResolver } from './mock-endpoint';
import { recordedCall, type RecordedCall } from './recorded-call';

export const ACME = 'C-ACME0001';
export const acme: Customer = customer(ACME, 'Acme Rewards Ltd');

export function member(
  id: string,
  firstName: string,
  lastName: string,
  roles: Role[],
  emailVerified = true,
  blocked = false,
): CustomerUser {
  return {
    id,
    firstName,
    lastName,
    emailAddress: `${firstName.toLowerCase()}@acme.test`,
    roles,
    emailVerified,
    blocked,
  };
}

export const olivia = member('U-ACMEOWNER', 'Olivia', 'Owner', ['owner']);
export const adam = member('U-ACMEADMIN', 'Adam', 'Admin', ['admin']);
export const fiona = member('U-ACMEFINAN', 'Fiona', 'Finance', ['finance_manager']);
export const vera = member('U-ACMEVIEW1', 'Vera', 'Viewer', ['viewer']);
export const uma = member('U-ACMEUNVER', 'Uma', 'Unverified', ['viewer'], false);
export const acmeTeam = [olivia, adam, fiona, vera, uma];

export function invite(email: string, roles: Role[], expired = false): Invite {
  return {
    inviteId: `I-${email}`,
    customerId: ACME,
    email,
    roles,
    invitedBy: 'owner@acme.test',
    createdAt: '2026-03-01T09:00:00Z',
    lastSentAt: '2026-03-02T09:30:00Z',
    expiresAt: expired ? '2026-02-20T09:30:00Z' : '2026-03-09T09:30:00Z',
    expired,
  };
}

/** /user/me of a member, with the permissions the roles matrix gives their roles. */
export function meOf(who: CustomerUser): UserMe {
  return testUser({
    id: who.id,
    firstName: who.firstName,
    lastName: who.lastName,
    emailAddress: who.emailAddress,
    roles: who.roles,
    permissions: permissionsForRoles(who.roles),
  });
}

export type TeamCall = RecordedCall;

type Lists = 'members' | 'invites';
/** The calls a test can hold back: the two lists, the new invite and the resend. */
type Holdable = Lists | 'invite' | 'resend';

type TeamEndpoint =
  | typeof cm.listMyCustomers
  | typeof cm.getUserMe
  | typeof cm.listCustomerUsers
  | typeof cm.lookUpInvites
  | typeof cm.createInvite
  | typeof cm.resendInvite
  | typeof cm.revokeInvite
  | typeof cm.changeMemberRoles
  | typeof cm.removeMember;

/** A code some team call may answer; the served fake refuses one its call does not declare. */
export type TeamErrorCode = EndpointErrorCode<TeamEndpoint>;

export interface ServeTeamOptions {
  me?: UserMe;
  members?: CustomerUser[];
  invites?: Invite[];
  /** Lists answered with a 503. */
  failing?: Lists[];
  /** Calls whose first answer waits until `release` is called. */
  held?: Holdable[];
  /** Answers a call instead of the fake service (e.g. a refusal); undefined lets it through. */
  answer?: (call: TeamCall) => ApiErrorAnswer<TeamErrorCode> | undefined;
}

/**
 * Answers the customer management service as the server does for the team screens: the session
 * calls (customer list, /user/me) and a stateful team (members and invites of Acme) with the
 * server's refusals: 409 "User already invited" / "User already exists", 422 for the owner and
 * for oneself. Records every call.
 */
export function serveTeam(options: ServeTeamOptions = {}) {
  const me = options.me ?? meOf(olivia);
  const state = {
    members: (options.members ?? acmeTeam).map((m) => ({ ...m })),
    invites: (options.invites ?? []).map((i) => ({ ...i })),
  };
  const calls: TeamCall[] = [];
  const releases: Array<() => void> = [];
  const held = new Set(options.held ?? []);

  const holdFor = (call: Holdable, signal: AbortSignal) => {
    if (!held.has(call)) return Promise.resolve();
    held.delete(call);
    // An abandoned call (the screen went away) stops waiting; its answer goes nowhere.
    return new Promise<void>((resolve) => {
      releases.push(resolve);
      signal.addEventListener('abort', () => resolve());
    });
  };

  /** Records the call and lets the test's `answer` refuse it before the fake service sees it. */
  const serve = <E extends Endpoint>(endpoint: E, resolver: NoInfer<EndpointResolver<E>>) =>
    mockEndpoint(endpoint, (request) => {
      const call = recordedCall(endpoint, request);
      calls.push(call);
      // Checked against this endpoint's own codes when answered (see mockEndpoint).
      const override = options.answer?.(call) as EndpointAnswer<E> | undefined;
      return override ?? resolver(request);
    });

  const targetInvite = (email: string) => state.invites.find((i) => i.email === email);

  serveLastCustomer();
  mockApi(
    serve(cm.listMyCustomers, () => [acme]),
    serve(cm.getUserMe, () => me),
    serve(cm.listCustomerUsers, async ({ signal }) => {
      await holdFor('members', signal);
      if (options.failing?.includes('members')) return apiError('service_unavailable');
      return state.members;
    }),
    serve(cm.lookUpInvites, async ({ signal }) => {
      await holdFor('invites', signal);
      if (options.failing?.includes('invites')) return apiError('service_unavailable');
      return state.invites;
    }),
    serve(cm.createInvite, async ({ body, signal }) => {
      await holdFor('invite', signal);
      const lower = body.email.toLowerCase();
      const existing = state.members.find((m) => m.emailAddress.toLowerCase() === lower);
      if (existing) {
        // As the service answers: the spec's text for the code, and a sentence at the address.
        const name = `${existing.firstName} ${existing.lastName}`.trim() || existing.emailAddress;
        return apiError('user_already_exists', [
          {
            path: 'email',
            message: `${name} is already a member of ${acme.customerName}. Change their role on Team instead.`,
          },
        ]);
      }
      if (state.invites.some((i) => i.email.toLowerCase() === lower)) {
        return apiError('user_already_invited');
      }
      const created = { ...invite(body.email, body.roles), createdAt: '2026-03-05T10:00:00Z' };
      state.invites.push(created);
      return created;
    }),
    serve(cm.resendInvite, async ({ query, signal }) => {
      await holdFor('resend', signal);
      const target = targetInvite(query.email);
      if (!target) return apiError('invite_not_found');
      target.lastSentAt = '2026-03-06T08:00:00Z';
      target.expired = false;
      return target;
    }),
    serve(cm.revokeInvite, ({ query }) => {
      const target = targetInvite(query.email);
      if (!target) return apiError('invite_not_found');
      state.invites = state.invites.filter((i) => i !== target);
      return undefined;
    }),
    serve(cm.changeMemberRoles, ({ params, body }) => {
      const who = state.members.find((m) => m.id === params.userId);
      if (!who) return apiError('not_found');
      if (who.roles.includes('owner')) {
        return fieldRefusal('roles', "The owner's role cannot be changed");
      }
      if (who.id === me.id) return fieldRefusal('roles', 'You cannot change your own role');
      who.roles = body.roles;
      return who;
    }),
    serve(cm.removeMember, ({ params }) => {
      const who = state.members.find((m) => m.id === params.userId);
      if (!who) return apiError('not_found');
      if (who.roles.includes('owner')) return fieldRefusal('userId', 'The owner cannot be removed');
      if (who.id === me.id) return fieldRefusal('userId', 'You cannot remove yourself');
      state.members = state.members.filter((m) => m !== who);
      return undefined;
    }),
  );

  return {
    calls,
    state,
    /** The calls other than the session's own (customer list, /user/me). */
    teamCalls: () => calls.filter((c) => c.path !== '/customer' && c.path !== '/user/me'),
    /** Lets the held calls answer. */
    release: () => releases.splice(0).forEach((resolve) => resolve()),
  };
}
