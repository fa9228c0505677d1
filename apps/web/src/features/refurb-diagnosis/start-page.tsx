import { Stack } from '@mantine/core';
import { IconClipboardList, IconScan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { ScanCodeCard } from '../../ui/scan-code-input';
import { useStartRefurbDiagnosis } from './refurb-diagnosis.queries';

/**
 * `/refurb-diagnosis/start`: the item's code, scanned (a
 * keyboard-wedge scanner types it and Enter) or typed, 8 or 13 characters. Its diagnosis starts or
 * resumes and opens; a refusal is said under the field, translated, and the code is selected again
 * so that the next scan replaces it.
 */
export function RefurbDiagnosisStartPage() {
  const { t } = useTranslation('refurbDiagnosis');
  usePageHeader({ title: t('title'), icon: IconClipboardList, breadcrumbs: [{ label: t('title') }] });
  const navigate = useNavigate();
  const start = useStartRefurbDiagnosis();
  return (
    <Stack gap="md" maw={720}>
      <ScanCodeCard
        help={t('start.help')}
        label={t('start.code')}
        description={t('start.codeHelp')}
        submitLabel={t('start.submit')}
        submitIcon={<IconScan size={18} aria-hidden />}
        testId="refurb-diagnosis-code"
        pending={start.isPending}
        onCode={async (code) => {
          const diagnosis = await start.mutateAsync(code);
          navigate(`/warehouse/refurb-diagnosis/${diagnosis.id}`);
        }}
      />
    </Stack>
  );
}
