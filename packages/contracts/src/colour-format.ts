// No zod here: the domain's colour rules read it, wherever they run.
/** Spec 5's colour: "#" and 3 or 6 hex digits. */
export const HEX_COLOUR_FORMAT = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
