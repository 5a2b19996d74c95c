import { and, cardSandboxPayments, cardSandboxTokens, eq, gte, lt, type Database } from '@boon/db';
import { prefixedId } from '@boon/service-kit';
import { checkCard, type CardBehaviour, type CardField, type CardInput } from './test-cards.js';

/** A card as the processor describes a token: never more than a person needs to recognise it. */
export interface ProcessorCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
}

export type ProcessorPaymentStatus = 'requires_action' | 'succeeded' | 'declined' | 'failed';

export interface ProcessorPayment {
  paymentId: string;
  /** The caller's reference, as given with the first charge. */
  reference: string;
  status: ProcessorPaymentStatus;
  currency: string;
  /** Minor units. */
  amount: bigint;
  /** Why it was declined or failed: card_declined, insufficient_funds, expired_card, authentication_failed, authentication_expired. */
  declineCode: string | null;
  /** Where the cardholder completes 3-D Secure while `requires_action`. */
  challengeUrl: string | null;
  card: { brand: string; last4: string };
}

export interface ChargeRequest {
  token: string;
  currency: string;
  amount: bigint;
  reference: string;
  /** The same key returns the first charge, whatever else is sent. */
  idempotencyKey: string;
}

/** What billing and saved cards need of a card processor; the sandbox is the embedded one. */
export interface CardProcessor {
  describeToken(token: string): Promise<ProcessorCard | undefined>;
  /** Undefined when the token is unknown. */
  charge(request: ChargeRequest): Promise<ProcessorPayment | undefined>;
  getPayment(paymentId: string): Promise<ProcessorPayment | undefined>;
  /** The charge made under an idempotency key, if one was: to find a charge whose answer was lost. */
  findPaymentByKey(idempotencyKey: string): Promise<ProcessorPayment | undefined>;
}

/** How long a 3-D Secure challenge may take before the payment fails. */
export const CHALLENGE_MINUTES = 10;

type TokenRow = typeof cardSandboxTokens.$inferSelect;
type PaymentRow = typeof cardSandboxPayments.$inferSelect;

const outcomes: Record<
  CardBehaviour,
  { status: ProcessorPaymentStatus; declineCode: string | null }
> = {
  succeed: { status: 'succeeded', declineCode: null },
  decline: { status: 'declined', declineCode: 'card_declined' },
  insufficient_funds: { status: 'declined', declineCode: 'insufficient_funds' },
  challenge: { status: 'requires_action', declineCode: null },
};

export type TokenizeResult =
  { ok: true; card: ProcessorCard } | { ok: false; errors: Partial<Record<CardField, string>> };

/**
 * The sandbox processor on the product's database (its own tables only). Everything it keeps is
 * what a real processor would hand back: tokens, last four digits, outcomes.
 */
export function createSandboxProcessor(
  db: Database,
  options: { basePath: string; now?: () => Date },
): CardProcessor & {
  tokenize(input: CardInput): Promise<TokenizeResult>;
  completeChallenge(paymentId: string, passed: boolean): Promise<ProcessorPayment | undefined>;
} {
  const now = options.now ?? (() => new Date());

  const toCard = (row: TokenRow): ProcessorCard => ({
    token: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holderName: row.holderName,
  });

  const toPayment = (row: PaymentRow, token: TokenRow): ProcessorPayment => ({
    paymentId: row.id,
    reference: row.reference,
    status: row.status as ProcessorPaymentStatus,
    currency: row.currency,
    amount: row.amount,
    declineCode: row.declineCode,
    challengeUrl:
      row.status === 'requires_action' ? `${options.basePath}/challenge/${row.id}` : null,
    card: { brand: token.brand, last4: token.last4 },
  });

  async function findToken(id: string): Promise<TokenRow | undefined> {
    const [row] = await db.select().from(cardSandboxTokens).where(eq(cardSandboxTokens.id, id));
    return row;
  }

  /** The payment, with a challenge past its time failed first (as a processor's timeout would). */
  async function readPayment(where: ReturnType<typeof eq>): Promise<ProcessorPayment | undefined> {
    await db
      .update(cardSandboxPayments)
      .set({ status: 'failed', declineCode: 'authentication_expired', settledAt: now() })
      .where(
        and(
          where,
          eq(cardSandboxPayments.status, 'requires_action'),
          lt(cardSandboxPayments.actionExpiresAt, now()),
        ),
      );
    const [row] = await db.select().from(cardSandboxPayments).where(where);
    if (!row) return undefined;
    const token = await findToken(row.tokenId);
    return token ? toPayment(row, token) : undefined;
  }

  return {
    async tokenize(input) {
      const checked = checkCard(input, now());
      if (!checked.ok) return checked;
      const { card, last4, expMonth, expYear, name } = checked.value;
      const [row] = await db
        .insert(cardSandboxTokens)
        .values({
          id: prefixedId('tok_', 24),
          brand: card.brand,
          last4,
          expMonth,
          expYear,
          holderName: name,
          behaviour: card.behaviour,
        })
        .returning();
      return { ok: true, card: toCard(row!) };
    },

    async describeToken(token) {
      const row = await findToken(token);
      return row ? toCard(row) : undefined;
    },

    async charge(request) {
      const token = await findToken(request.token);
      if (!token) return undefined;
      const at = now();
      const expired =
        token.expYear * 12 + (token.expMonth - 1) < at.getUTCFullYear() * 12 + at.getUTCMonth();
      const outcome = expired
        ? { status: 'declined' as const, declineCode: 'expired_card' }
        : outcomes[token.behaviour as CardBehaviour];
      await db
        .insert(cardSandboxPayments)
        .values({
          id: prefixedId('pay_', 24),
          tokenId: token.id,
          idempotencyKey: request.idempotencyKey,
          reference: request.reference,
          currency: request.currency,
          amount: request.amount,
          status: outcome.status,
          declineCode: outcome.declineCode,
          actionExpiresAt:
            outcome.status === 'requires_action'
              ? new Date(at.getTime() + CHALLENGE_MINUTES * 60_000)
              : null,
          settledAt: outcome.status === 'requires_action' ? null : at,
        })
        // A retried charge: the first one stands, whatever this one asked.
        .onConflictDoNothing({ target: cardSandboxPayments.idempotencyKey });
      return readPayment(eq(cardSandboxPayments.idempotencyKey, request.idempotencyKey));
    },

    getPayment: (paymentId) => readPayment(eq(cardSandboxPayments.id, paymentId)),

    findPaymentByKey: (idempotencyKey) =>
      readPayment(eq(cardSandboxPayments.idempotencyKey, idempotencyKey)),

    async completeChallenge(paymentId, passed) {
      await db
        .update(cardSandboxPayments)
        .set(
          passed
            ? { status: 'succeeded', settledAt: now() }
            : { status: 'failed', declineCode: 'authentication_failed', settledAt: now() },
        )
        .where(
          and(
            eq(cardSandboxPayments.id, paymentId),
            eq(cardSandboxPayments.status, 'requires_action'),
            gte(cardSandboxPayments.actionExpiresAt, now()),
          ),
        );
      return readPayment(eq(cardSandboxPayments.id, paymentId));
    },
  };
}
