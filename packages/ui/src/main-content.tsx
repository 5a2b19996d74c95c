import { createContext, useContext, type ReactNode } from 'react';

/** The id the skip link targets. */
export const MAIN_CONTENT_ID = 'main-content';

const WithinMainContext = createContext(false);

/** True inside <MainContent>: components then must not open a second `main` landmark. */
export function useIsWithinMain(): boolean {
  return useContext(WithinMainContext);
}

export interface MainContentProps {
  children: ReactNode;
  className?: string;
}

/**
 * The page's one `main` landmark, the skip link's target. It takes focus programmatically only
 * (tabIndex -1), so following the skip link moves keyboard focus into the content.
 */
export function MainContent({ children, className = '' }: MainContentProps) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`outline-none ${className}`}>
      <WithinMainContext.Provider value={true}>{children}</WithinMainContext.Provider>
    </main>
  );
}
