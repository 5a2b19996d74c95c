/** The id of the inert JSON script element that carries the console's config in index.html. */
export const CONSOLE_CONFIG_ELEMENT_ID = 'boon-config';
