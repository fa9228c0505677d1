import { Alert, Card, Group, Stack, Stepper } from '@mantine/core';
import type { ControlSpecificationResponse } from '@reprise/shared';
import { IconClipboardCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageHeader } from '../../app/page-header';
import { PageLoader } from '../../ui/page-loader';
import { ItemStatusBadge } from '../items';
import { LitigationDetails } from './litigation-details';
import { QuarantineModal } from './quarantine-modal';
import { StartControlButton } from './start-control-button';
import { type ControlEnd, ControlLinks, StepConfirmation } from './step-confirmation';
import { StepDiagnostic } from './step-diagnostic';
import { DeclaredFacts, StepSpecification } from './step-specification';
import { StepSummary } from './step-summary';
import { useControlSpecification } from './warehouse-control.queries';

const STEPS = ['specification', 'diagnostic', 'summary', 'confirmation'] as const;
type Step = (typeof STEPS)[number];
/** Statuses a control starts from (control.service.ts): the wizard offers to start it. */
const STARTABLE = [
  'item_in_transit',
  'item_registered_in_warehouse',
  'item_to_reintegrate_to_stock',
] as const;

/**
 * `/warehouse/check/:itemId` (the homologation wizard): specification,
 * diagnostic, summary, confirmation.
 */
export function ControlWizardPage() {
  const { t } = useTranslation('warehouseControl');
  const { itemId = '' } = useParams();
  const spec = useControlSpecification(itemId);
  const number = spec.data?.item.identificationNumber ?? '';
  usePageHeader({
    title: spec.data ? t('wizard.title', { number }) : t('search.title'),
    icon: IconClipboardCheck,
    breadcrumbs: [{ label: t('search.title'), to: '/warehouse/check' }, { label: number }],
  });
  if (!spec.data) return <PageLoader />;
  return <ControlWizard key={itemId} spec={spec.data} />;
}

/** An item that is not (or no longer) awaiting its control: its status, its counter-offer if any. */
function NotUnderControl({ spec }: { spec: ControlSpecificationResponse }) {
  const { t } = useTranslation('warehouseControl');
  const open = spec.litigation?.status === 'open';
  const startable = !open && (STARTABLE as readonly string[]).includes(spec.item.status);
  return (
    <Stack gap="md">
      <Alert
        color={open ? 'orange' : 'blue'}
        icon={<IconInfoCircle aria-hidden />}
        data-testid="not-under-control"
      >
        {open
          ? t('wizard.awaitingCustomer')
          : startable
            ? t('wizard.notStarted')
            : t('wizard.notUnderControl')}{' '}
        <ItemStatusBadge status={spec.item.status} />
      </Alert>
      {startable && (
        <Group>
          <StartControlButton code={spec.item.identificationNumber} data-testid="control-start">
            {t('wizard.start')}
          </StartControlButton>
        </Group>
      )}
      {spec.litigation && (
        <Card withBorder padding="md" radius="md">
          <LitigationDetails litigation={spec.litigation} />
        </Card>
      )}
      <DeclaredFacts spec={spec} />
      <ControlLinks buybackId={spec.item.buyback.id} />
    </Stack>
  );
}

function ControlWizard({ spec }: { spec: ControlSpecificationResponse }) {
  const { t } = useTranslation('warehouseControl');
  const [step, setStep] = useState<Step>('specification');
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [questionIndex, setQuestionIndex] = useState(0);
  const [end, setEnd] = useState<ControlEnd | null>(null);
  const [quarantineOpened, setQuarantineOpened] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const active = STEPS.indexOf(step);

  // each step starts at the top, its heading announced
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each change of step
  useEffect(() => {
    contentRef.current?.scrollIntoView({ block: 'start' });
  }, [step]);

  const underControl =
    spec.item.status === 'item_awaiting_compliancy_tests' && spec.litigation?.status !== 'open';
  if (!end && !underControl) return <NotUnderControl spec={spec} />;

  const finish = (next: ControlEnd) => {
    setQuarantineOpened(false);
    setEnd(next);
    setStep('confirmation');
  };

  return (
    <Stack gap="md" maw={1100}>
      <Stepper
        active={active}
        onStepClick={(index) => {
          if (!end && index < active) setStep(STEPS[index] as Step);
        }}
        allowNextStepsSelect={false}
        size="sm"
      >
        {STEPS.map((s) => (
          <Stepper.Step
            key={s}
            label={t(`wizard.steps.${s}`)}
            allowStepSelect={!end && STEPS.indexOf(s) < active}
          />
        ))}
      </Stepper>
      <div ref={contentRef}>
        {step === 'specification' && (
          <StepSpecification
            spec={spec}
            onNext={() => setStep('diagnostic')}
            onQuarantine={() => setQuarantineOpened(true)}
          />
        )}
        {step === 'diagnostic' && (
          <StepDiagnostic
            spec={spec}
            answers={answers}
            index={questionIndex}
            onIndex={setQuestionIndex}
            onAnswer={(questionId, ids) => setAnswers((current) => ({ ...current, [questionId]: ids }))}
            onBack={() => setStep('specification')}
            onDone={() => setStep('summary')}
          />
        )}
        {step === 'summary' && (
          <StepSummary
            spec={spec}
            answers={spec.questions.map((q) => ({ questionId: q.id, answerIds: answers[q.id] ?? [] }))}
            onBack={() => {
              setQuestionIndex(spec.questions.length - 1);
              setStep('diagnostic');
            }}
            onQuarantine={() => setQuarantineOpened(true)}
            onDone={(done) => finish({ kind: 'completed', done })}
          />
        )}
        {step === 'confirmation' && end && <StepConfirmation end={end} />}
      </div>
      <QuarantineModal
        itemId={spec.item.id}
        opened={quarantineOpened}
        onClose={() => setQuarantineOpened(false)}
        onDone={(item) => finish({ kind: 'quarantine', item })}
      />
    </Stack>
  );
}
