import type { SVGProps } from 'react';

/** The product mark, drawn inline so the console loads no image from anywhere. */
export function LogoMark({ className = 'h-8 w-8', ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${className}`}
      {...props}
    >
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M11 7.5v17" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="17" cy="18.5" r="5.5" fill="none" stroke="#fff" strokeWidth="3" />
    </svg>
  );
}

export interface LogoProps {
  /** The configured product name (decisions.md: a configuration value, default "Boon"). */
  productName: string;
  className?: string;
}

/** The mark with the product name beside it; the name is the accessible text. */
export function Logo({ productName, className = '' }: LogoProps) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-ink">{productName}</span>
    </span>
  );
}
