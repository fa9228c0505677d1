import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconScan } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { EmptyState } from '../../ui/empty-state';
import { Facts } from '../../ui/facts';
import { PageLoader } from '../../ui/page-loader';
import { ItemStatusBadge } from '../items';
import { StartControlButton } from '../warehouse-control';
import { useItem } from './checkin.queries';
import { CheckinGate } from './checkin-gate';
import { stockLabel } from './stock-label';

/**
 * `/warehouse/confirmation-checkin/:itemId?`: the item just registered —
 * product, retailer, code, stock "awaiting control" — with "Control now" (its control,
 * `/warehouse/check/{itemId}`) and "Scan next" (back to the check-in). Without an item, the way
 * back to the check-in.
 */
export function CheckinConfirmationPage() {
  return (
    <CheckinGate>
      <Confirmation />
    </CheckinGate>
  );
}

function Confirmation() {
  const { t } = useTranslation(['warehouseCheckin', 'buybacks']);
  const { itemId } = useParams();
  const item = useItem(itemId);
  const { dateTime } = useFormatters();
  usePageHeader({
    title: t('confirmation.title'),
    icon: IconCircleCheck,
    breadcrumbs: [{ label: t('title'), to: '/warehouse/checkin' }, { label: t('confirmation.title') }],
  });

  const scanNext = (
    <Button
      component={Link}
      to="/warehouse/checkin"
      variant={itemId ? 'light' : 'filled'}
      leftSection={<IconScan size={18} aria-hidden />}
      data-testid="confirmation-scan-next"
    >
      {t('confirmation.scanNext')}
    </Button>
  );

  if (!itemId)
    return (
      <Card withBorder padding="md" radius="md" maw={880}>
        <EmptyState title={t('confirmation.none')} icon={IconScan} action={scanNext} />
      </Card>
    );
  if (item.isError)
    return (
      <Stack gap="md" maw={880}>
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {translateErrorCode(item.error instanceof ApiError ? item.error.code : 'network_error')}
        </Alert>
        <Group>{scanNext}</Group>
      </Stack>
    );
  if (!item.data) return <PageLoader />;
  const data = item.data;
  const rows: [string, ReactNode][] = [
    [t('list.product'), data.product.name],
    [t('list.retailer'), data.buyback.retailerName],
    [
      t('list.code'),
      <Text key="c" ff="monospace" size="sm">
        {data.identificationNumber}
      </Text>,
    ],
    [t('confirmation.buyback'), data.buyback.identificationNumber],
    [t('confirmation.status'), <ItemStatusBadge key="s" status={data.status} />],
    [t('confirmation.warehouse'), data.warehouse?.commonName ?? '—'],
    [
      t('list.stock'),
      <Text key="st" size="sm" fw={600} data-testid="confirmation-stock">
        {stockLabel(t, data.stock)}
      </Text>,
    ],
    [t('confirmation.registeredAt'), data.registeredAt ? dateTime(data.registeredAt) : '—'],
  ];
  const registered = data.status === 'item_registered_in_warehouse';
  return (
    <Stack gap="md" maw={880}>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="confirmation-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="confirmation-title" style={{ overflowWrap: 'anywhere' }}>
            {registered ? t('confirmation.registered') : t('confirmation.item')}
          </Title>
          <Facts rows={rows} />
          <Group gap="sm" justify="flex-end">
            {scanNext}
            <StartControlButton code={data.identificationNumber} data-testid="confirmation-control">
              {t('confirmation.controlNow')}
            </StartControlButton>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
