import type { ReactNode } from 'react';

/** A sentence saying what went wrong and what to do, announced as it appears. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
      {children}
    </p>
  );
}
