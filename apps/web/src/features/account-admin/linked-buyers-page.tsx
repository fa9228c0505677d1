import { Card, Stack } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { PageLoader } from '../../ui/page-loader';
import { useClientAccount } from './account-admin.queries';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';
import { LinkedBuyersPanel } from './linked-buyers-panel';

/** `/account/:accountId/linked-buyers`: the linked buyers of a client, as its edit screen's tab shows them. */
export function LinkedBuyersPage() {
  const { t } = useTranslation('clients');
  const { accountId = '' } = useParams();
  const client = useClientAccount(accountId);
  const breadcrumbs = useClientsBreadcrumbs();
  const name = client.data?.name ?? '';
  const title = name ? t('linkedBuyers.titleOf', { name }) : t('tabs.linkedBuyers');
  usePageHeader({
    title,
    icon: IconLink,
    breadcrumbs: [
      ...breadcrumbs,
      ...(client.data ? [{ label: name, to: `/client/${client.data.rootOrganizationId}/edit` }] : []),
      { label: t('tabs.linkedBuyers') },
    ],
  });
  if (!client.data) return <PageLoader />;
  return (
    <Card withBorder padding="md" maw={1200}>
      <Stack gap="md">
        <LinkedBuyersPanel client={client.data} />
      </Stack>
    </Card>
  );
}
