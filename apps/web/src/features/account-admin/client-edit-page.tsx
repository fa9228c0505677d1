import { Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ClientAccountResponse } from '@reprise/shared';
import {
  IconAdjustments,
  IconBuildingStore,
  IconDownload,
  IconPlugConnected,
  IconRefresh,
  IconTrash,
  IconUpload,
  IconUserPlus,
  IconWorldWww,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { useCatalogReindex, useClientAccount, useClientAccountOfOrganization } from './account-admin.queries';
import { ClientDeleteModal } from './client-delete-modal';
import {
  CircuitsTab,
  GeneralTab,
  ModulesTab,
  PaymentModesTab,
  PremiumFeaturesTab,
  TransportTab,
  WhiteLabelTab,
} from './client-tabs';
import { useClientsBreadcrumbs } from './clients-breadcrumbs';
import { ClientKindBadge } from './clients-list-page';
import { LinkedBuyersPanel } from './linked-buyers-panel';

const TABS = [
  'general',
  'modules',
  'circuits',
  'whiteLabel',
  'paymentModes',
  'transport',
  'premium',
  'linkedBuyers',
] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, (props: { client: ClientAccountResponse }) => React.ReactNode> = {
  general: GeneralTab,
  modules: ModulesTab,
  circuits: CircuitsTab,
  whiteLabel: WhiteLabelTab,
  paymentModes: PaymentModesTab,
  transport: TransportTab,
  premium: PremiumFeaturesTab,
  linkedBuyers: LinkedBuyersPanel,
};

/** The tools of a client: catalogue reindex, its imports, exports and connectors, its pages, deletion. */
function ClientTools({ client, onDelete }: { client: ClientAccountResponse; onDelete: () => void }) {
  const { t } = useTranslation('clients');
  const { can } = useSession();
  const reindex = useCatalogReindex(client.id);
  const org = client.rootOrganizationId;
  return (
    <Card withBorder padding="md" component="section" aria-label={t('tools.title')}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('tools.title')}
        </Title>
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={reindex.isPending}
            onClick={() =>
              reindex.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: t('tools.reindexQueued') }),
              })
            }
          >
            {t('tools.reindex')}
          </Button>
          <Button
            component={Link}
            to={`/imports/${org}`}
            variant="default"
            leftSection={<IconUpload size={16} aria-hidden />}
          >
            {t('tools.imports')}
          </Button>
          <Button
            component={Link}
            to={`/exports/${org}`}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('tools.exports')}
          </Button>
          <Button
            component={Link}
            to={`/connectors/${org}/connectors`}
            variant="default"
            leftSection={<IconPlugConnected size={16} aria-hidden />}
          >
            {t('tools.connectors')}
          </Button>
          {can('general_settings') && (
            <Button
              component={Link}
              to={`/settings/${client.kind === 'retailer' ? 'tim' : 'lcm'}/general?accountId=${client.id}`}
              variant="default"
              leftSection={<IconAdjustments size={16} aria-hidden />}
            >
              {t('tools.generalSettings')}
            </Button>
          )}
          {client.kind === 'retailer' && (
            <Button
              component={Link}
              to={`/client/${org}/editPages`}
              variant="default"
              leftSection={<IconWorldWww size={16} aria-hidden />}
            >
              {t('actions.editPages')}
            </Button>
          )}
          {can('client.create') && (
            <Button
              component={Link}
              to={`/userClient/create?accountId=${client.id}`}
              variant="default"
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t('tools.newUser')}
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
          >
            {t('tools.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/client/:organizationId/edit`: a client's tabs (general … linked buyers) and its tools. */
export function ClientEditPage() {
  const { organizationId = '' } = useParams();
  return <ClientEdit client={useClientAccountOfOrganization(organizationId)} />;
}

/**
 * `/beta/account/:accountId/edit`: the spec's beta account edit, the same screen reached by the
 * account's id (docs/routes.md).
 */
export function BetaAccountEditPage() {
  const { accountId = '' } = useParams();
  return <ClientEdit client={useClientAccount(accountId)} />;
}

function ClientEdit({ client }: { client: UseQueryResult<ClientAccountResponse> }) {
  const { t } = useTranslation('clients');
  const breadcrumbs = useClientsBreadcrumbs();
  const [tab, setTab] = useState<Tab>('general');
  const [deleting, setDeleting] = useState(false);
  const name = client.data?.name ?? '';
  usePageHeader({
    title: name ? t('edit.titleOf', { name }) : t('edit.title'),
    icon: IconBuildingStore,
    breadcrumbs: [...breadcrumbs, { label: name || t('edit.title') }],
  });
  if (!client.data) return <PageLoader />;
  const data = client.data;
  const Panel = PANELS[tab];
  return (
    <Stack gap="lg" maw={1200}>
      <Group gap="sm">
        <ClientKindBadge kind={data.kind} />
        <Text size="sm" c="dimmed">
          {t('edit.belongsTo', { name: data.name, kind: t(`kind.${data.kind}`) })}
        </Text>
      </Group>
      <ClientTools client={data} onDelete={() => setDeleting(true)} />
      <Card withBorder padding="md">
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as Tab | null) ?? 'general')}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {TABS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {t(`tabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab}>
            <Panel key={`${data.id}-${tab}`} client={data} />
          </Tabs.Panel>
        </Tabs>
      </Card>
      <ClientDeleteModal client={data} opened={deleting} onClose={() => setDeleting(false)} />
    </Stack>
  );
}
