import { describe, expect, it } from 'vitest';
import {
  applyMove,
  floatBalance,
  moveTotals,
  type LedgerAccountState,
  type LedgerMove,
} from './ledger-rules';

const float = (credits: bigint, debits = 0n, held = 0n): LedgerAccountState => ({
  debitsPosted: debits,
  creditsPosted: credits,
  debitsPending: held,
  creditsPending: 0n,
  debitsMustNotExceedCredits: true,
  creditsMustNotExceedDebits: false,
});
const provider = (): LedgerAccountState => ({
  debitsPosted: 0n,
  creditsPosted: 0n,
  debitsPending: 0n,
  creditsPending: 0n,
  debitsMustNotExceedCredits: false,
  creditsMustNotExceedDebits: false,
});

describe('applyMove', () => {
  // [what, the float debited, the move, available after | refusal]
  const cases: [string, LedgerAccountState, LedgerMove, bigint | string][] = [
    ['spends part of a float', float(10_000n), { kind: 'posted', amount: 2_500n }, 7_500n],
    ['spends a float to zero', float(10_000n), { kind: 'posted', amount: 10_000n }, 0n],
    [
      'refuses one minor unit too many',
      float(10_000n),
      { kind: 'posted', amount: 10_001n },
      'debits_exceed_credits',
    ],
    ['holds funds', float(10_000n), { kind: 'pending', amount: 4_000n }, 6_000n],
    [
      'refuses a hold beyond the float',
      float(10_000n, 0n, 8_000n),
      { kind: 'pending', amount: 2_001n },
      'debits_exceed_credits',
    ],
    [
      'posts a hold in full',
      float(10_000n, 0n, 4_000n),
      { kind: 'post_pending', amount: 4_000n, heldAmount: 4_000n },
      6_000n,
    ],
    [
      'posts part of a hold, releasing the rest',
      float(10_000n, 0n, 4_000n),
      { kind: 'post_pending', amount: 1_000n, heldAmount: 4_000n },
      9_000n,
    ],
    [
      'refuses to post more than was held',
      float(10_000n, 0n, 4_000n),
      { kind: 'post_pending', amount: 4_001n, heldAmount: 4_000n },
      'post_exceeds_hold',
    ],
    [
      'voids a hold',
      float(10_000n, 0n, 4_000n),
      { kind: 'void_pending', heldAmount: 4_000n },
      10_000n,
    ],
    [
      'refuses a zero amount',
      float(10_000n),
      { kind: 'posted', amount: 0n },
      'amount_not_positive',
    ],
    [
      'refuses a negative amount',
      float(10_000n),
      { kind: 'posted', amount: -1n },
      'amount_not_positive',
    ],
  ];
  it.each(cases)('%s', (_what, debit, move, expected) => {
    const result = applyMove(debit, provider(), move);
    if (typeof expected === 'string') {
      expect(result).toEqual({ ok: false, refusal: expected });
      return;
    }
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(floatBalance(result.debit).available).toBe(expected);
    // Balanced: what left one account arrived at the other, posted and held alike.
    expect(result.debit.debitsPosted - debit.debitsPosted).toBe(result.credit.creditsPosted);
    expect(result.debit.debitsPending - debit.debitsPending).toBe(result.credit.creditsPending);
  });

  it('never changes the accounts it was given', () => {
    const debit = float(100n);
    applyMove(debit, provider(), { kind: 'posted', amount: 50n });
    expect(debit.debitsPosted).toBe(0n);
  });

  it('keeps a provider account free to go below zero (it is where money comes from)', () => {
    const result = applyMove(provider(), float(0n), { kind: 'posted', amount: 5_000n });
    expect(result.ok && floatBalance(result.credit).available).toBe(5_000n);
  });
});

describe('moveTotals', () => {
  it('adds up a move the rules would refuse: replaying committed transfers in another order', () => {
    const { debit } = moveTotals(float(100n), provider(), { kind: 'posted', amount: 150n });
    expect(floatBalance(debit).available).toBe(-50n);
    expect(applyMove(float(100n), provider(), { kind: 'posted', amount: 150n })).toEqual({
      ok: false,
      refusal: 'debits_exceed_credits',
    });
  });

  it('releases the whole hold and posts the part taken', () => {
    const held = moveTotals(float(100n), provider(), { kind: 'pending', amount: 80n });
    const { debit, credit } = moveTotals(held.debit, held.credit, {
      kind: 'post_pending',
      amount: 30n,
      heldAmount: 80n,
    });
    expect([debit.debitsPending, debit.debitsPosted]).toEqual([0n, 30n]);
    expect([credit.creditsPending, credit.creditsPosted]).toEqual([0n, 30n]);
  });
});
