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
  /**
   * Makes sure the stored access token is a renewed one; false when that is impossible. Given the
   * access token the API refused, a token another tab renewed meanwhile is used as it is.
   */
  refresh(rejectedAccessToken?: string | null): Promise<boolean>;
  /**
   * Makes sure the access token carries the roles of the selected customer, or of `customerId`
   * (the provider issues them per customer); renews it for that customer when it does not. False
   * when it cannot.
   */
  ensureCustomerToken(customerId?: string | null): Promise<boolean>;
  signIn(options?: SignInOptions): Promise<void>;
  /**
   * Opens the provider's sign-up screen (spec 2.2 /signup: the sign-up screen hint), with `email`
   * pre-filled when given. Signed up and signed in, the user comes back to the console's home,
   * where the onboarding gate decides what comes next. `forInvite` says the person is joining
   * through an invite; any other sign-up is someone setting up a company, which the provider
   * records with the user (spec 4.1's onboarding flag).
   */
  signup(email?: string, options?: { forInvite?: boolean }): Promise<void>;
  /** Finishes the provider's redirect; resolves with the path the user wanted. */
  completeSignIn(url?: string): Promise<{ returnTo: string }>;
  signOut(postLogoutRedirectUri: string): Promise<void>;
}
