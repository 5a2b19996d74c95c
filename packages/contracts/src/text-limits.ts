// No zod here: the console's route search validators (first screen) read these too.

/** The longest company name, and so the longest name prefix or company search text. */
export const COMPANY_NAME_MAX_LENGTH = 200;

/** The longest search text of the transactions list (a reference or an id). */
export const TRANSACTION_SEARCH_MAX_LENGTH = 100;
