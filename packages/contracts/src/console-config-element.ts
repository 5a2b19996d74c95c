/** The id of the inert JSON script element that carries the console's config in index.html. */
export const CONSOLE_CONFIG_ELEMENT_ID = 'boon-config';

/** What that element holds in the built index.html until the server puts the config there. */
export const CONSOLE_CONFIG_MARKER = '__BOON_CONFIG__';
