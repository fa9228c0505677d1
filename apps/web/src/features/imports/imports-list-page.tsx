import { Button, Card, Group, Loader, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  IMPORT_CONTENTS,
  IMPORT_STATUSES,
  type ImportContent,
  type ImportResponse,
  type ImportStatus,
} from '@reprise/shared';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { EmptyState } from '../../ui/empty-state';
import { useImportDestination } from './import-destination';
import { ImportPanel } from './import-panel';
import { ImportStatusBadge } from './import-status-badge';
import { type ImportFilters, useImports } from './imports.queries';

const isStatus = (v: string | null): v is ImportStatus => IMPORT_STATUSES.includes(v as ImportStatus);
const isContent = (v: string | null): v is ImportContent => IMPORT_CONTENTS.includes(v as ImportContent);

/** The list's filters and the import open in the side panel, kept in the address (`?status&content&import`). */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const content = params.get('content');
  const filters: ImportFilters = {
    status: isStatus(status) ? status : undefined,
    content: isContent(content) ? content : undefined,
  };
  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: name !== 'import' },
    );
  return { filters, selected: params.get('import'), set };
}

function ImportRow({ imported, onOpen }: { imported: ImportResponse; onOpen: () => void }) {
  const { t } = useTranslation('imports');
  const f = useFormatters();
  const source = imported.createdBy?.name ?? imported.sourceAccount?.name;
  return (
    <Table.Tr
      data-testid="import-row"
      data-import-id={imported.id}
      style={{ cursor: 'pointer' }}
      onClick={onOpen}
    >
      <Table.Td>
        <UnstyledButton
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
          aria-label={t('list.open', { file: imported.fileName })}
          data-testid="import-open"
        >
          <Text size="sm" fw={500} c="var(--mantine-color-anchor)">
            {f.dateTime(imported.createdAt)}
          </Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed" truncate="end" maw={260} title={imported.fileName}>
          {imported.fileName}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`origins.${imported.origin}`)}</Text>
        {source && (
          <Text size="xs" c="dimmed">
            {source}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{imported.account.name}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{t(`contents.${imported.content}`)}</Text>
        <Text size="xs" c="dimmed">
          {t(`strategies.${imported.strategy}.label`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <ImportStatusBadge status={imported.status} />
          {imported.status === 'in_progress' ? (
            <Group gap={6} wrap="nowrap">
              <Loader size={12} aria-hidden />
              <Text size="xs" c="dimmed" data-testid="import-row-progress">
                {imported.startedAt ? t('progress.read', { count: imported.position }) : t('progress.queued')}
              </Text>
            </Group>
          ) : (
            <Text size="xs" c="dimmed">
              {t('list.summary', {
                found: t('list.found', { count: imported.report.lines.found }),
                inserted: t('list.inserted', { count: imported.report.lines.inserted }),
                updated: t('list.updated', { count: imported.report.lines.updated }),
                ignored: t('list.ignored', { count: imported.report.lines.ignored }),
              })}
            </Text>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * `/imports`, `/imports/:organizationId`, `/accounts/:accountId/catalog-imports`
 * section 2): a catalogue's imports, newest first (date, source, destination, data type with
 * strategy, status), more by "show more"; a row opens its side panel.
 */
export function ImportsListPage() {
  const { t } = useTranslation('imports');
  const destination = useImportDestination();
  const { filters, selected, set } = useListParams();
  const imports = useImports(destination.accountId, filters);
  usePageHeader({
    title: t('list.title'),
    icon: IconFileImport,
    breadcrumbs: [{ label: t('breadcrumb') }, { label: t('list.title') }],
    actions: [{ label: t('list.new'), icon: IconPlus, to: destination.newPath }],
  });
  const rows = imports.data?.pages.flatMap((page) => page.member) ?? [];
  const total = imports.data?.pages[0]?.totalItems ?? 0;
  const filtered = Boolean(filters.status || filters.content);
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {destination.accountName
              ? t('list.introFor', { account: destination.accountName })
              : t('list.intro')}
          </Text>
          <Group align="flex-end">
            <Select
              label={t('filters.status')}
              placeholder={t('filters.all')}
              clearable
              data={IMPORT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
              value={filters.status ?? null}
              onChange={(value) => set('status', value)}
              w={240}
            />
            <Select
              label={t('filters.content')}
              placeholder={t('filters.all')}
              clearable
              data={IMPORT_CONTENTS.map((value) => ({ value, label: t(`contents.${value}`) }))}
              value={filters.content ?? null}
              onChange={(value) => set('content', value)}
              w={240}
            />
          </Group>
          {imports.isPending ? (
            <Group justify="center" py="xl">
              <Loader aria-label={t('list.loading')} />
            </Group>
          ) : rows.length === 0 ? (
            <EmptyState
              icon={IconFileImport}
              title={filtered ? t('list.noMatch') : t('list.empty')}
              description={filtered ? undefined : t('list.emptyHint')}
              action={
                filtered ? undefined : (
                  <Button component={Link} to={destination.newPath} leftSection={<IconPlus size={16} />}>
                    {t('list.new')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <Table.ScrollContainer minWidth={760}>
                <Table highlightOnHover verticalSpacing="xs" data-testid="imports-table">
                  <Table.Caption>{t('list.caption', { shown: rows.length, total })}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.date')}</Table.Th>
                      <Table.Th>{t('columns.source')}</Table.Th>
                      <Table.Th>{t('columns.destination')}</Table.Th>
                      <Table.Th>{t('columns.data')}</Table.Th>
                      <Table.Th>{t('columns.status')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((imported) => (
                      <ImportRow
                        key={imported.id}
                        imported={imported}
                        onOpen={() => set('import', imported.id)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {imports.hasNextPage && (
                <Group justify="center">
                  <Button
                    variant="default"
                    onClick={() => void imports.fetchNextPage()}
                    loading={imports.isFetchingNextPage}
                    data-testid="imports-show-more"
                  >
                    {t('list.showMore', { shown: rows.length, total })}
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Card>
      <ImportPanel importId={selected} onClose={() => set('import', null)} />
    </Stack>
  );
}
