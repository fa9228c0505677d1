import { useTranslation } from 'react-i18next';

/** The breadcrumbs every client screen starts with: the platform-admin section, then the clients. */
export function useClientsBreadcrumbs() {
  const { t } = useTranslation(['clients', 'layout']);
  return [{ label: t('layout:menu.section.admin') }, { label: t('clients:title'), to: '/clients' }];
}
