import type { ProductState } from '@boon/contracts';
import { Badge } from '@boon/ui';
import { productStateLabels } from './product-facts';

/** A product's state as words in a badge: Available, Temporarily unavailable, Delayed delivery. */
export function ProductStateBadge({ state }: { state: ProductState }) {
  const { label, tone } = productStateLabels[state];
  return <Badge tone={tone}>{label}</Badge>;
}
