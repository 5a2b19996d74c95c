import { setTimeout as sleep } from 'node:timers/promises';
import type { StoredResponse } from './key-store.js';

/** How a claim ended: its answer recorded for replay, or the key given up for a retry. */
export type ClaimOutcome = { kind: 'completed'; response: StoredResponse } | { kind: 'released' };

/**
 * The claims held by requests running in this process, so that a duplicate arriving here waits on
 * the first request itself, woken the moment it ends, instead of polling the database. Hundreds
 * of duplicates then cost the database nothing while they wait.
 */
export class LocalClaims {
  readonly #running = new Map<
    string,
    { ended: Promise<ClaimOutcome>; end: (outcome: ClaimOutcome) => void }
  >();

  /** Registers a claim; the function returned ends it (once) and wakes its waiters. */
  hold(id: string): (outcome: ClaimOutcome) => void {
    let end!: (outcome: ClaimOutcome) => void;
    const ended = new Promise<ClaimOutcome>((resolve) => {
      end = resolve;
    });
    const entry = { ended, end };
    this.#running.set(id, entry);
    return (outcome) => {
      if (this.#running.get(id) === entry) this.#running.delete(id);
      entry.end(outcome);
    };
  }

  /**
   * How the claim on `id` held here ended, waiting at most until `deadline` (epoch ms): 'elsewhere'
   * when no request of this process holds it, 'timeout' when it is still running.
   */
  async outcome(id: string, deadline: number): Promise<ClaimOutcome | 'elsewhere' | 'timeout'> {
    const entry = this.#running.get(id);
    if (!entry) return 'elsewhere';
    const timer = new AbortController();
    try {
      return await Promise.race([
        entry.ended,
        sleep(Math.max(0, deadline - Date.now()), 'timeout' as const, { signal: timer.signal }),
      ]);
    } finally {
      timer.abort();
    }
  }
}
