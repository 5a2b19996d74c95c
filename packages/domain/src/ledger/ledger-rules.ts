/**
 * The ledger's arithmetic, after TigerBeetle: what a transfer does to the totals of its two
 * accounts, and whether the accounts' rules still hold afterwards. Pure, so that the service,
 * the reference model of the simulation and the verifier all share one definition.
 * Amounts are integer minor units (bigint), never floats.
 */
export interface AccountTotals {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

export interface AccountRules {
  /** A customer's float: what is spent or held never exceeds what came in. */
  debitsMustNotExceedCredits: boolean;
  creditsMustNotExceedDebits: boolean;
}

export type LedgerAccountState = AccountTotals & AccountRules;

/**
 * - posted: moves `amount` from the debit account to the credit account.
 * - pending: holds `amount` on both accounts until it is posted or voided.
 * - post_pending: resolves a hold of `heldAmount`, moving `amount` (at most the hold) for good.
 * - void_pending: resolves a hold of `heldAmount`, moving nothing.
 */
export type LedgerMove =
  | { kind: 'posted' | 'pending'; amount: bigint }
  | { kind: 'post_pending'; amount: bigint; heldAmount: bigint }
  | { kind: 'void_pending'; heldAmount: bigint };

export type LedgerRefusal =
  'amount_not_positive' | 'post_exceeds_hold' | 'debits_exceed_credits' | 'credits_exceed_debits';

export type MoveResult<A extends LedgerAccountState> =
  { ok: true; debit: A; credit: A } | { ok: false; refusal: LedgerRefusal };

/** The two accounts after `move`, or why it is refused (nothing changes then). */
export function applyMove<A extends LedgerAccountState>(
  debit: A,
  credit: A,
  move: LedgerMove,
): MoveResult<A> {
  if (move.kind !== 'void_pending' && move.amount <= 0n) {
    return { ok: false, refusal: 'amount_not_positive' };
  }
  if (move.kind === 'post_pending' && move.amount > move.heldAmount) {
    return { ok: false, refusal: 'post_exceeds_hold' };
  }
  const moved = moveTotals(debit, credit, move);
  for (const account of [moved.debit, moved.credit]) {
    const refusal = brokenRule(account);
    if (refusal) return { ok: false, refusal };
  }
  return { ok: true, ...moved };
}

/**
 * The two accounts' totals after `move`, whatever their rules say. applyMove checks the rules; a
 * model replaying transfers that were already committed (in another order) needs the sums alone.
 */
export function moveTotals<A extends AccountTotals>(
  debit: A,
  credit: A,
  move: LedgerMove,
): { debit: A; credit: A } {
  const posted = move.kind === 'posted' || move.kind === 'post_pending' ? move.amount : 0n;
  const held = move.kind === 'pending' ? move.amount : 0n;
  const released =
    move.kind === 'post_pending' || move.kind === 'void_pending' ? move.heldAmount : 0n;
  return {
    debit: {
      ...debit,
      debitsPosted: debit.debitsPosted + posted,
      debitsPending: debit.debitsPending + held - released,
    },
    credit: {
      ...credit,
      creditsPosted: credit.creditsPosted + posted,
      creditsPending: credit.creditsPending + held - released,
    },
  };
}

/** The rule an account's totals break, if any. */
export function brokenRule(account: LedgerAccountState): LedgerRefusal | undefined {
  if (
    account.debitsMustNotExceedCredits &&
    account.debitsPosted + account.debitsPending > account.creditsPosted
  ) {
    return 'debits_exceed_credits';
  }
  if (
    account.creditsMustNotExceedDebits &&
    account.creditsPosted + account.creditsPending > account.debitsPosted
  ) {
    return 'credits_exceed_debits';
  }
  return undefined;
}

/**
 * What a customer can spend now (credits in, less what is spent and what is held) and what is
 * on its way in (held credits, such as a card payment not yet settled).
 */
export function floatBalance(account: AccountTotals): { available: bigint; pending: bigint } {
  return {
    available: account.creditsPosted - account.debitsPosted - account.debitsPending,
    pending: account.creditsPending,
  };
}
