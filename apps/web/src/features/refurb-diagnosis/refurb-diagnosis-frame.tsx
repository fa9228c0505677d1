import { Alert, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import type { ItemStatus, RefurbDiagnosisResponse } from '@reprise/shared';
import { IconClipboardList, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { ApiError } from '../../lib/api';
import { Facts } from '../../ui/facts';
import { PageLoader } from '../../ui/page-loader';
import { ItemStatusBadge } from '../items';
import { stockLabel } from '../warehouse-checkin';
import { FinalizedView } from './finalized-view';
import { useRefurbDiagnosis } from './refurb-diagnosis.queries';

const REFURB_DIAGNOSIS_STEPS = ['questions', 'summary', 'stock', 'finalized'] as const;
export type RefurbDiagnosisStep = (typeof REFURB_DIAGNOSIS_STEPS)[number];

/** The address of a step of the diagnosis. */
export const stepPath = (id: string, step: RefurbDiagnosisStep | 'overview') =>
  step === 'overview' ? `/warehouse/refurb-diagnosis/${id}` : `/refurb-diagnosis/${id}/${step}`;

/** The step a diagnosis in progress is resumed at: the questions until answers are saved, then the summary. */
export const resumeStep = (diagnosis: RefurbDiagnosisResponse): RefurbDiagnosisStep =>
  diagnosis.status === 'finalized' ? 'finalized' : diagnosis.answers.length > 0 ? 'summary' : 'questions';

/** The item being diagnosed: product, brand, item number, IMEI, controlled state, warehouse, stock. */
export function RefurbDiagnosisItemFacts({ diagnosis }: { diagnosis: RefurbDiagnosisResponse }) {
  const { t } = useTranslation(['refurbDiagnosis', 'catalog', 'warehouseCheckin']);
  const { item } = diagnosis;
  return (
    <Card withBorder padding="md" radius="md" data-testid="refurb-diagnosis-item">
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {item.productName}
          </Title>
          {item.productBrand && (
            <Text size="sm" c="dimmed">
              {item.productBrand}
            </Text>
          )}
        </Stack>
        <ItemStatusBadge status={item.status as ItemStatus} />
      </Group>
      <Facts
        rows={[
          [
            t('item.number'),
            <Text key="n" ff="monospace" size="sm" span>
              {item.identificationNumber}
            </Text>,
          ],
          [t('item.imei'), item.imei],
          [
            t('item.controlledState'),
            item.controlledState ? t(`catalog:grade.${item.controlledState}`, item.controlledState) : null,
          ],
          [t('item.warehouse'), item.warehouse.commonName],
          [t('item.stock'), stockLabel(t, item.stock)],
        ]}
      />
    </Card>
  );
}

/** The steps, the current one active; the steps already reached lead back to themselves. */
function DiagnosisStepper({
  diagnosis,
  step,
}: {
  diagnosis: RefurbDiagnosisResponse;
  step: RefurbDiagnosisStep;
}) {
  const { t } = useTranslation('refurbDiagnosis');
  const navigate = useNavigate();
  const active = REFURB_DIAGNOSIS_STEPS.indexOf(step);
  const reachable = (index: number) =>
    diagnosis.status === 'in_progress' &&
    index < 3 &&
    index !== active &&
    (index === 0 || diagnosis.answers.length > 0 || index <= active);
  return (
    <Stepper
      active={active}
      size="sm"
      allowNextStepsSelect={false}
      onStepClick={(index) => {
        if (reachable(index))
          navigate(stepPath(diagnosis.id, REFURB_DIAGNOSIS_STEPS[index] as RefurbDiagnosisStep));
      }}
    >
      {REFURB_DIAGNOSIS_STEPS.map((s, index) => (
        <Stepper.Step key={s} label={t(`steps.${s}`)} allowStepSelect={reachable(index)} />
      ))}
    </Stepper>
  );
}

/** A write refused: its error, translated. */
export function WriteError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      icon={<IconInfoCircle aria-hidden />}
      role="alert"
      data-testid="refurb-diagnosis-error"
    >
      {translateErrorCode(error instanceof ApiError ? error.code : 'network_error')}
    </Alert>
  );
}

/**
 * What every step of a diagnosis shows around its own content: the page header, the stepper and
 * the diagnosis read from the server (each step is reload-safe). A finalized diagnosis shows its
 * finalized view whichever step was opened.
 */
export function RefurbDiagnosisFrame({
  step,
  children,
}: {
  step: RefurbDiagnosisStep | 'overview';
  children: (diagnosis: RefurbDiagnosisResponse) => ReactNode;
}) {
  const { t } = useTranslation('refurbDiagnosis');
  const { id = '' } = useParams();
  const query = useRefurbDiagnosis(id);
  const diagnosis = query.data;
  usePageHeader({
    title: diagnosis ? t('itemTitle', { number: diagnosis.item.identificationNumber }) : t('title'),
    icon: IconClipboardList,
    breadcrumbs: [
      { label: t('title'), to: '/refurb-diagnosis/start' },
      ...(diagnosis ? [{ label: diagnosis.item.identificationNumber }] : []),
    ],
  });
  if (!diagnosis) return <PageLoader />;
  const finalized = diagnosis.status === 'finalized';
  const shown: RefurbDiagnosisStep = finalized
    ? 'finalized'
    : step === 'overview'
      ? resumeStep(diagnosis)
      : step;
  return (
    <Stack gap="md" maw={1100}>
      <DiagnosisStepper diagnosis={diagnosis} step={shown} />
      {finalized ? <FinalizedView diagnosis={diagnosis} /> : children(diagnosis)}
    </Stack>
  );
}
