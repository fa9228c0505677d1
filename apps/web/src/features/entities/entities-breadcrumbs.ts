import { useTranslation } from 'react-i18next';
import type { PageHeaderBreadcrumb } from '../../app/page-header';

/** Organisation › Entities, the trail above every entity screen. */
export function useEntitiesBreadcrumbs(): PageHeaderBreadcrumb[] {
  const { t } = useTranslation('entities');
  return [{ label: t('breadcrumb.organization') }, { label: t('title'), to: '/entities' }];
}
