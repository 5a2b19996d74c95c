import type { SheetEntry } from './bulk-file';

/** Rows sending to an address another row sends to as well: a warning to accept, not a refusal. */
export interface DuplicateRecipients {
  /** By spreadsheet row: the other rows with its address, in the file's order. */
  others: ReadonlyMap<number, readonly number[]>;
  /** Rows sharing their address with another row (every one of them, the first included). */
  rows: number;
  /** Of those, the ones nobody has accepted yet: payment waits for them. */
  toAccept: number;
}

/**
 * The address a row sends to, as rows are compared: addresses differ only in case for nobody. A
 * row whose address is itself the problem has none yet; it is compared once it is fixed.
 */
function addressOf(entry: SheetEntry): string | null {
  if (entry.check.ok) return entry.check.row.email.toLowerCase();
  if (entry.check.errors.email) return null;
  const address = entry.raw.email?.trim().toLowerCase();
  return address ? address : null;
}

/**
 * The answers so far, by list: a list of entries is never changed in place (an edit makes a new
 * one), and the sheet's summary and the grid's listing both ask for the same list after a change,
 * each a pass over up to 50,000 rows.
 */
const found = new WeakMap<readonly SheetEntry[], DuplicateRecipients>();

export function findDuplicateRecipients(entries: readonly SheetEntry[]): DuplicateRecipients {
  let duplicates = found.get(entries);
  if (!duplicates) found.set(entries, (duplicates = findIn(entries)));
  return duplicates;
}

function findIn(entries: readonly SheetEntry[]): DuplicateRecipients {
  // Each address's first row, and a group only for an address met again: at 50,000 rows, a list
  // for every address was most of the time this took, and almost every address is met once.
  const firstRow = new Map<string, number>();
  const groups = new Map<number, number[]>();
  entries.forEach((entry, index) => {
    const address = addressOf(entry);
    if (address === null) return;
    const first = firstRow.get(address);
    if (first === undefined) {
      firstRow.set(address, index);
      return;
    }
    const group = groups.get(first);
    if (group) group.push(index);
    else groups.set(first, [first, index]);
  });
  const others = new Map<number, number[]>();
  let toAccept = 0;
  for (const group of groups.values()) {
    const lines = group.map((index) => entries[index]?.line ?? 0);
    group.forEach((index, position) => {
      const entry = entries[index];
      if (!entry) return;
      others.set(
        entry.line,
        lines.filter((_, other) => other !== position),
      );
      if (!entry.duplicateAccepted) toAccept += 1;
    });
  }
  return { others, rows: others.size, toAccept };
}

/** These rows (by spreadsheet row) marked as sending to their shared address on purpose. */
export function acceptDuplicates(
  entries: readonly SheetEntry[],
  lines: ReadonlySet<number>,
): SheetEntry[] {
  return entries.map((entry) =>
    lines.has(entry.line) && !entry.duplicateAccepted
      ? { ...entry, duplicateAccepted: true }
      : entry,
  );
}

/** "Also in row 7." or "Also in rows 7, 9 and 12.", the first few of a long list. */
export function duplicateWarning(others: readonly number[], accepted: boolean): string {
  const shown = others.slice(0, 3).map(String);
  const rest = others.length - shown.length;
  const list =
    rest > 0
      ? `${shown.join(', ')} and ${rest.toLocaleString()} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : (shown[0] ?? '');
  const where = `The same address as row${others.length > 1 ? 's' : ''} ${list}`;
  return accepted ? `${where}; accepted, each gets a reward.` : `${where}.`;
}
