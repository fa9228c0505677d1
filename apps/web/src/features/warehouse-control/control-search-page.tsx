import { Stack } from '@mantine/core';
import { IconClipboardCheck, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { ScanCodeCard } from '../../ui/scan-code-input';
import { useStartControl } from './warehouse-control.queries';

/**
 * `/warehouse/check` (warehouse control: search): the item's code, scanned
 * (a keyboard-wedge scanner types it and Enter) or typed, 8 or 13 characters. The control starts
 * (the item moves to awaiting compliancy tests) and its wizard opens; an error is said and the
 * field selected again for the next scan.
 */
export function ControlSearchPage() {
  const { t } = useTranslation('warehouseControl');
  usePageHeader({ title: t('search.title'), icon: IconClipboardCheck });
  const navigate = useNavigate();
  const start = useStartControl();
  return (
    <Stack gap="md" maw={720}>
      <ScanCodeCard
        help={t('search.help')}
        label={t('search.code')}
        description={t('search.codeHelp')}
        submitLabel={t('search.submit')}
        submitIcon={<IconSearch size={18} aria-hidden />}
        testId="control-code"
        pending={start.isPending}
        onCode={async (code) => {
          const item = await start.mutateAsync(code);
          navigate(`/warehouse/check/${item.id}`);
        }}
      />
    </Stack>
  );
}
