import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconFileExport, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportProgress } from './export-progress';
import { useExport, useStartBuybackExport } from './exports.queries';

/**
 * The buyback list's "Export" (permission `export.buybacks`, docs/exports.md): the buybacks the
 * list shows for its current filters, for the retailer's accounting; progress and download in a
 * modal.
 */
export function BuybackExportButton({ filters }: { filters: Record<string, string | string[]> }) {
  const { t } = useTranslation('exports');
  const [opened, setOpened] = useState(false);
  const [exportId, setExportId] = useState<string | null>(null);
  const start = useStartBuybackExport();
  const exported = useExport(exportId ? 'buybacks' : null, exportId);
  const run = () => start.mutate(filters, { onSuccess: (started) => setExportId(started.id) });
  const current = exportId ? exported.data : undefined;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} />}
        onClick={() => {
          setOpened(true);
          setExportId(null);
          run();
        }}
      >
        {t('buybacks.button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('buybacks.title')} size="lg">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('buybacks.intro')}
          </Text>
          {start.isError && (
            <Text c="red" role="alert">
              {t('failure.message')}
            </Text>
          )}
          {current ? (
            <ExportProgress
              exported={current}
              actions={
                current.status === 'in_progress' ? null : (
                  <Button
                    variant="default"
                    leftSection={<IconRefresh size={16} />}
                    loading={start.isPending}
                    onClick={run}
                  >
                    {t('actions.restart')}
                  </Button>
                )
              }
            />
          ) : (
            !start.isError && <Text role="status">{t('buybacks.starting')}</Text>
          )}
        </Stack>
      </Modal>
    </>
  );
}
