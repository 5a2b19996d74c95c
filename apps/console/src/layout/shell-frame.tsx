import { Logo, MainContent } from '@boon/ui';
import type { ReactNode } from 'react';

/** The sidebar's outer classes, shared with the real sidebar so the hand-over does not jump. */
export const SIDEBAR_FRAME_CLASSES =
  'border-b border-line bg-surface md:sticky md:top-0 md:flex md:h-screen md:w-[230px] md:shrink-0 md:flex-col md:overflow-y-auto md:border-r md:border-b-0 lg:w-[260px] xl:w-[270px]';

/** The main column's classes, shared with the signed-in layout. */
export const MAIN_FRAME_CLASSES = 'flex flex-1 flex-col gap-6 px-6 py-8 md:px-10 [&>*]:max-w-5xl';

export interface ShellFrameProps {
  productName: string;
  /** What the sidebar holds below the logo. */
  sidebar?: ReactNode;
  children: ReactNode;
  busy?: boolean;
}

/**
 * The signed-in layout's frame without its data: logo, sidebar and main column, for the moments
 * before the session has loaded (a skeleton) or when it could not (an error). It needs nothing
 * from the API, so it shows at once and whatever the API is doing.
 */
export function ShellFrame({ productName, sidebar, children, busy = false }: ShellFrameProps) {
  return (
    <div className="min-h-screen md:flex">
      <header className={SIDEBAR_FRAME_CLASSES}>
        <div className="flex items-center justify-between gap-4 px-4 py-4 md:py-5">
          <Logo productName={productName} />
        </div>
        {sidebar}
      </header>
      <div className="flex min-w-0 flex-1 flex-col" aria-busy={busy || undefined}>
        <MainContent className={MAIN_FRAME_CLASSES}>{children}</MainContent>
      </div>
    </div>
  );
}
