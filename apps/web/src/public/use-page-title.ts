import { useEffect } from 'react';
import { useSite } from './site-context';
import { setPageMeta } from './theme';

/** `<page> – <retailer>` as the document title (the home page sets its own from its configuration). */
export function usePageTitle(title: string | null): void {
  const { name } = useSite().config.brand;
  useEffect(() => {
    setPageMeta(title ? `${title} – ${name}` : name);
  }, [title, name]);
}

export function useFormatPrice(): (cents: number) => string {
  const { currency } = useSite().config.brand;
  return (cents) =>
    new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(
      cents / 100,
    );
}
