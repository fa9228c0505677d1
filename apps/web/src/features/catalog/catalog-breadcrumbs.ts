import { useTranslation } from 'react-i18next';
import type { PageHeaderBreadcrumb } from '../../app/page-header';

const SECTION_PATHS = {
  categories: '/categories/list',
  products: '/products',
  diagnostic: '/diagnostic',
  search: '/catalog-search',
} as const;

export type CatalogSection = keyof typeof SECTION_PATHS;

/**
 * Catalogue › <section>, the trail above every catalogue screen: the section links back to its list,
 * except on the list itself (`current`).
 */
export function useCatalogBreadcrumbs(
  section: CatalogSection,
  { current = false } = {},
): PageHeaderBreadcrumb[] {
  const { t } = useTranslation('catalog');
  const label = t(`section.${section}`);
  return [{ label: t('breadcrumb') }, current ? { label } : { label, to: SECTION_PATHS[section] }];
}
