import { useTranslation } from 'react-i18next';
import type { PageHeaderBreadcrumb } from '../../app/page-header';

/** Organisation › Entities (the screens' label), the trail above every organisation screen. */
export function useOrganizationsBreadcrumbs(): PageHeaderBreadcrumb[] {
  const { t } = useTranslation('entities');
  return [{ label: t('breadcrumb.organization') }, { label: t('title'), to: '/entities' }];
}
