import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** Keeps document.title on the deepest matched route's title: "Home · Boon". */
export function useDocumentTitle(productName: string): void {
  const title = useRouterState({
    select: (state) =>
      state.matches.findLast((match) => match.staticData.title !== undefined)?.staticData.title,
  });
  useEffect(() => {
    // `{product}` in a title stands for the product name ("{product} FX"), as in breadcrumbs.
    document.title = title
      ? `${title.replace('{product}', productName)} · ${productName}`
      : productName;
  }, [title, productName]);
}
