import type { Product } from '@boon/contracts';
import {
  isApiError,
  LoadError,
  useHasPermission,
  useSelectedCustomer,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { MerchantLogo, primaryLinkClasses } from '@boon/ui';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useProduct } from '../api';
import { SafeMarkdown } from '../markdown';
import {
  categoryLabel,
  countryName,
  discountSummary,
  expirySummary,
  fixedValues,
  isOrderable,
  ProductStateBadge,
  redeemableSummary,
  stepSummary,
  valueSummary,
} from '../products';

const route = getRouteApi('/authenticated/network/merchants/$productCode');

/** Where ordering starts with this merchant chosen (console-apps/orders; linked by address). */
export function sendRewardHref(productCode: string): string {
  return `/order/create?productCode=${encodeURIComponent(productCode)}`;
}

const stateNotes: Partial<Record<Product['state'], string>> = {
  TEMPORARILY_DISABLED:
    'Rewards of this merchant cannot be sent at the moment. Try again later, or choose another merchant.',
  TEMPORARILY_DEGRADED:
    'Rewards of this merchant are taking longer than usual to reach recipients. You can still send them.',
};

/**
 * "Send this reward": a link by address, as console apps link to each other; a plain click
 * stays in the console (no page load), while a new tab or a copied link works as any link does.
 */
function SendRewardLink({ productCode }: { productCode: string }) {
  const navigate = useNavigate();
  const href = sendRewardHref(productCode);
  return (
    <a
      href={href}
      className={primaryLinkClasses}
      onClick={(event) => {
        if (
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        ) {
          return;
        }
        event.preventDefault();
        void navigate({ href });
      }}
    >
      Send this reward
    </a>
  );
}

function BackToMerchants() {
  return (
    <Link
      to="/network/merchants"
      className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to merchants
    </Link>
  );
}

/**
 * A merchant of the network (spec 2.5 product-details): what its rewards can be
 * worth, where they can be spent and for how long, and its description, redemption
 * instructions and terms; whoever may order can start sending one from here.
 */
export function ProductDetailsPage() {
  const { productCode } = route.useParams();
  const customerId = useSelectedCustomerId();
  const product = useProduct(customerId, productCode);

  return (
    <div className="flex w-full max-w-4xl flex-col gap-6">
      <BackToMerchants />
      {product.isPending ? (
        <>
          <h1 className="text-2xl font-semibold text-ink">Merchant</h1>
          <p role="status" className="text-sm text-ink-muted">
            Loading the merchant…
          </p>
        </>
      ) : product.isError ? (
        <>
          <h1 className="text-2xl font-semibold text-ink">Merchant</h1>
          {isApiError(product.error) && product.error.status === 404 ? (
            <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
              {product.error.message}
            </p>
          ) : (
            <LoadError
              what="this merchant"
              error={product.error}
              onRetry={() => void product.refetch()}
            />
          )}
        </>
      ) : (
        <ProductDetails product={product.data} />
      )}
    </div>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const mayOrder = useHasPermission('write:orders');
  const { playgroundMode } = useSelectedCustomer();
  const note = stateNotes[product.state];
  const step = stepSummary(product.denominations, product.currency);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          <MerchantLogo src={product.logoUrl} size="lg" />
          <div className="flex flex-col items-start gap-1">
            <h1 className="text-2xl font-semibold break-words text-ink">{product.name}</h1>
            <ProductStateBadge state={product.state} />
          </div>
        </div>
        {mayOrder && !playgroundMode && isOrderable(product) ? (
          <SendRewardLink productCode={product.productCode} />
        ) : null}
      </div>
      {note ? (
        <p className="rounded-md bg-surface-muted px-4 py-3 text-sm text-ink">{note}</p>
      ) : null}

      <section aria-labelledby="product-facts" className="flex flex-col gap-3">
        <h2 id="product-facts" className="text-lg font-semibold text-ink">
          Reward details
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-ink-muted">Currency</dt>
          <dd className="text-ink">{product.currency}</dd>
          <dt className="font-medium text-ink-muted">Values</dt>
          <dd className="text-ink">
            {product.denominations.type === 'fixed' ? (
              <ul className="flex flex-wrap gap-2" aria-label="Values">
                {fixedValues(product.denominations, product.currency).map((value) => (
                  <li key={value} className="rounded bg-surface-muted px-2 py-0.5">
                    {value}
                  </li>
                ))}
              </ul>
            ) : (
              <>
                Any amount from {valueSummary(product.denominations, product.currency)}
                {step ? <span className="block text-ink-muted">{step}</span> : null}
              </>
            )}
          </dd>
          <dt className="font-medium text-ink-muted">Discount</dt>
          <dd className="text-ink">{discountSummary(product.discountPercent)}</dd>
          <dt className="font-medium text-ink-muted">Where to redeem</dt>
          <dd className="text-ink">{redeemableSummary(product.redeemable)}</dd>
          <dt className="font-medium text-ink-muted">Expiry</dt>
          <dd className="text-ink">{expirySummary(product.expiryPolicy)}</dd>
          <dt className="font-medium text-ink-muted">Categories</dt>
          <dd className="text-ink">
            {product.categories.map(categoryLabel).join(', ') || 'None given'}
          </dd>
          <dt className="font-medium text-ink-muted">Countries</dt>
          <dd className="text-ink">
            {product.countries.map(countryName).join(', ') || 'None given'}
          </dd>
        </dl>
      </section>

      <ContentSection id="product-description" title="About" markdown={product.description} />
      <ContentSection
        id="product-redemption"
        title="How to redeem"
        markdown={product.redemptionInstructions}
      />
      <ContentSection id="product-terms" title="Terms and conditions" markdown={product.terms} />
    </>
  );
}

function ContentSection({ id, title, markdown }: { id: string; title: string; markdown: string }) {
  if (markdown.trim() === '') return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <SafeMarkdown markdown={markdown} />
    </section>
  );
}
