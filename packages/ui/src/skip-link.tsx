import type { ReactNode } from 'react';

export interface SkipLinkProps {
  /** The id of the element to jump to, without the '#'. */
  targetId: string;
  children: ReactNode;
}

/** The first stop for keyboard users: hidden until focused, it jumps past the navigation. */
export function SkipLink({ targetId, children }: SkipLinkProps) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
    >
      {children}
    </a>
  );
}
