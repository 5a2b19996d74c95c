import type { User, UserManager } from 'oidc-client-ts';
import { toSafeReturnPath } from './return-path';

/** The part of oidc-client-ts's UserManager the console uses; tests substitute a fake. */
export type UserManagerPort = Pick<
  UserManager,
  | 'getUser'
  | 'removeUser'
  | 'signinRedirect'
  | 'signinRedirectCallback'
  | 'signinSilent'
  | 'signoutRedirect'
>;

export interface SignInOptions {
  /** Pre-fills the provider's sign-in form (spec 2.2: /login?email=…). */
  loginHint?: string | undefined;
  /** The in-app path to open once signed in. */
  returnTo?: string | undefined;
}

/** What the router context, the API client and the auth pages need from sign-in. */
export interface Auth {
  /** True when a usable session exists, renewing an expired access token if a refresh token allows. */
  isSignedIn(): Promise<boolean>;
  /** The current access token, renewed first when it has expired; null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Renews the access token with the refresh token; false when that is impossible. */
  refresh(): Promise<boolean>;
  signIn(options?: SignInOptions): Promise<void>;
  /** Finishes the provider's redirect; resolves with the path the user wanted. */
  completeSignIn(url?: string): Promise<{ returnTo: string }>;
  signOut(postLogoutRedirectUri: string): Promise<void>;
}

interface SignInState {
  returnTo: string;
}

function returnToFrom(user: User): string {
  const state = user.state as Partial<SignInState> | undefined;
  return toSafeReturnPath(state?.returnTo);
}

export function createAuth(userManager: UserManagerPort): Auth {
  // Several requests may find an expired token at once; they share one renewal.
  let renewal: Promise<boolean> | null = null;

  const refresh = (): Promise<boolean> => {
    renewal ??= (async () => {
      try {
        const user = await userManager.getUser();
        if (!user?.refresh_token) return false;
        const renewed = await userManager.signinSilent();
        return renewed !== null && !renewed.expired;
      } catch (error) {
        console.warn('Token renewal failed', error);
        return false;
      } finally {
        renewal = null;
      }
    })();
    return renewal;
  };

  const currentUser = async (): Promise<User | null> => {
    const user = await userManager.getUser();
    if (!user) return null;
    if (user.expired !== true) return user;
    return (await refresh()) ? userManager.getUser() : null;
  };

  return {
    async isSignedIn() {
      return (await currentUser()) !== null;
    },
    async getAccessToken() {
      return (await currentUser())?.access_token ?? null;
    },
    refresh,
    async signIn({ loginHint, returnTo } = {}) {
      const state: SignInState = { returnTo: toSafeReturnPath(returnTo) };
      await userManager.signinRedirect(loginHint ? { login_hint: loginHint, state } : { state });
    },
    async completeSignIn(url) {
      const user = await userManager.signinRedirectCallback(url);
      return { returnTo: returnToFrom(user) };
    },
    async signOut(postLogoutRedirectUri) {
      await userManager.signoutRedirect({ post_logout_redirect_uri: postLogoutRedirectUri });
    },
  };
}
