import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormatters } from '../../app/use-formatters';
import {
  RefurbDiagnosisFrame,
  RefurbDiagnosisItemFacts,
  resumeStep,
  stepPath,
} from './refurb-diagnosis-frame';

/**
 * `/warehouse/refurb-diagnosis/{id}`: the item and the diagnosis's steps,
 * with "Start" (nothing answered yet) or "Resume" (where it was left, as the server holds it).
 */
export function RefurbDiagnosisOverviewPage() {
  return (
    <RefurbDiagnosisFrame step="overview">
      {(diagnosis) => <Overview diagnosis={diagnosis} />}
    </RefurbDiagnosisFrame>
  );
}

function Overview({ diagnosis }: { diagnosis: Parameters<typeof RefurbDiagnosisItemFacts>[0]['diagnosis'] }) {
  const { t } = useTranslation('refurbDiagnosis');
  const { dateTime } = useFormatters();
  const navigate = useNavigate();
  const resume = resumeStep(diagnosis);
  const fresh = diagnosis.answers.length === 0;
  return (
    <Stack gap="md">
      <RefurbDiagnosisItemFacts diagnosis={diagnosis} />
      <Text size="sm" c="dimmed">
        {t('overview.startedBy', {
          date: dateTime(diagnosis.startedAt),
          name: diagnosis.startedBy?.name ?? '—',
        })}
      </Text>
      <Group justify="flex-end">
        <Button
          onClick={() => navigate(stepPath(diagnosis.id, resume))}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          autoFocus
        >
          {fresh ? t('overview.start') : t('overview.resume')}
        </Button>
      </Group>
    </Stack>
  );
}
