import { Text } from '@mantine/core';
import type { Status } from '@reprise/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, type TableSort, useTableParams } from '../../ui/data-table';
import { StatusBadge } from '../../ui/status-badge';
import { ShowcaseSection } from './showcase-section';

interface SampleRow {
  id: string;
  number: number;
  status: Status;
  createdAt: Date;
  amount: number;
}

/** 23 made-up rows, stable from one render to the next. */
const SAMPLE: SampleRow[] = Array.from({ length: 23 }, (_, index) => ({
  id: `sample-${index + 1}`,
  number: index + 1,
  status: index % 4 === 3 ? 'inactive' : 'active',
  createdAt: new Date(2026, 0, 1 + ((index * 11) % 300)),
  amount: ((index * 7919) % 50000) * 100 + (index % 3) * 45,
}));

const DEFAULT_SORT: TableSort = { field: 'number', direction: 'asc' };

function sortRows(rows: SampleRow[], sort: TableSort | null): SampleRow[] {
  if (!sort) return rows;
  const key = sort.field as keyof SampleRow;
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => (a[key] < b[key] ? -factor : a[key] > b[key] ? factor : 0));
}

export function TableSection() {
  const { t } = useTranslation('designSystem');
  const format = useFormatters();
  const { page, itemsPerPage, sort, tableProps } = useTableParams({ defaultSort: DEFAULT_SORT });

  const rows = useMemo(
    () => sortRows(SAMPLE, sort).slice((page - 1) * itemsPerPage, page * itemsPerPage),
    [sort, page, itemsPerPage],
  );

  const columns: DataTableColumn<SampleRow>[] = [
    {
      key: 'name',
      header: t('table.name'),
      sortField: 'number',
      render: (row) => <Text size="sm">{t('table.sampleName', { number: row.number })}</Text>,
    },
    {
      key: 'status',
      header: t('table.status'),
      sortField: 'status',
      render: (row) => <StatusBadge status={row.status} />,
    },
    {
      key: 'createdAt',
      header: t('table.createdAt'),
      sortField: 'createdAt',
      render: (row) => format.date(row.createdAt),
    },
    {
      key: 'amount',
      header: t('table.amount'),
      sortField: 'amount',
      align: 'right',
      render: (row) => format.money(row.amount),
    },
  ];

  return (
    <ShowcaseSection id="ds-table" title={t('table.title')} description={t('table.description')}>
      <DataTable
        caption={t('table.caption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        totalItems={SAMPLE.length}
        emptyMessage={t('table.empty')}
        {...tableProps}
      />
    </ShowcaseSection>
  );
}
