import type { ProductSummary } from '@boon/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coffeeHouse } from '../testing';
import { checkBulkFile, type SheetEntry } from './bulk-file';
import type { BulkWorkerAnswer, BulkWorkerRequest } from './bulk-worker-client';
import { PART_ITEMS, PartCollector, splitList, type ListPart } from './bulk-worker-parts';
import { answerInParts, postBulkAnswer, withWholeList } from './bulk-worker-tasks';
import { warmUpFacts, warmUpRows } from './bulk-worker-warm-up';
import type { BulkField } from './column-mapping';
import { findDuplicateRecipients } from './duplicate-recipients';

const facts = {
  products: new Map<string, ProductSummary>([['COFFEE-US', coffeeHouse]]),
  balances: ['USD'],
  fx: false,
  timeZone: 'UTC',
};
const defaults = { message: { header: 'Thank you!', body: 'For taking part.', colour: '#1d4ed8' } };
const mapping: BulkField[] = ['name', 'email', 'faceValue', 'productCode'];

/** `count` rows, every 1,000th with an amount Coffee House does not offer ($10, $25 or $50). */
function rowsOf(count: number): string[][] {
  return Array.from({ length: count }, (_, n) => [
    `Person ${n}`,
    `person-${n}@example.com`,
    n % 1000 === 999 ? '12' : '25',
    'COFFEE-US',
  ]);
}

describe('splitting a long list into parts', () => {
  it.each([
    [0, [], 0],
    [1, [], 1],
    [PART_ITEMS, [], PART_ITEMS],
    [PART_ITEMS + 1, [PART_ITEMS], 1],
    [3 * PART_ITEMS, [PART_ITEMS, PART_ITEMS], PART_ITEMS],
  ])('%i items: parts ahead of %j, and %i in the message', (count, ahead, last) => {
    const list = Array.from({ length: count }, (_, n) => n);
    const split = splitList(list);
    expect(split.ahead.map((part) => part.length)).toEqual(ahead);
    expect(split.last).toHaveLength(last);
    expect([...split.ahead.flat(), ...split.last]).toEqual(list);
  });

  it('puts each message’s list back together from its own parts, in order, once', () => {
    const collector = new PartCollector();
    collector.add({ id: 1, task: 'part', items: ['a', 'b'] });
    collector.add({ id: 2, task: 'part', items: ['x'] });
    collector.add({ id: 1, task: 'part', items: ['c'] });
    expect(collector.whole(1, ['d'])).toEqual(['a', 'b', 'c', 'd']);
    expect(collector.whole(1, ['d'])).toEqual(['d']);
    collector.forget(2);
    expect(collector.whole(2, [])).toEqual([]);
  });
});

describe('the worker answering in parts', () => {
  it('streams a check of a long file part by part, with the spreadsheet rows of the whole file', async () => {
    const rows = rowsOf(2 * PART_ITEMS + 10);
    const request: BulkWorkerRequest = { id: 9, task: 'check', rows, mapping, defaults, facts };
    const sent: (BulkWorkerAnswer | ListPart)[] = [];
    await postBulkAnswer(request, (message) => sent.push(structuredClone(message)));

    expect(sent.map((message) => ('task' in message ? message.items.length : 'answer'))).toEqual([
      PART_ITEMS,
      PART_ITEMS,
      'answer',
    ]);
    const received = new PartCollector();
    for (const message of sent) if ('task' in message) received.add(message);
    const answer = sent.at(-1) as Extract<BulkWorkerAnswer, { ok: true }>;
    const entries = received.whole(9, answer.result as SheetEntry[]);
    expect(entries).toEqual(checkBulkFile(rows, mapping, defaults, facts));
    expect(entries.at(-1)?.line).toBe(rows.length + 1);
    expect(entries.filter((entry) => !entry.check.ok).map((entry) => entry.line)).toEqual([
      1001, 2001, 3001, 4001, 5001,
    ]);
  });

  it('numbers a slice of a file from its own first row', async () => {
    const rows = rowsOf(3);
    const sent: (BulkWorkerAnswer | ListPart)[] = [];
    await postBulkAnswer(
      { id: 3, task: 'check', rows, mapping, defaults, facts, firstLine: 25_002 },
      (message) => sent.push(message),
    );
    const answer = sent[0] as Extract<BulkWorkerAnswer, { ok: true }>;
    expect((answer.result as SheetEntry[]).map((entry) => entry.line)).toEqual([
      25_002, 25_003, 25_004,
    ]);
  });

  it('takes a request’s list from the parts sent ahead of it', () => {
    const received = new PartCollector();
    const rows = rowsOf(5);
    received.add({ id: 4, task: 'part', items: rows.slice(0, 3) });
    const whole = withWholeList(
      { id: 4, task: 'check', rows: rows.slice(3), mapping, defaults, facts },
      received,
    );
    expect(whole.task === 'check' && whole.rows).toEqual(rows);
  });

  it('sends a parsed file’s rows in parts ahead of its headers, and a refusal as it is', () => {
    const rows = rowsOf(PART_ITEMS + 1);
    const messages = answerInParts({ id: 5, ok: true, result: { ok: true, headers: ['a'], rows } });
    expect(messages).toHaveLength(2);
    expect(messages[1]).toEqual({
      id: 5,
      ok: true,
      result: { ok: true, headers: ['a'], rows: rows.slice(PART_ITEMS) },
    });
    const refusal: BulkWorkerAnswer = { id: 6, ok: false, error: 'No.' };
    expect(answerInParts(refusal)).toEqual([refusal]);
  });
});

