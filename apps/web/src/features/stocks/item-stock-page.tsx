import { Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconArrowsExchange, IconBox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { ItemHistory, ItemStatusBadge, stockName } from '../items';
import { ItemComplianceTab } from './item-compliance-tab';
import { ItemDiagnosisTab } from './item-diagnosis-tab';
import { ItemEconomicsTab } from './item-economics-tab';
import { ItemGeneralTab } from './item-general-tab';
import { ItemRefurbDiagnosisTab } from './item-refurb-diagnosis-tab';
import { ItemRefurbStepsTab } from './item-refurb-steps-tab';
import { isMovable } from './item-stock-statuses';
import { MoveToStockModal } from './move-to-stock-modal';
import { useItemInStock } from './stocks.queries';

/** The tabs of the item page, in order; `?tab=` holds the open one. */
const TABS = [
  'general',
  'compliance',
  'diagnosis',
  'refurbDiagnosis',
  'refurbSteps',
  'economics',
  'history',
] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * `items-stock/:id/edit`: an item in stock in tabs — general
 * information, compliance test results, diagnostic results, refurbishment diagnosis, services,
 * economic data and history — with its serial number and resale price for the warehouse manager,
 * and its move to another stock of its warehouse.
 */
export function ItemStockPage() {
  const { t } = useTranslation('stocks');
  const { t: tb } = useTranslation('buybacks');
  const { id = '' } = useParams();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const item = useItemInStock(id);
  const [moving, setMoving] = useState(false);
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'general';
  const data = item.data;
  const number = data?.identificationNumber ?? '';
  const movable =
    data !== undefined &&
    can('refurb.write') &&
    isMovable({ status: data.status, stock: data.stock, dispatchedAt: data.dispatchedAt });
  usePageHeader({
    title: data ? t('page.title', { number }) : t('items.title'),
    icon: IconBox,
    breadcrumbs: [
      { label: t('breadcrumb.stock') },
      { label: t('items.title'), to: '/items-stock' },
      { label: number },
    ],
    actions: movable
      ? [{ label: t('move.action'), icon: IconArrowsExchange, onClick: () => setMoving(true) }]
      : [],
  });
  if (!data) return <PageLoader />;

  const select = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value && value !== 'general') next.set('tab', value);
        else next.delete('tab');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Stack gap="md" maw={1200}>
      <Card withBorder padding="md" radius="md">
        <Group gap="sm" wrap="wrap">
          <ItemStatusBadge status={data.status} />
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {[data.product.brand, data.product.name].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('page.where', {
              stock: stockName(tb, data.stock),
              warehouse: data.warehouse?.commonName ?? '—',
            })}
          </Text>
        </Group>
      </Card>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`page.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          <ItemGeneralTab item={data} />
        </Tabs.Panel>
        <Tabs.Panel value="compliance">
          <ItemComplianceTab item={data} />
        </Tabs.Panel>
        <Tabs.Panel value="diagnosis">
          <ItemDiagnosisTab item={data} />
        </Tabs.Panel>
        <Tabs.Panel value="refurbDiagnosis">
          <ItemRefurbDiagnosisTab itemId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="refurbSteps">
          <ItemRefurbStepsTab itemId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="economics">
          <ItemEconomicsTab item={data} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <ItemHistory itemId={data.id} />
        </Tabs.Panel>
      </Tabs>
      {moving && <MoveToStockModal item={data} opened onClose={() => setMoving(false)} />}
    </Stack>
  );
}
