import type { ReactNode } from 'react';
import { MainContent, useIsWithinMain } from './main-content';
import { Spinner } from './spinner';

export interface FullPageMessageProps {
  /** The page's one heading, e.g. "Logging you in…". */
  title: string;
  /** While true, a spinner shows and the message is announced as a status. */
  busy?: boolean;
  children?: ReactNode;
}

/**
 * A whole-screen message for moments without the sidebar: start-up, sign-in and sign-out
 * hand-offs, and pages such as "Page not found". Its markup mirrors the static "Getting set up"
 * screen in the console's index.html, so the hand-over from HTML to React does not jump.
 * Rendered inside a layout's <MainContent> (an error in a nested route), it fills that instead.
 */
export function FullPageMessage({ title, busy = false, children }: FullPageMessageProps) {
  const withinMain = useIsWithinMain();
  const body = (
    <div
      className="flex max-w-md flex-col items-center gap-4 text-center"
      role={busy ? 'status' : undefined}
    >
      {busy ? <Spinner className="h-8 w-8" /> : null}
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      {children ? (
        <div className="flex flex-col items-center gap-4 text-base text-ink-muted">{children}</div>
      ) : null}
    </div>
  );
  if (withinMain) {
    return <div className="flex justify-center px-6 py-16">{body}</div>;
  }
  return (
    <MainContent className="flex min-h-screen items-center justify-center bg-surface-muted px-6 py-12">
      {body}
    </MainContent>
  );
}
