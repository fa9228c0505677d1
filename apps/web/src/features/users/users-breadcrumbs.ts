import { useTranslation } from 'react-i18next';
import type { PageHeaderBreadcrumb } from '../../app/page-header';

/** Organisation › Users, the trail above every user screen. */
export function useUsersBreadcrumbs(): PageHeaderBreadcrumb[] {
  const { t } = useTranslation('users');
  return [{ label: t('breadcrumb.organization') }, { label: t('title'), to: '/users' }];
}
