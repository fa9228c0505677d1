import type { CategoryRef } from '@reprise/shared';
import type { PageHeaderBreadcrumb } from '../../../app/page-header';
import { useCatalogBreadcrumbs } from '../catalog-breadcrumbs';

/** Catalogue › Diagnostic › <category>, the trail above a category's questions and its question screens. */
export function useDiagnosticBreadcrumbs(category: CategoryRef | undefined): PageHeaderBreadcrumb[] {
  const trail = useCatalogBreadcrumbs('diagnostic');
  return category ? [...trail, { label: category.label, to: `/diagnostic/category/${category.id}` }] : trail;
}
