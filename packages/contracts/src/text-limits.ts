// No zod here: the console's route search validators (first screen) read these too.

/** The longest company name, and so the longest name prefix or company search text. */
export const COMPANY_NAME_MAX_LENGTH = 200;