describe('the page asking a pool of workers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('splits a long check between the workers and gets the whole file back in order', async () => {
    const started: InProcessWorker[] = [];
    /** The worker's own message handling (bulk-worker.ts), run in this process. */
    class InProcessWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: (() => void) | null = null;
      readonly received = new PartCollector();
      requests: number[] = [];
      constructor() {
        started.push(this);
      }
      postMessage(message: BulkWorkerRequest | ListPart) {
        const copy = structuredClone(message);
        if (copy.task === 'part') {
          this.received.add(copy);
          return;
        }
        this.requests.push(copy.task === 'check' ? copy.rows.length : 0);
        void postBulkAnswer(withWholeList(copy, this.received), (reply) =>
          queueMicrotask(() => this.onmessage?.({ data: structuredClone(reply) } as MessageEvent)),
        );
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', InProcessWorker);
    vi.stubGlobal('navigator', { ...navigator, hardwareConcurrency: 2 });
    const { checkInWorker } = await import('./bulk-worker-client');

    const rows = rowsOf(4 * PART_ITEMS + 3);
    const entries = await checkInWorker(rows, mapping, defaults, facts);

    expect(started).toHaveLength(2);
    // Each worker took its half, 5,002 and 5,001 rows: two parts ahead, and the 2 and 1 rows
    // left with the request itself.
    expect(started.map((worker) => worker.requests)).toEqual([[2], [1]]);
    expect(entries).toEqual(checkBulkFile(rows, mapping, defaults, facts));
  });
});

describe('a pool whose worker fails', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('refuses what waits on it, and the next request starts new workers', async () => {
    let failing = true;
    const terminated: unknown[] = [];
    class FlakyWorker {
      onmessage: ((event: MessageEvent) => void) | null = null;
      onerror: (() => void) | null = null;
      readonly broken = failing;
      postMessage(message: BulkWorkerRequest | ListPart) {
        if (this.broken) {
          // As a worker whose code did not load: an error, and no answer ever.
          queueMicrotask(() => this.onerror?.());
          return;
        }
        if (message.task === 'part') return;
        void postBulkAnswer(structuredClone(message), (reply) =>
          queueMicrotask(() => this.onmessage?.({ data: structuredClone(reply) } as MessageEvent)),
        );
      }
      terminate() {
        terminated.push(this);
      }
    }
    vi.stubGlobal('Worker', FlakyWorker);
    vi.stubGlobal('navigator', { ...navigator, hardwareConcurrency: 2 });
    const { checkInWorker } = await import('./bulk-worker-client');

    await expect(checkInWorker(rowsOf(3), mapping, defaults, facts)).rejects.toThrow(
      'The file could not be read in this browser.',
    );
    expect(terminated).toHaveLength(2);

    failing = false;
    const entries = await checkInWorker(rowsOf(3), mapping, defaults, facts);
    expect(entries.map((entry) => entry.line)).toEqual([2, 3, 4]);
  });
});

describe('recipients sharing an address', () => {
  it('lists, for each row of a shared address, the other rows, whatever the case of the address', () => {
    const rows = [
      ['Ada', 'ada@example.com', '25', 'COFFEE-US'],
      ['Alan', 'alan@example.com', '25', 'COFFEE-US'],
      ['Ada again', 'ADA@example.com', '25', 'COFFEE-US'],
      ['Nobody', 'not-an-address', '25', 'COFFEE-US'],
      ['Ada thrice', 'Ada@Example.com', '10', 'COFFEE-US'],
      ['Alan again', 'alan@example.com', '25', 'COFFEE-US'],
    ];
    const entries = checkBulkFile(rows, mapping, defaults, facts);
    entries[4] = { ...entries[4]!, duplicateAccepted: true };
    const found = findDuplicateRecipients(entries);
    expect(Object.fromEntries(found.others)).toEqual({
      2: [4, 6],
      4: [2, 6],
      6: [2, 4],
      3: [7],
      7: [3],
    });
    expect(found.rows).toBe(5);
    expect(found.toAccept).toBe(4);
  });
});

describe('the worker’s warm-up', () => {
  it('checks rows that pass and rows with each kind of problem, as a file’s would be', () => {
    const entries = checkBulkFile(
      warmUpRows(),
      [...warmUpFacts.mapping],
      warmUpFacts.defaults,
      warmUpFacts.facts,
    );
    const problems = new Set(
      entries.flatMap((entry) => (entry.check.ok ? [] : Object.keys(entry.check.errors))),
    );
    expect(entries.filter((entry) => entry.check.ok).length).toBeGreaterThan(entries.length / 2);
    expect(problems).toEqual(new Set(['email', 'faceValue', 'productCode']));
  });
});
