import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Keeps document.title on the deepest matched route's title: "Home · Boon". */
export function useDocumentTitle(productName: string): void {
  const title = useRouterState({
    select: (state) =>
      state.matches.findLast((match) => match.staticData.title !== undefined)?.staticData.title,
  });
  useEffect(() => {
    document.title = title ? `${title} · ${productName}` : productName;
  }, [title, productName]);
}
