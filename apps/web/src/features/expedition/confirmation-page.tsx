import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PackageResponse } from '@reprise/shared';
import { IconAlertTriangle, IconCircleCheck, IconPackage, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { PageLoader } from '../../ui/page-loader';
import { SimpleTable } from '../../ui/simple-table';
import { ItemStatusBadge } from '../items';
import { usePackage } from './expedition.queries';
import { PackageBadges } from './package-badges';
import { PackageDocumentButtons } from './package-documents';
import { PackageItemCells } from './package-item-cells';

/**
 * `/expedition/confirmation?packageId=`: the package just closed — number,
 * tracking number, items — with its label (a package with a label) and packing list to download,
 * and a new package to start.
 */
export function ExpeditionConfirmationPage() {
  const { t } = useTranslation('expedition');
  const [params] = useSearchParams();
  const packageId = params.get('packageId');
  const pack = usePackage(packageId);
  usePageHeader({
    title: t('confirmation.title'),
    icon: IconCircleCheck,
    breadcrumbs: [{ label: t('title'), to: '/start-expedition' }, { label: t('confirmation.title') }],
  });
  const newPackage = (
    <Button
      component={Link}
      to="/start-expedition"
      variant="light"
      leftSection={<IconPlus size={18} aria-hidden />}
      data-testid="confirmation-new-package"
    >
      {t('confirmation.newPackage')}
    </Button>
  );

  if (!packageId)
    return (
      <Card withBorder padding="md" radius="md" maw={880}>
        <EmptyState title={t('packing.none')} icon={IconPackage} action={newPackage} />
      </Card>
    );
  if (pack.isError)
    return (
      <Stack gap="md" maw={880}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {translateErrorCode(pack.error instanceof ApiError ? pack.error.code : 'network_error')}
        </Alert>
        <Group>{newPackage}</Group>
      </Stack>
    );
  if (!pack.data) return <PageLoader />;
  return <Confirmation pack={pack.data} newPackage={newPackage} />;
}

function Confirmation({ pack, newPackage }: { pack: PackageResponse; newPackage: ReactNode }) {
  const { t } = useTranslation(['expedition', 'buybacks']);
  const { dateTime } = useFormatters();
  const facts: [string, ReactNode, string][] = [
    [
      t('columns.number'),
      <Text key="n" ff="monospace" fw={700}>
        {pack.number}
      </Text>,
      'confirmation-number',
    ],
    [
      t('columns.trackingNumber'),
      <Text key="t" ff="monospace">
        {pack.trackingNumber ?? '—'}
      </Text>,
      'confirmation-tracking',
    ],
    [t('columns.origin'), pack.origin.commonName, 'confirmation-origin'],
    [t('columns.destination'), pack.destination?.commonName ?? '—', 'confirmation-destination'],
    [t('columns.closedAt'), pack.closedAt ? dateTime(pack.closedAt) : '—', 'confirmation-closed-at'],
    [t('columns.items'), String(pack.itemCount), 'confirmation-count'],
  ];

  return (
    <Stack gap="md" maw={1100}>
      {pack.status === 'closed' ? (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          role="status"
          data-testid="confirmation-done"
        >
          <Title order={2} size="h4">
            {t('confirmation.closed', { number: pack.number })}
          </Title>
          <Text size="sm">
            {pack.kind === 'store'
              ? t('confirmation.storeDone', { destination: pack.destination?.commonName ?? '—' })
              : t('confirmation.warehouseDone')}
          </Text>
        </Alert>
      ) : (
        <Alert color="blue" icon={<IconPackage aria-hidden />} data-testid="confirmation-still-open">
          <Group gap="md">
            <Text size="sm">{t('confirmation.stillOpen')}</Text>
            <Button
              component={Link}
              to={`/packing-with-label?packageId=${pack.id}`}
              size="xs"
              variant="light"
            >
              {t('confirmation.resume')}
            </Button>
          </Group>
        </Alert>
      )}

      <Card withBorder padding="md" radius="md">
        <Stack gap="sm">
          <PackageBadges pack={pack} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" component="dl" m={0}>
            {facts.map(([label, value, testId]) => (
              <div key={testId}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {label}
                </Text>
                <Text component="dd" m={0} size="sm" data-testid={testId}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>

      <Card withBorder padding="md" radius="md">
        <SimpleTable
          headers={[
            t('columns.item'),
            t('columns.buyback'),
            t('columns.product'),
            t('columns.imei'),
            t('columns.status'),
          ]}
          minWidth={560}
          caption={t('packing.itemsTitle')}
          testId="confirmation-items"
        >
          {pack.items.map((item) => (
            <Table.Tr key={item.id}>
              <PackageItemCells item={item} />
              <Table.Td>
                {pack.kind === 'warehouse' && pack.status === 'closed' ? (
                  <Text size="sm" fw={600} c="green">
                    {t('confirmation.dispatched')}
                  </Text>
                ) : (
                  <ItemStatusBadge status={item.status} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </SimpleTable>
      </Card>

      <Group justify="space-between" gap="sm">
        <PackageDocumentButtons pack={pack} />
        {newPackage}
      </Group>
    </Stack>
  );
}
