import type { ProductSummary } from '@boon/contracts';
import { MerchantLogo } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import {
  countriesSummary,
  discountSummary,
  ProductStateBadge,
  redeemableSummary,
  valueSummary,
} from '../products';

/**
 * One merchant of the list: logo, name (the link to its details), state, values, countries and
 * discount.
 */
export function MerchantCard({ product }: { product: ProductSummary }) {
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <MerchantLogo src={product.logoUrl} size="md" lazy />
        <div className="flex min-w-0 flex-col items-start gap-1">
          <h2 className="text-base font-semibold break-words text-ink">
            <Link
              to="/network/merchants/$productCode"
              params={{ productCode: product.productCode }}
              className="underline-offset-2 hover:underline focus-visible:underline"
            >
              {product.name}
            </Link>
          </h2>
          <ProductStateBadge state={product.state} />
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">Value</dt>
        <dd className="text-ink">
          {valueSummary(product.denominations, product.currency)}{' '}
          <span className="text-ink-muted">({product.currency})</span>
        </dd>
        <dt className="text-ink-muted">Countries</dt>
        <dd className="text-ink">{countriesSummary(product.countries)}</dd>
        <dt className="text-ink-muted">Redeem</dt>
        <dd className="text-ink">{redeemableSummary(product.redeemable)}</dd>
        <dt className="text-ink-muted">Discount</dt>
        <dd className="text-ink">{discountSummary(product.discountPercent)}</dd>
      </dl>
    </article>
  );
}
