import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CONNECTOR_PAGE_SIZE,
  CONNECTOR_TYPES,
  type ConnectorConfigurationResponse,
  type ConnectorResponse,
} from '@reprise/shared';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useCurrentUser } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { PageLoader } from '../../ui/page-loader';
import { StatusBadge } from '../../ui/status-badge';
import { connectorName } from './connector-labels';
import { useConfigurations, useConnector, useConnectorCatalogue } from './connectors.queries';

/**
 * `/connectors` (the menu's entry): the connectors of the user's own root organisation. Those who
 * configure connectors (`connector.configuration`: a root management unit's manager, platform
 * operators) are held at their account's root organisation, their current organisation.
 */
export function OwnConnectorsRedirect() {
  const user = useCurrentUser();
  return <Navigate to={`/connectors/${user.currentOrganization.id}/connectors`} replace />;
}

/** The OpenID Connect connector is configured on its own screen (features/single-sign-on). */
const SINGLE_SIGN_ON_FQN = 'reprise.authentication.openid_connect';

export const configurationsPath = (organizationId: string, connectorId: string) =>
  `/connectors/${organizationId}/configurations/${connectorId}`;

/** `/connectors/:organizationId/connectors`: the catalogue by type, with the organisation's configurations counted. */
export function ConnectorsPage() {
  const { t } = useTranslation('connectors');
  const { organizationId = '' } = useParams();
  const catalogue = useConnectorCatalogue();
  const configurations = useConfigurations({ organizationId, itemsPerPage: CONNECTOR_PAGE_SIZE });
  usePageHeader({
    title: t('catalogue.title'),
    icon: IconPlugConnected,
    breadcrumbs: [{ label: t('breadcrumb.configuration') }, { label: t('catalogue.title') }],
  });
  if (!catalogue.data) return <PageLoader />;
  const counts = new Map<string, number>();
  for (const c of configurations.data?.member ?? [])
    counts.set(c.connector.id, (counts.get(c.connector.id) ?? 0) + 1);
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('catalogue.intro')}
      </Text>
      {CONNECTOR_TYPES.map((type) => {
        const connectors = catalogue.data.member.filter((c) => c.type === type);
        return (
          <section
            key={type}
            aria-labelledby={`connector-type-${type}`}
            data-testid={`connector-type-${type}`}
          >
            <Title order={2} size="h4" mb="sm" id={`connector-type-${type}`}>
              {t(`type.${type}`)}
            </Title>
            {connectors.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('catalogue.empty')}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {connectors.map((connector) => (
                  <ConnectorCard
                    key={connector.id}
                    connector={connector}
                    organizationId={organizationId}
                    count={counts.get(connector.id) ?? 0}
                  />
                ))}
              </SimpleGrid>
            )}
          </section>
        );
      })}
    </Stack>
  );
}

function ConnectorCard({
  connector,
  organizationId,
  count,
}: {
  connector: ConnectorResponse;
  organizationId: string;
  count: number;
}) {
  const { t } = useTranslation('connectors');
  const name = connectorName(t, connector);
  return (
    <Card withBorder padding="md" data-testid="connector-card" data-fqn={connector.fqn}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{name}</Text>
          {connector.fqn !== SINGLE_SIGN_ON_FQN && (
            <Badge variant="light" color={count > 0 ? 'green' : 'gray'} data-testid="connector-count">
              {t('catalogue.configurations', { count })}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace">
          {connector.fqn}
        </Text>
        {connector.actions.length > 0 && (
          <Text size="xs" c="dimmed">
            {t('catalogue.actions', { actions: connector.actions.join(', ') })}
          </Text>
        )}
        {connector.fqn === SINGLE_SIGN_ON_FQN ? (
          <Anchor component={Link} to={`/connectors/${organizationId}/SSO`} size="sm" data-testid="sso-link">
            {t('catalogue.openSingleSignOn')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={configurationsPath(organizationId, connector.id)} size="sm">
            {t('catalogue.open', { name })}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

function useColumns(): DataTableColumn<ConnectorConfigurationResponse>[] {
  const { t } = useTranslation('connectors');
  const { dateTime } = useFormatters();
  return [
    {
      key: 'name',
      header: t('columns.name'),
      truncate: true,
      render: (c) => (
        <Anchor
          component={Link}
          to={`/connectors/${c.id}`}
          fw={500}
          size="sm"
          aria-label={t('list.edit', { name: c.name })}
          data-testid="configuration-name"
        >
          {c.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      render: (c) => <StatusBadge status={c.status} label={t(`status.${c.status}`)} />,
    },
    { key: 'updated', header: t('columns.updated'), render: (c) => dateTime(c.updatedAt) },
  ];
}

/** `/connectors/:organizationId/configurations/:connectorId`: a connector's configurations in the organisation. */
export function ConfigurationsPage() {
  const { t } = useTranslation('connectors');
  const { organizationId = '', connectorId = '' } = useParams();
  const connector = useConnector(connectorId);
  const table = useTableParams();
  const configurations = useConfigurations({ ...table.query, organizationId, connectorId });
  const name = connector.data ? connectorName(t, connector.data) : '';
  const createPath = `/connectors/createConfiguration?organizationId=${organizationId}&connectorId=${connectorId}`;
  usePageHeader({
    title: t('list.title', { name }),
    icon: IconPlugConnected,
    breadcrumbs: [
      { label: t('breadcrumb.configuration') },
      { label: t('catalogue.title'), to: `/connectors/${organizationId}/connectors` },
      { label: name },
    ],
    actions: [{ label: t('list.create'), icon: IconPlus, to: createPath }],
  });
  const columns = useColumns();
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('list.intro')}
        </Text>
        <DataTable
          caption={t('list.caption')}
          columns={columns}
          {...listRows(configurations)}
          rowKey={(c) => c.id}
          emptyMessage={t('list.empty')}
          {...table.tableProps}
        />
      </Stack>
    </Card>
  );
}
