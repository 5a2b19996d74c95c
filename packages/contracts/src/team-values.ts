// No zod here: the invite screens say how long an invite lasts without loading zod.

/** An invite is valid this long after it was (re)sent. */
export const INVITE_VALIDITY_DAYS = 7;
