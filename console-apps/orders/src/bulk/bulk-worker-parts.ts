/**
 * Long lists cross between the page and the bulk worker in parts. postMessage copies its
 * message in one go on the sending thread and rebuilds it in one go on the receiving one: for
 * 50,000 checked rows that was a task of 130 ms or more on the page, besides the collection of
 * what it left. In parts of PART_ITEMS, each part is a task of a few milliseconds, and the page
 * can paint and answer the keyboard between them.
 */
export const PART_ITEMS = 2_500;

/** A part of a request's or an answer's list, sent ahead of the message it belongs to. */
export interface ListPart {
  id: number;
  task: 'part';
  items: unknown[];
}

/** The list cut into consecutive slices of `size` items, the last one shorter; none when empty. */
export function cut<T>(list: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < list.length; start += size) {
    slices.push(list.slice(start, start + size));
  }
  return slices;
}

/** The list split into the parts sent ahead, and the last part, which travels in the message. */
export function splitList<T>(list: readonly T[]): { ahead: T[][]; last: T[] } {
  const ahead = cut(list, PART_ITEMS);
  return { ahead, last: ahead.pop() ?? [] };
}

/** Collects the parts sent ahead, by message id, and puts each list back together. */
export class PartCollector {
  readonly #parts = new Map<number, unknown[][]>();

  add(part: ListPart): void {
    const parts = this.#parts.get(part.id);
    if (parts) parts.push(part.items);
    else this.#parts.set(part.id, [part.items]);
  }

  /** The whole list of message `id`: the parts sent ahead, then the message's own last part. */
  whole<T>(id: number, last: readonly T[]): T[] {
    const parts = this.#parts.get(id) as T[][] | undefined;
    this.#parts.delete(id);
    return parts ? [...parts.flat(), ...last] : [...last];
  }

  /** Parts of a message that will not come (its sender gave up): dropped. */
  forget(id: number): void {
    this.#parts.delete(id);
  }
}
