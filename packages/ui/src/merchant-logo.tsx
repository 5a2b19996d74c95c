/** Pixel sizes of a merchant's logo: in a picker row, on a merchant card, on its details page. */
export const MERCHANT_LOGO_SIZE_PX = { sm: 40, md: 48, lg: 64 } as const;

export interface MerchantLogoProps {
  /** The catalogue's logo URL for the merchant (a generated SVG served by the product). */
  src: string;
  size?: keyof typeof MERCHANT_LOGO_SIZE_PX;
  /** Lazy in long lists, so only the logos scrolled to are fetched. */
  lazy?: boolean;
}

const sizeClasses: Record<keyof typeof MERCHANT_LOGO_SIZE_PX, string> = {
  sm: 'h-10 w-10 rounded-md',
  md: 'h-12 w-12 rounded-md',
  lg: 'h-16 w-16 rounded-lg',
};

/**
 * A merchant's logo. Decorative (alt=""): the merchant's name is always written beside it, and a
 * screen reader would otherwise read it twice.
 */
export function MerchantLogo({ src, size = 'md', lazy = false }: MerchantLogoProps) {
  const px = MERCHANT_LOGO_SIZE_PX[size];
  return (
    <img
      src={src}
      alt=""
      width={px}
      height={px}
      loading={lazy ? 'lazy' : undefined}
      className={`${sizeClasses[size]} shrink-0 bg-white object-contain ring-1 ring-line`}
    />
  );
}
