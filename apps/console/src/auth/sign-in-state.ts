import { toSafeReturnPath } from './return-path';

/** What a sign-in carries through the provider and back: where to go afterwards. */
export interface SignInState {
  returnTo: string;
}

export function signInState(returnTo?: string): SignInState {
  return { returnTo: toSafeReturnPath(returnTo) };
}
