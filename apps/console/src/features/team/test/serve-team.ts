import {
  permissionsForRoles,
  type Customer,
  type CustomerUser,
  type Invite,
  type Role,
  type UserMe,
} from '@boon/contracts';
import { vi } from 'vitest';
import { customer } from '../../../test/customers';
import { testUser } from '../../../test/users';

const BASE = '/api/customer-management';
export const ACME = 'C-ACME0001';
export const acme: Customer = customer(ACME, 'Acme Rewards Ltd');

export function member(
  id: string,
  firstName: string,
  lastName: string,
  roles: Role[],
  emailVerified = true,
): CustomerUser {
  return {
    id,
    firstName,
    lastName,
    emailAddress: `${firstName.toLowerCase()}@acme.test`,
    roles,
    emailVerified,
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

export interface TeamCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Lists = 'members' | 'invites';
/** The calls a test can hold back: the two lists, the new invite and the resend. */
type Holdable = Lists | 'invite' | 'resend';

export interface ServeTeamOptions {
  me?: UserMe;
  members?: CustomerUser[];
  invites?: Invite[];
  /** Lists answered with a 503. */
  failing?: Lists[];
  /** Calls whose first answer waits until `release` is called. */
  held?: Holdable[];
  /** Answers a call instead of the fake service (e.g. a refusal); undefined lets it through. */
  answer?: (call: TeamCall) => Response | undefined;
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string, fieldErrors?: unknown) {
  return json({ status, code, message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
}

/**
 * Answers the customer management service as the server does for the team screens: the session
 * calls (customer list, /user/me) and a stateful team (members and invites of Acme) with the
 * server's refusals: 409 "User already invited" / "User already exists", 422 for the owner and
 * for oneself. Stubs the global fetch and records every call.
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

  const holdFor = (list: Holdable, signal: AbortSignal | null | undefined) => {
    if (!held.has(list)) return Promise.resolve();
    held.delete(list);
    return new Promise<void>((resolve, reject) => {
      releases.push(resolve);
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  };

  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const at = url.pathname.indexOf(BASE);
    const path = at === -1 ? url.pathname : url.pathname.slice(at + BASE.length);
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const call: TeamCall = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    calls.push(call);
    const override = options.answer?.(call);
    if (override) return override;

    if (path === '/customer' && method === 'GET') return json([acme]);
    if (path === '/user/me' && method === 'GET') return json(me);

    if (path === `/customer/${ACME}/users` && method === 'GET') {
      await holdFor('members', init?.signal);
      if (options.failing?.includes('members')) {
        return apiError(503, 'service_unavailable', 'Service Unavailable');
      }
      return json(state.members);
    }
    if (path === '/user/invite' && method === 'GET') {
      await holdFor('invites', init?.signal);
      if (options.failing?.includes('invites')) {
        return apiError(503, 'service_unavailable', 'Service Unavailable');
      }
      return json(state.invites);
    }
    if (path === '/user/invite' && method === 'POST') {
      await holdFor('invite', init?.signal);
      const { email, roles } = body as { email: string; roles: Role[] };
      const lower = email.toLowerCase();
      if (state.members.some((m) => m.emailAddress.toLowerCase() === lower)) {
        return apiError(409, 'user_already_exists', 'User already exists');
      }
      if (state.invites.some((i) => i.email.toLowerCase() === lower)) {
        return apiError(409, 'user_already_invited', 'User already invited');
      }
      const created = { ...invite(email, roles), createdAt: '2026-03-05T10:00:00Z' };
      state.invites.push(created);
      return json(created, 201);
    }
    const email = url.searchParams.get('email');
    const target = state.invites.find((i) => i.email === email);
    if (path === '/user/invite/resend' && method === 'POST') {
      await holdFor('resend', init?.signal);
      if (!target) return apiError(404, 'invite_not_found', 'Invite not found');
      target.lastSentAt = '2026-03-06T08:00:00Z';
      target.expired = false;
      return json(target);
    }
    if (path === '/user/invite' && method === 'DELETE') {
      if (!target) return apiError(404, 'invite_not_found', 'Invite not found');
      state.invites = state.invites.filter((i) => i !== target);
      return new Response(null, { status: 204 });
    }

    const rolesPath = /^\/user\/([^/]+)\/roles$/.exec(path);
    if (rolesPath && method === 'PUT') {
      const who = state.members.find((m) => m.id === rolesPath[1]);
      if (!who) return apiError(404, 'not_found', 'Not Found');
      if (who.roles.includes('owner')) {
        return apiError(422, 'owner_role_locked', "The owner's role cannot be changed");
      }
      if (who.id === me.id)
        return apiError(422, 'own_role_locked', 'You cannot change your own role');
      who.roles = (body as { roles: Role[] }).roles;
      return json(who);
    }
    const memberPath = /^\/customer\/([^/]+)\/user\/([^/]+)$/.exec(path);
    if (memberPath && method === 'DELETE') {
      const who = state.members.find((m) => m.id === memberPath[2]);
      if (!who) return apiError(404, 'not_found', 'Not Found');
      if (who.roles.includes('owner')) {
        return apiError(422, 'owner_not_removable', 'The owner cannot be removed');
      }
      if (who.id === me.id)
        return apiError(422, 'self_not_removable', 'You cannot remove yourself');
      state.members = state.members.filter((m) => m !== who);
      return new Response(null, { status: 204 });
    }
    return apiError(404, 'not_found', 'Not Found');
  });
  vi.stubGlobal('fetch', fetch);

  return {
    calls,
    state,
    /** The calls other than the session's own (customer list, /user/me). */
    teamCalls: () => calls.filter((c) => c.path !== '/customer' && c.path !== '/user/me'),
    /** Lets the held calls answer. */
    release: () => releases.splice(0).forEach((resolve) => resolve()),
  };
}
