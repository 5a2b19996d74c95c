import { useRouter } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useId, useMemo, useState, type MouseEvent } from 'react';
import { promoContent, type PromoContent, type PromoRegion } from './promo-content';
import { detectPromoRegion } from './promo-region';

/** sessionStorage key: set once the user dismissed the banner, for the rest of the tab's session. */
export const PROMO_DISMISSED_KEY = 'boon.promo-banner-dismissed';

export interface PromoBannerProps {
  /**
   * Where the order button leads. Without it the banner has no order button. A function gets the
   * region's content, to build the address from its product code and country.
   */
  orderHref?: string | ((promo: PromoContent) => string);
  /** Defaults to the browser's region (time zone, then language). */
  region?: PromoRegion;
  /** Called once the user dismissed the banner, e.g. to move focus elsewhere. */
  onDismiss?: () => void;
}

function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(PROMO_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(PROMO_DISMISSED_KEY, 'true');
  } catch {
    // Storage may be unavailable (private mode, quota); the banner stays hidden on this page.
  }
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The promotional banner of spec 1: a product for the user's region (North America, UK, Europe or
 * the default), with an order button when `orderHref` is given. Dismissed, it stays away for the
 * rest of the browser tab's session.
 */
export function PromoBanner({ orderHref, region, onDismiss }: PromoBannerProps) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const shownRegion = useMemo(() => region ?? detectPromoRegion(), [region]);
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const headingId = useId();
  if (dismissed) return null;

  const promo = promoContent[shownRegion];
  const href = typeof orderHref === 'function' ? orderHref(promo) : orderHref;

  const dismiss = () => {
    rememberDismissed();
    setDismissed(true);
    onDismiss?.();
  };

  // A console address is opened by the router, without reloading the page.
  const openInConsole = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!router || !href || !plainClick || !href.startsWith('/') || href.startsWith('//')) return;
    event.preventDefault();
    void router.navigate({ href });
  };

  return (
    <section
      aria-labelledby={headingId}
      data-region={shownRegion}
      className="relative rounded-lg bg-brand-700 p-6 text-white"
    >
      <div className="flex flex-col gap-2 pr-10">
        <h2 id={headingId} className="text-lg font-semibold">
          {promo.heading}
        </h2>
        <p className="text-brand-50">{promo.subheading}</p>
        <p className="text-sm text-brand-100">For recipients in {countryName(promo.country)}</p>
      </div>
      {href ? (
        <a
          href={href}
          onClick={openInConsole}
          className="mt-4 inline-flex items-center rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {promo.orderButtonLabel}
        </a>
      ) : null}
      <button
        type="button"
        aria-label="Dismiss promotion"
        title="Dismiss promotion"
        onClick={dismiss}
        className="absolute right-3 top-3 rounded-md p-2 text-brand-100 hover:bg-brand-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </button>
    </section>
  );
}
