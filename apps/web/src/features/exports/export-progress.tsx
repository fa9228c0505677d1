import { Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { ExportResponse } from '@reprise/shared';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCancelExport, useDownloadExport } from './exports.queries';

/**
 * An export's state: in progress (polled), success with its entry count
 * and its CSV, error with a title and a message, or cancelled. `actions` follow the state's own
 * buttons (restart, new export…).
 */
export function ExportProgress({
  exported,
  actions,
}: {
  exported: ExportResponse;
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation('exports');
  const cancel = useCancelExport();
  const download = useDownloadExport();
  const label = t(`types.${exported.type}`);
  return (
    <Stack gap="sm" data-testid="export-progress" data-status={exported.status}>
      {exported.status === 'in_progress' && (
        <>
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text role="status">{t('progress.running', { type: label })}</Text>
          </Group>
          <Progress value={100} striped animated aria-label={t('progress.label')} />
          <Text size="sm" c="dimmed">
            {t('progress.hint')}
          </Text>
        </>
      )}
      {exported.status === 'success' && (
        <Alert color="green" icon={<IconCircleCheck />} title={t('success.title')}>
          <Text size="sm" data-testid="export-count">
            {t('success.count', { count: exported.entriesCount ?? 0, type: label })}
          </Text>
        </Alert>
      )}
      {exported.status === 'error' && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('failure.title')} role="alert">
          {t('failure.message')}
        </Alert>
      )}
      {exported.status === 'cancelled' && (
        <Alert color="gray" icon={<IconX />} title={t('cancelled.title')}>
          {t('cancelled.message')}
        </Alert>
      )}
      {download.isError && (
        <Alert color="red" role="alert">
          {t('download.failed')}
        </Alert>
      )}
      <Group gap="sm">
        {exported.status === 'success' && (
          <Button
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate(exported)}
          >
            {t('download.button')}
          </Button>
        )}
        {exported.status === 'in_progress' && (
          <Button
            variant="default"
            leftSection={<IconX size={16} />}
            loading={cancel.isPending}
            onClick={() => cancel.mutate(exported.id)}
          >
            {t('actions.cancel')}
          </Button>
        )}
        {actions}
      </Group>
    </Stack>
  );
}
