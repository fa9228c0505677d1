import { ActionIcon, Card, Code, Modal, ScrollArea, Select, Stack, Text, Tooltip } from '@mantine/core';
import { CLIENT_ERROR_APPS, type ClientErrorGroupResponse } from '@reprise/shared';
import { IconBug, IconFileCode } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { DataTable, type DataTableColumn, listRows, useTableParams } from '../../ui/data-table';
import { useClientErrorGroups } from './client-errors.queries';

function useColumns(onStack: (group: ClientErrorGroupResponse) => void) {
  const { t } = useTranslation('clientErrors');
  const { dateTime } = useFormatters();
  const columns: DataTableColumn<ClientErrorGroupResponse>[] = [
    { key: 'message', header: t('columns.message'), truncate: true, render: (g) => g.message },
    { key: 'route', header: t('columns.route'), render: (g) => <Code>{g.route}</Code> },
    { key: 'app', header: t('columns.app'), render: (g) => t(`apps.${g.app}`) },
    { key: 'count', header: t('columns.count'), align: 'right', render: (g) => g.count },
    { key: 'users', header: t('columns.users'), align: 'right', render: (g) => g.users },
    { key: 'accounts', header: t('columns.accounts'), align: 'right', render: (g) => g.accounts },
    { key: 'firstSeenAt', header: t('columns.firstSeenAt'), render: (g) => dateTime(g.firstSeenAt) },
    { key: 'lastSeenAt', header: t('columns.lastSeenAt'), render: (g) => dateTime(g.lastSeenAt) },
    {
      key: 'stack',
      header: t('columns.stack'),
      align: 'right',
      render: (g) => (
        <Tooltip label={t('stack.button')} withArrow>
          <ActionIcon variant="subtle" aria-label={t('stack.button')} onClick={() => onStack(g)}>
            <IconFileCode size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return columns;
}

/** `/admin/client-errors` (platform admins): the uncaught errors browsers reported, by message and screen. */
export function ClientErrorsPage() {
  const { t } = useTranslation(['clientErrors', 'layout']);
  usePageHeader({
    title: t('clientErrors:title'),
    icon: IconBug,
    breadcrumbs: [{ label: t('layout:menu.section.admin') }, { label: t('clientErrors:title') }],
  });
  const table = useTableParams();
  const app = table.searchParams.get('app');
  const groups = useClientErrorGroups({ ...table.query, app });
  const [shown, setShown] = useState<ClientErrorGroupResponse | null>(null);
  const columns = useColumns(setShown);

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Text c="dimmed">{t('clientErrors:help')}</Text>
        <Select
          label={t('clientErrors:filters.app')}
          placeholder={t('clientErrors:filters.all')}
          data={CLIENT_ERROR_APPS.map((value) => ({ value, label: t(`clientErrors:apps.${value}`) }))}
          value={app}
          onChange={(value) => table.setFilter('app', value)}
          clearable
          maw={320}
        />
        <DataTable
          caption={t('clientErrors:caption')}
          columns={columns}
          {...listRows(groups)}
          rowKey={(g) => `${g.app}\n${g.message}\n${g.route}`}
          emptyMessage={t('clientErrors:empty')}
          {...table.tableProps}
        />
      </Stack>
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t('clientErrors:stack.title')}
        size="xl"
      >
        {shown && (
          <Stack gap="xs">
            <Text fw={500} style={{ wordBreak: 'break-word' }}>
              {shown.message}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`clientErrors:kinds.${shown.lastKind}`)} · {shown.lastBuild}
            </Text>
            <ScrollArea.Autosize mah={400}>
              <Code block data-testid="client-error-stack">
                {shown.lastStack ?? t('clientErrors:stack.none')}
              </Code>
            </ScrollArea.Autosize>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
