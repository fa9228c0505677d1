import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { PoliceRegisterEntryResponse, PoliceRegisterVerificationResponse } from '@reprise/shared';
import {
  IconBook2,
  IconFileTypeCsv,
  IconFileTypePdf,
  IconLinkPlus,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import {
  useExportPoliceRegister,
  usePoliceRegisterEntries,
  usePoliceRegisterStores,
  useVerifyPoliceRegister,
} from './police-register.queries';

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** The current month, as the period shown first. */
function thisMonth(): { from: string; to: string } {
  const now = new Date();
  return {
    from: dayOf(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: dayOf(new Date(now.getFullYear(), now.getMonth() + 1, 0)),
  };
}

function useColumns(): DataTableColumn<PoliceRegisterEntryResponse>[] {
  const { t } = useTranslation('policeRegister');
  const { dateTime, locale } = useFormatters();
  const money = (e: PoliceRegisterEntryResponse) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: e.currency }).format(e.priceCents / 100);
  return [
    {
      key: 'number',
      header: t('columns.number'),
      render: (e) => (
        <Anchor
          component={Link}
          to={`/police-register/entries/${e.id}`}
          size="sm"
          fw={500}
          data-testid="register-entry-number"
        >
          {e.number}
        </Anchor>
      ),
    },
    { key: 'acquiredAt', header: t('columns.date'), render: (e) => dateTime(e.acquiredAt) },
    {
      key: 'seller',
      header: t('columns.seller'),
      truncate: true,
      render: (e) => `${e.seller.lastName.toUpperCase()} ${e.seller.firstName}, ${e.seller.city}`,
    },
    {
      key: 'object',
      header: t('columns.object'),
      truncate: true,
      render: (e) =>
        [e.object.productName, e.object.imei ?? e.object.serialNumber].filter(Boolean).join(' · '),
    },
    { key: 'price', header: t('columns.price'), align: 'right', render: money },
    { key: 'payment', header: t('columns.payment'), truncate: true, render: (e) => e.paymentModeLabel },
    {
      key: 'deviceCheck',
      header: t('columns.deviceCheck'),
      render: (e) => (e.deviceCheck ? t(`deviceCheck.${e.deviceCheck}`) : '—'),
    },
    {
      key: 'correction',
      header: t('columns.correction'),
      render: (e) =>
        e.corrects ? (
          <Badge variant="light" color="orange" size="sm">
            {t('list.corrects', { number: e.corrects.number })}
          </Badge>
        ) : e.correctedBy.length > 0 ? (
          <Badge variant="light" color="gray" size="sm">
            {t('list.corrected')}
          </Badge>
        ) : (
          '—'
        ),
    },
  ];
}

function VerificationResult({ result }: { result: PoliceRegisterVerificationResponse }) {
  const { t } = useTranslation('policeRegister');
  return result.whole ? (
    <Alert
      color="green"
      icon={<IconShieldCheck aria-hidden />}
      data-testid="register-verification"
      role="status"
    >
      {t('verify.whole', { count: result.entries })}
    </Alert>
  ) : (
    <Alert color="red" data-testid="register-verification" role="alert">
      {t('verify.broken', { number: result.firstBrokenNumber })}
    </Alert>
  );
}

/**
 * `/police-register`: a store's police register (a store picker for users above the stores), the
 * entries of a period page by page, the chain's verification and the period's PDF and CSV exports.
 */
export function PoliceRegisterPage() {
  const { t } = useTranslation('policeRegister');
  const { locale } = useFormatters();
  usePageHeader({
    title: t('list.title'),
    icon: IconBook2,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('list.title') }],
  });
  const table = useTableParams();
  const stores = usePoliceRegisterStores();
  const [chosen, setChosen] = useState<string | null>(null);
  const storeId = chosen ?? stores.data?.[0]?.id ?? null;
  const store = stores.data?.find((s) => s.id === storeId);
  const [period, setPeriod] = useState(thisMonth);
  const validPeriod = !!period.from && !!period.to && period.from <= period.to;
  const entries = usePoliceRegisterEntries(validPeriod ? storeId : null, { ...table.query, ...period });
  const verify = useVerifyPoliceRegister();
  const exportFile = useExportPoliceRegister();
  const columns = useColumns();
  const download = (format: 'pdf' | 'csv') =>
    storeId &&
    exportFile.mutate(
      { storeId, format, ...period, lang: locale },
      { onError: (error) => reportError(error) },
    );

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('list.intro', { years: store?.retentionYears ?? 10 })}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {(stores.data?.length ?? 0) > 1 && (
            <Select
              label={t('filters.store')}
              searchable
              data={(stores.data ?? []).map((s) => ({
                value: s.id,
                label: s.city ? `${s.commonName} (${s.city})` : s.commonName,
              }))}
              value={storeId}
              onChange={(value) => {
                setChosen(value);
                verify.reset();
              }}
              allowDeselect={false}
              data-testid="register-store"
            />
          )}
          <TextInput
            type="date"
            label={t('filters.from')}
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.currentTarget.value }))}
            data-testid="register-from"
          />
          <TextInput
            type="date"
            label={t('filters.to')}
            value={period.to}
            error={validPeriod ? undefined : t('filters.invalidPeriod')}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.currentTarget.value }))}
            data-testid="register-to"
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconShieldCheck size={18} aria-hidden />}
            disabled={!storeId}
            loading={verify.isPending}
            onClick={() => storeId && verify.mutate(storeId, { onError: (error) => reportError(error) })}
          >
            {t('actions.verify')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            disabled={!storeId || !validPeriod}
            loading={exportFile.isPending && exportFile.variables?.format === 'pdf'}
            onClick={() => download('pdf')}
          >
            {t('actions.exportPdf')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            disabled={!storeId || !validPeriod}
            loading={exportFile.isPending && exportFile.variables?.format === 'csv'}
            onClick={() => download('csv')}
          >
            {t('actions.exportCsv')}
          </Button>
        </Group>
        {verify.data && <VerificationResult result={verify.data} />}
        {stores.data?.length === 0 ? (
          <Text>{t('list.noStore')}</Text>
        ) : (
          <DataTable
            caption={t('list.caption')}
            columns={columns}
            {...listRows(entries)}
            rowKey={(e) => e.id}
            emptyMessage={t('list.empty')}
            {...table.tableProps}
          />
        )}
        <Text size="xs" c="dimmed">
          <IconLinkPlus size={14} aria-hidden /> {t('list.correctionHint')}
        </Text>
      </Stack>
    </Card>
  );
}
