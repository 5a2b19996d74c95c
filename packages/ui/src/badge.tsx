import type { ReactNode } from 'react';

/** What a badge says about its subject, which sets its colours (each pair passes AA contrast). */
export type BadgeTone = 'neutral' | 'brand' | 'success' | 'danger';

const toneClasses: Record<BadgeTone, string> = {
  neutral: 'bg-surface-muted text-ink ring-1 ring-line ring-inset',
  brand: 'bg-brand-100 text-brand-800',
  success: 'bg-success-surface text-success ring-1 ring-success/30 ring-inset',
  danger: 'bg-danger-surface text-danger ring-1 ring-danger/30 ring-inset',
};

export interface BadgeProps {
  children: ReactNode;
  tone?: BadgeTone;
  className?: string;
}

/**
 * A short status next to what it describes ("Blocked", "Pending"). Its words carry the meaning,
 * never its colour alone, so it reads the same to a screen reader and in high contrast.
 */
export function Badge({ children, tone = 'neutral', className = '' }: BadgeProps) {
  return (
    <span
      className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${toneClasses[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
