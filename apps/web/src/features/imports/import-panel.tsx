import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { ImportIgnoredLineResponse, ImportResponse } from '@reprise/shared';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../app/use-formatters';
import { PageLoader } from '../../ui/page-loader';
import { formatFileSize } from './import-file';
import { ImportStatusBadge } from './import-status-badge';
import { downloadImportFile, useDownload, useIgnoredLines, useImport } from './imports.queries';

interface ImportPanelProps {
  /** The import shown; null closes the panel. */
  importId: string | null;
  onClose: () => void;
}

/**
 * The side panel of an import: general information, dates, line counts,
 * the import's error or its ignored lines; read again every few seconds while it runs.
 */
export function ImportPanel({ importId, onClose }: ImportPanelProps) {
  const { t } = useTranslation('imports');
  const found = useImport(importId);
  return (
    <Drawer
      opened={importId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      // the drawer's title is already its heading (an h2): a Title inside it was a heading in a heading
      title={t('panel.title')}
      styles={{ title: { fontSize: 'var(--mantine-h4-font-size)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      data-testid="import-panel"
    >
      {found.data ? (
        <ImportDetails imported={found.data} />
      ) : found.isError ? (
        <Alert color="red" role="alert">
          {t('panel.notFound')}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Drawer>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ImportDetails({ imported }: { imported: ImportResponse }) {
  const { t } = useTranslation('imports');
  const f = useFormatters();
  const download = useDownload(downloadImportFile);
  const counts = imported.report.lines;
  const none = t('panel.none');
  return (
    <Stack gap="lg" data-testid="import-details" data-import-id={imported.id} data-status={imported.status}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component="button"
            type="button"
            fw={600}
            onClick={() => download.mutate(imported)}
            title={t('panel.downloadFile')}
            style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            data-testid="import-file-download"
          >
            <Group gap={6} wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              <span>{imported.fileName}</span>
            </Group>
          </Anchor>
          <Text size="xs" c="dimmed">
            {t('panel.fileFormat', {
              format: imported.fileFormat.toUpperCase(),
              size: formatFileSize(imported.fileSize, f.locale),
            })}
          </Text>
        </Stack>
        <ImportStatusBadge status={imported.status} />
      </Group>

      {imported.status === 'in_progress' && (
        <Stack gap={4} data-testid="import-progress">
          <Progress value={100} striped animated aria-label={t('panel.running')} />
          <Text size="sm" c="dimmed" aria-live="polite">
            {imported.startedAt ? t('progress.read', { count: imported.position }) : t('progress.queued')}
          </Text>
        </Stack>
      )}

      <Section title={t('panel.general')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('fields.origin')}>{t(`origins.${imported.origin}`)}</Field>
          <Field label={t('fields.content')}>{t(`contents.${imported.content}`)}</Field>
          <Field label={t('fields.strategy')}>{t(`strategies.${imported.strategy}.label`)}</Field>
          <Field label={t('fields.destination')}>{imported.account.name}</Field>
          <Field label={t('fields.source')}>{imported.sourceAccount?.name ?? none}</Field>
          <Field label={t('fields.createdBy')}>{imported.createdBy?.name ?? t('panel.automatic')}</Field>
          <Field label={t('fields.parentCategories')}>
            {imported.parentCategories.length > 0
              ? imported.parentCategories.map((c) => c.label).join(', ')
              : t('panel.none', { context: 'parentCategories' })}
          </Field>
          <Field label={t('fields.suffix')}>{imported.suffix || none}</Field>
        </SimpleGrid>
      </Section>

      <Section title={t('panel.dates')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('dates.createdAt')}>{f.dateTime(imported.createdAt)}</Field>
          <Field label={t('dates.queuedAt')}>{f.dateTime(imported.queuedAt)}</Field>
          <Field label={t('dates.startedAt')}>
            {imported.startedAt ? f.dateTime(imported.startedAt) : t('dates.notYet')}
          </Field>
          <Field label={t('dates.endedAt')}>
            {imported.endedAt ? f.dateTime(imported.endedAt) : t('dates.notYet')}
          </Field>
        </SimpleGrid>
      </Section>

      <Section title={t('panel.lines')}>
        <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
          {(['found', 'inserted', 'updated', 'ignored'] as const).map((key) => (
            <Paper key={key} withBorder p="xs" radius="sm">
              <Text size="xs" c="dimmed">
                {t(`counts.${key}`)}
              </Text>
              <Text fw={700} size="lg" data-testid={`import-count-${key}`}>
                {counts[key]}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Section>

      {imported.report.error && <ImportError error={imported.report.error} />}
      {counts.ignored > 0 && <IgnoredLines importId={imported.id} ignored={counts.ignored} />}
    </Stack>
  );
}

/** The failure of the whole import: a title and a message by its code, else the server's message. */
function ImportError({ error }: { error: { code: string; message: string } }) {
  const { t, i18n } = useTranslation('imports');
  const known = i18n.exists(`imports:importErrors.${error.code}.title`);
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle aria-hidden />}
      title={known ? t(`importErrors.${error.code}.title`) : t('importErrors.fallbackTitle')}
      role="alert"
      data-testid="import-error"
      data-code={error.code}
    >
      {known ? t(`importErrors.${error.code}.message`) : error.message}
      {known && error.message && (
        <Text size="xs" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('importErrors.detail', { detail: error.message })}
        </Text>
      )}
    </Alert>
  );
}

function useLineReason() {
  const { t, i18n } = useTranslation('imports');
  return (line: ImportIgnoredLineResponse) =>
    i18n.exists(`imports:lineErrors.${line.code}`) ? t(`lineErrors.${line.code}`) : line.message;
}

function IgnoredLines({ importId, ignored }: { importId: string; ignored: number }) {
  const { t } = useTranslation('imports');
  const lines = useIgnoredLines(importId, ignored);
  const reason = useLineReason();
  const rows = lines.data?.pages.flatMap((page) => page.member) ?? [];
  const total = lines.data?.pages[0]?.totalItems ?? ignored;
  return (
    <Section title={t('ignored.title')}>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder verticalSpacing={6} fz="sm" data-testid="ignored-lines">
          <Table.Caption>{t('ignored.caption', { count: total })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t('ignored.line')}</Table.Th>
              <Table.Th w={160}>{t('ignored.field')}</Table.Th>
              <Table.Th>{t('ignored.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((line) => (
              <Table.Tr
                key={`${line.line}-${line.field ?? ''}-${line.code}-${line.message}`}
                data-testid="ignored-line"
                data-line={line.line}
                data-code={line.code}
              >
                <Table.Td>{line.line}</Table.Td>
                <Table.Td ff="monospace">{line.field ?? '—'}</Table.Td>
                <Table.Td>{reason(line)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.isLoading && (
        <Group justify="center">
          <Loader size="sm" aria-label={t('ignored.loading')} />
        </Group>
      )}
      {lines.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void lines.fetchNextPage()}
            loading={lines.isFetchingNextPage}
            data-testid="ignored-lines-show-more"
          >
            {t('ignored.showMore', { shown: rows.length, total })}
          </Button>
        </Group>
      )}
    </Section>
  );
}
