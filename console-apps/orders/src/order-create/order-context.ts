import type { ProductSummary } from '@boon/contracts';
import type { ContractForm, IdempotencyKey } from '@boon/console-kit/forms';
import { createContext, useContext } from 'react';
import type { orderFormSchema } from './order-form';

export type OrderForm = ContractForm<typeof orderFormSchema>;

export interface OrderDraft {
  /** The order being made, shared by every step and overlay of /order. */
  form: OrderForm;
  /** The Idempotency-Key of the order's submission: the same for a retry of the same order. */
  submissionKey: IdempotencyKey;
  /** The merchants chosen, as the catalogue describes them (their codes are the form's). */
  chosen: readonly ProductSummary[];
  /** Chooses these merchants: the form's productCodes follow. */
  choose(products: readonly ProductSummary[]): void;
}

export const OrderDraftContext = createContext<OrderDraft | null>(null);

export function useOrderDraft(): OrderDraft {
  const draft = useContext(OrderDraftContext);
  if (!draft) throw new Error('useOrderDraft is used outside the /order layout');
  return draft;
}
