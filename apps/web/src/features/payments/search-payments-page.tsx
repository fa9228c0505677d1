import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BUYBACK_PAYMENT_TYPES, PAYMENT_STATUSES, type PaymentResponse } from '@reprise/shared';
import { IconCash, IconCreditCard, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useSession } from '../../app/session';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { FiltersBar, SearchFilter, useSetFilters, useUpdateSearchParams } from '../../ui/list-filters';
import { PaymentStatusBadge } from '../buybacks';
import { MarkPaidModal } from './mark-paid-modal';
import { failureReasonText } from './payment-panel';
import { usePayments, useRelaunchPayment } from './payments.queries';

const DEFAULT_SORT = { field: 'createdAt', direction: 'desc' } as const;
const TEXT = ['buybackCode', 'createdAt[after]', 'createdAt[before]'] as const;
const LISTS = ['status', 'type'] as const;

/** The relaunch confirmation: says what happens, then the success or failure message. */
function RelaunchModal({ payment, onClose }: { payment: PaymentResponse | null; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const relaunch = useRelaunchPayment();
  const confirm = () => {
    if (!payment) return;
    relaunch.mutate(
      { id: payment.id, body: {} },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('relaunch.success') });
          onClose();
        },
        onError: (error) => {
          // an error stays until it is closed (or the page left)
          notifications.show({ color: 'red', message: t('relaunch.failure'), autoClose: false });
          reportError(error);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={payment !== null} onClose={onClose} title={t('relaunch.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {t('relaunch.confirm', { number: payment?.buyback.identificationNumber ?? '' })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('relaunch.cancel')}
          </Button>
          <Button onClick={confirm} loading={relaunch.isPending} data-testid="relaunch-confirm">
            {t('relaunch.button')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function useColumns(
  onRelaunch: (payment: PaymentResponse) => void,
  onMarkPaid: (payment: PaymentResponse) => void,
): DataTableColumn<PaymentResponse>[] {
  const { t } = useTranslation(['payments', 'buybacks']);
  const { dateTime, money } = useFormatters();
  return [
    {
      key: 'buybackCode',
      header: t('columns.buyback'),
      sortField: 'buybackCode',
      render: (p) => (
        <Anchor component={Link} to={`/buyback/${p.buyback.id}`} ff="monospace" size="sm">
          {p.buyback.identificationNumber}
        </Anchor>
      ),
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortField: 'createdAt',
      render: (p) => dateTime(p.createdAt),
    },
    {
      // the customer, the account under it: every column in sight at 1280 px
      key: 'customer',
      header: t('columns.customer'),
      truncate: true,
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" truncate title={p.customerName}>
            {p.customerName}
          </Text>
          <Text size="xs" c="dimmed" truncate title={p.account.name}>
            {p.account.name}
          </Text>
        </Stack>
      ),
    },
    { key: 'type', header: t('columns.type'), render: (p) => t(`buybacks:paymentType.${p.type}`) },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      render: (p) => (
        <Stack gap={2}>
          <PaymentStatusBadge status={p.status} />
          {p.failureReason && p.status === 'payment_failed' && (
            <Text size="xs" c="red" data-testid="payment-failure-reason">
              {failureReasonText(t, p.failureReason)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      sortField: 'amount',
      align: 'right',
      render: (p) => money(p.amountCents),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (p) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {p.allowedActions.relaunch && (
            <Tooltip label={t('relaunch.button')} withArrow>
              <ActionIcon
                variant="light"
                aria-label={t('relaunch.button')}
                onClick={() => onRelaunch(p)}
                data-testid="payment-relaunch"
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          {p.allowedActions.markPaid && (
            <Tooltip label={t('markPaid.button')} withArrow>
              <ActionIcon
                variant="light"
                color="green"
                aria-label={t('markPaid.button')}
                onClick={() => onMarkPaid(p)}
                data-testid="payment-mark-paid"
              >
                <IconCash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}

/**
 * `/searchPayment` (Payment): the payments of the buybacks the user sees,
 * by buyback code, status, type and creation dates; a failed one is relaunched after a
 * confirmation, an unpaid one marked as paid by hand.
 */
export function SearchPaymentsPage() {
  const { t } = useTranslation(['payments', 'buybacks']);
  const { can } = useSession();
  usePageHeader({
    title: t('search.title'),
    icon: IconCreditCard,
    breadcrumbs: [{ label: t('search.title') }],
  });
  const table = useTableParams({ defaultSort: DEFAULT_SORT });
  const setFilters = useSetFilters();
  const updateSearchParams = useUpdateSearchParams();
  const text = Object.fromEntries(TEXT.map((name) => [name, table.searchParams.get(name) ?? ''])) as Record<
    (typeof TEXT)[number],
    string
  >;
  const lists = Object.fromEntries(LISTS.map((name) => [name, table.searchParams.getAll(name)])) as Record<
    (typeof LISTS)[number],
    string[]
  >;
  const codeInvalid = text.buybackCode !== '' && !/^\d{1,13}$/.test(text.buybackCode.trim());
  const payments = usePayments({
    ...table.query,
    buybackCode: codeInvalid ? undefined : text.buybackCode || undefined,
    'createdAt[after]': text['createdAt[after]'] || undefined,
    'createdAt[before]': text['createdAt[before]'] || undefined,
    status: lists.status.length ? lists.status : undefined,
    type: lists.type.length ? lists.type : undefined,
  });
  const [relaunching, setRelaunching] = useState<PaymentResponse | null>(null);
  const [marking, setMarking] = useState<PaymentResponse | null>(null);
  const columns = useColumns(setRelaunching, setMarking).filter(
    (column) => column.key !== 'actions' || can('payment.search') || can('payment.mark_paid'),
  );
  const setList = (name: (typeof LISTS)[number], values: string[]) =>
    updateSearchParams((params) => {
      params.delete(name);
      for (const value of values) params.append(name, value);
      params.delete('page');
    });
  const active = TEXT.some((name) => text[name]) || LISTS.some((name) => lists[name].length > 0);
  const all = t('filters.all');

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('search.intro')}
        </Text>
        <FiltersBar
          label={t('filters.label')}
          clearLabel={t('filters.clear')}
          active={active}
          onClear={() =>
            updateSearchParams((params) => {
              for (const name of [...TEXT, ...LISTS]) params.delete(name);
              params.delete('page');
            })
          }
        >
          <div>
            <SearchFilter
              label={t('filters.buybackCode')}
              placeholder={t('filters.buybackCodePlaceholder')}
              value={text.buybackCode}
              onChange={(value) => setFilters({ buybackCode: value })}
            />
            {codeInvalid && (
              <Text role="alert" c="red" size="xs">
                {t('filters.codeInvalid')}
              </Text>
            )}
          </div>
          <MultiSelect
            label={t('filters.status')}
            placeholder={lists.status.length ? undefined : all}
            data={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`buybacks:paymentStatus.${s}`) }))}
            value={lists.status}
            onChange={(next) => setList('status', next)}
            clearable
            data-testid="payment-status-filter"
          />
          <MultiSelect
            label={t('filters.type')}
            placeholder={lists.type.length ? undefined : all}
            data={BUYBACK_PAYMENT_TYPES.map((type) => ({
              value: type,
              label: t(`buybacks:paymentType.${type}`),
            }))}
            value={lists.type}
            onChange={(next) => setList('type', next)}
            clearable
          />
          <TextInput
            type="date"
            label={t('filters.after')}
            value={text['createdAt[after]']}
            onChange={(event) => setFilters({ 'createdAt[after]': event.currentTarget.value || null })}
          />
          <TextInput
            type="date"
            label={t('filters.before')}
            value={text['createdAt[before]']}
            onChange={(event) => setFilters({ 'createdAt[before]': event.currentTarget.value || null })}
          />
        </FiltersBar>
        <DataTable
          caption={t('search.caption')}
          columns={columns}
          {...listRows(payments)}
          rowKey={(p) => p.id}
          emptyMessage={active ? t('search.emptyFiltered') : t('search.empty')}
          {...table.tableProps}
        />
      </Stack>
      <RelaunchModal payment={relaunching} onClose={() => setRelaunching(null)} />
      <MarkPaidModal payment={marking} onClose={() => setMarking(null)} />
    </Card>
  );
}
