import { useLocation } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /**
     * The cursors of the pages before the one shown, oldest first (the first page has none). It
     * rides in history state rather than in the address: back and forward and a reload keep it,
     * while the address stays one cursor long however far the list is paged.
     */
    cursorTrail?: readonly string[];
  }
}

/** More pages than anyone pages through by hand; a longer trail is not one the console wrote. */
const TRAIL_MAX = 1000;

function readTrail(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length > TRAIL_MAX) return [];
  return value.every((item) => typeof item === 'string') ? (value as string[]) : [];
}

/**
 * Paging a cursor-based list with the current page's cursor in the address. Going forward
 * remembers the cursor left in the trail; going back takes the last one off. An address opened
 * without a trail (a shared link) goes back to the first page.
 */
export function useCursorTrail(cursor: string | undefined) {
  const trail = readTrail(useLocation({ select: (location) => location.state.cursorTrail }));
  return {
    /** 1-based; a page reached by a link without its trail counts as the second. */
    page: cursor === undefined ? 1 : trail.length + 2,
    /** The cursor and trail of the next page, whose cursor the server handed out. */
    forward: (nextCursor: string) => ({
      cursor: nextCursor,
      state: { cursorTrail: cursor === undefined ? [] : [...trail, cursor] },
    }),
    /** The cursor (undefined: the first page) and trail of the page before. */
    back: () => ({ cursor: trail.at(-1), state: { cursorTrail: trail.slice(0, -1) } }),
  };
}
