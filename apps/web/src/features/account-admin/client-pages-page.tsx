import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { PageLoader } from '../../ui/page-loader';
import {
  BannerCard,
  DocumentCard,
  HomeForm,
  SettingsForm,
  useHomePageConfig,
  useWhiteLabelSettings,
} from '../white-label';
import { useClientAccountOfOrganization } from './account-admin.queries';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';

/**
 * `/client/:organizationId/editPages`: the public site's pages of one client (a retailer): its home
 * page, settings and policy documents, through the white-label screens' own forms (features/white-label).
 */
export function ClientPagesPage() {
  const { t } = useTranslation('clients');
  const { organizationId = '' } = useParams();
  const client = useClientAccountOfOrganization(organizationId);
  const breadcrumbs = useClientsBreadcrumbs();
  const name = client.data?.name ?? '';
  const retailer = client.data?.kind === 'retailer' && client.data.modules.includes('tim');
  const accountId = client.data?.id ?? '';
  const settings = useWhiteLabelSettings(accountId, retailer);
  const home = useHomePageConfig(accountId, retailer);
  usePageHeader({
    title: name ? t('pages.titleOf', { name }) : t('pages.title'),
    icon: IconWorldWww,
    breadcrumbs: [
      ...breadcrumbs,
      ...(name ? [{ label: name, to: `/client/${organizationId}/edit` }] : []),
      { label: t('pages.title') },
    ],
  });
  if (!client.data) return <PageLoader />;
  if (!retailer) return <Alert color="gray">{t('whiteLabel.notRetailer')}</Alert>;
  if (!settings.data || home.isPending) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <Text size="sm" c="dimmed">
        {t('pages.intro', { name })}
      </Text>
      <HomeForm accountId={accountId} config={home.data ?? null} />
      <BannerCard accountId={accountId} config={home.data ?? null} />
      <SettingsForm accountId={accountId} settings={settings.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DocumentCard accountId={accountId} document="cookies-policy" url={settings.data.cookiesPolicy} />
        <DocumentCard
          accountId={accountId}
          document="accessibility-statement"
          url={settings.data.accessibilityStatement}
        />
      </SimpleGrid>
    </Stack>
  );
}
