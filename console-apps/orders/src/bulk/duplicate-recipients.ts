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

export function findDuplicateRecipients(entries: readonly SheetEntry[]): DuplicateRecipients {
  const byAddress = new Map<string, SheetEntry[]>();
  for (const entry of entries) {
    const address = addressOf(entry);
    if (address === null) continue;
    const sharing = byAddress.get(address);
    if (sharing) sharing.push(entry);
    else byAddress.set(address, [entry]);
  }
  const others = new Map<number, number[]>();
  let toAccept = 0;
  for (const sharing of byAddress.values()) {
    if (sharing.length < 2) continue;
    for (const entry of sharing) {
      others.set(
        entry.line,
        sharing.filter((other) => other !== entry).map((other) => other.line),
      );
      if (!entry.duplicateAccepted) toAccept += 1;
    }
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
