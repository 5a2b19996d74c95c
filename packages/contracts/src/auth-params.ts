// No zod here: the console's auth client and the identity provider read it.

/**
 * The authorization-request parameter by which the console says whose sign-up it opens:
 * `invite` from an invite link. Any other sign-up is someone setting up a company, which the
 * provider records with the new user (spec 4.1's onboarding flag).
 */
export const SIGNUP_FOR_PARAM = 'signup_for';
