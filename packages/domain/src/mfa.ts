/** The access/ID token claim holding when the user last passed a second factor (epoch seconds). */
export const MFA_TIME_CLAIM = 'mfa_time';

/** Spec 9: "MFA re-authentication window: 5 minutes". */
export const MFA_WINDOW_SECONDS = 5 * 60;

/**
 * Spec 4.2: multi-factor authentication counts as outdated when the token has no MFA time claim;
 * otherwise its time is compared against the 5-minute window. A second factor exactly five
 * minutes old still counts; a claim that is not a finite number counts as none. A time slightly
 * ahead of `nowSeconds` (another machine's clock) is fresh.
 */
export function isMfaOutdated(
  claims: Readonly<Record<string, unknown>> | null | undefined,
  nowSeconds: number,
): boolean {
  const time = claims?.[MFA_TIME_CLAIM];
  if (typeof time !== 'number' || !Number.isFinite(time)) return true;
  return nowSeconds - time > MFA_WINDOW_SECONDS;
}
