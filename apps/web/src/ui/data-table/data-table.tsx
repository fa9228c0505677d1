import {
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { PAGE_SIZES } from '@reprise/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state';
import classes from './data-table.module.css';
import type { TableSort } from './table-params';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** The API field sorted by `order[<sortField>]`; the header becomes a sort button when set. */
  sortField?: string;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
  /** Long free text (names): cut with an ellipsis so that the row stays on one line. */
  truncate?: boolean;
  /** The header is read by screen readers only (a column of checkboxes, each named on its own). */
  headerHidden?: boolean;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (read by screen readers, not shown). */
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  totalItems: number;
  /** The server stopped counting at `totalItems`: there are at least that many rows. */
  totalItemsCapped?: boolean;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  sort: TableSort | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: TableSort) => void;
  loading?: boolean;
  emptyMessage: string;
  /** Shown under the empty message, e.g. a create button. */
  emptyAction?: ReactNode;
  /**
   * A click anywhere on a row opens it (for the mouse); a cell must still hold a button or a link
   * doing the same, for the keyboard.
   */
  onRowClick?: (row: Row) => void;
}

/** What a table shows of a list query: the page's rows, how many there are in all, whether it loads. */
export function listRows<Row>(list: {
  data?: { member: Row[]; totalItems: number; totalItemsCapped?: boolean };
  isFetching: boolean;
}): Pick<DataTableProps<Row>, 'rows' | 'totalItems' | 'totalItemsCapped' | 'loading'> {
  return {
    rows: list.data?.member,
    totalItems: list.data?.totalItems ?? 0,
    totalItemsCapped: list.data?.totalItemsCapped,
    loading: list.isFetching,
  };
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortableHeader({
  label,
  direction,
  onSort,
}: {
  label: string;
  direction: TableSort['direction'] | null;
  onSort: () => void;
}) {
  const { t } = useTranslation('common');
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={onSort} fw={700} fz="sm">
      <Group gap={4} wrap="nowrap">
        {label}
        <Icon size={14} aria-hidden opacity={direction ? 1 : 0.45} />
        <VisuallyHidden>
          {t(direction === 'asc' ? 'table.sortDescending' : 'table.sortAscending')}
        </VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}

/** A server-side list: sortable headers, pagination with page sizes, loading and empty states. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  totalItems,
  totalItemsCapped = false,
  page,
  pageSize,
  pageSizes = PAGE_SIZES,
  sort,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  loading = false,
  emptyMessage,
  emptyAction,
  onRowClick,
}: DataTableProps<Row>) {
  const { t } = useTranslation('common');
  const pageCount = Math.max(1, Math.ceil(totalItems / pageSize));
  const from = totalItems === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(totalItems, page * pageSize);
  // No rows yet (a failed query, e.g. a 401 under the session-expired dialog) is not "no result".
  const isEmpty = !loading && rows !== undefined && rows.length === 0;

  // the truncated columns share at most 40 % of the width, so that the others keep theirs
  const truncated = columns.filter((column) => column.truncate).length;
  const tableStyle = truncated
    ? ({ '--truncate-share': `${Math.min(22, 40 / truncated)}%` } as CSSProperties)
    : undefined;

  const toggleSort = (field: string) =>
    onSortChange({ field, direction: sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc' });

  return (
    <div>
      <div style={{ position: 'relative', minHeight: loading && !rows ? 160 : undefined }}>
        <LoadingOverlay
          visible={loading}
          zIndex={10}
          overlayProps={{ blur: 1 }}
          loaderProps={{ size: 'sm' }}
        />
        <Table.ScrollContainer minWidth={560}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing={6}
            aria-busy={loading}
            className={classes.table}
            style={tableStyle}
          >
            <Table.Caption>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const direction =
                    column.sortField && sort?.field === column.sortField ? sort.direction : null;
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.width}
                      ta={column.align}
                      scope="col"
                      aria-sort={column.sortField ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                    >
                      {column.sortField ? (
                        <SortableHeader
                          label={column.header}
                          direction={direction}
                          onSort={() => toggleSort(column.sortField!)}
                        />
                      ) : column.headerHidden ? (
                        <VisuallyHidden>{column.header}</VisuallyHidden>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows?.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  className={onRowClick ? classes.clickable : undefined}
                >
                  {columns.map((column) => {
                    const content = column.render(row);
                    return (
                      <Table.Td
                        key={column.key}
                        ta={column.align}
                        className={column.truncate ? classes.truncate : undefined}
                        title={column.truncate && typeof content === 'string' ? content : undefined}
                      >
                        {content}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {isEmpty && <EmptyState title={emptyMessage} action={emptyAction} />}
      </div>
      <Group justify="space-between" mt="md" gap="sm">
        <Group gap="xs">
          <Select
            label={t('table.pageSize')}
            data={pageSizes.map(String)}
            value={String(pageSize)}
            onChange={(value) => value && onPageSizeChange(Number(value))}
            allowDeselect={false}
            w={90}
            size="xs"
            styles={{ label: { whiteSpace: 'nowrap' } }}
          />
          <Text size="sm" c="dimmed" mt={18} aria-live="polite">
            {t(totalItemsCapped ? 'table.rangeCapped' : 'table.range', { from, to, total: totalItems })}
          </Text>
        </Group>
        {pageCount > 1 && (
          <Pagination
            total={pageCount}
            value={page}
            onChange={onPageChange}
            size="sm"
            siblings={1}
            boundaries={1}
            aria-label={t('table.pagination')}
            getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`table.${control}`) })}
          />
        )}
      </Group>
    </div>
  );
}
