import { Alert, Button, Card, Group, Radio, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  BUYBACK_EDITION_STEPS,
  type BuybackEditionRefusal,
  type BuybackEditionStep,
  type BuybackResponse,
  type CartBuybackInput,
  customerSchemaFor,
  type EditBuybackRequest,
} from '@reprise/shared';
import { IconCheck, IconDownload, IconLock, IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { reportError } from '../../app/errors';
import { usePageHeader } from '../../app/page-header';
import { useFormatters } from '../../app/use-formatters';
import { isAnswered } from '../../lib/buyback-draft';
import { applyViolations, zodValidator } from '../../ui/forms';
import { PageLoader } from '../../ui/page-loader';
import { StepQuestion, useBuybackQuestionnaire, useOfferedCircuits } from '../buyback-wizard';
import {
  downloadBuybackDocument,
  PriceBreakdownList,
  useBuyback,
  useBuybackEdition,
  useEditBuyback,
} from '../buybacks';
import {
  CustomerFields,
  type CustomerFormValues,
  cartCustomerOf,
  customerFormValues,
  useBuybackSettings,
} from '../cart';

type Answers = CartBuybackInput['answers'];

function Refused({ refusal }: { refusal: BuybackEditionRefusal }) {
  const { t } = useTranslation('buybacks');
  return (
    <Alert color="gray" icon={<IconLock aria-hidden />} data-testid="edition-refused">
      {t(`edition.refusal.${refusal}`)}
    </Alert>
  );
}

/** The customer's details and the external code. */
function CustomerStep({ buyback, onSave }: { buyback: BuybackResponse; onSave: Save }) {
  const { t } = useTranslation('buybacks');
  const settings = useBuybackSettings();
  const identityDocumentRequired = settings.data?.customer_identity_document_required ?? false;
  const schema = useMemo(
    () => customerSchemaFor({ identityDocumentRequired, ibanRequired: false }),
    [identityDocumentRequired],
  );
  const [externalCode, setExternalCode] = useState(buyback.externalCode ?? '');
  const form = useForm<CustomerFormValues>({
    mode: 'controlled',
    initialValues: customerFormValues(
      {
        ...buyback.customer,
        email: buyback.customer.email ?? '',
        phone: buyback.customer.phone ?? '',
        streetMore: buyback.customer.streetMore ?? '',
        identification: buyback.customer.identification
          ? {
              ...buyback.customer.identification,
              deliveryDate: buyback.customer.identification.deliveryDate ?? '',
              issuingAuthority: buyback.customer.identification.issuingAuthority ?? '',
            }
          : null,
      },
      '',
      '',
      buyback.customer.country,
    ),
    validate: (values) => zodValidator<CustomerFormValues>(schema)(values),
    validateInputOnBlur: true,
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSave({ customer: { ...cartCustomerOf(values) }, externalCode }, form),
      )}
    >
      <Stack gap="md">
        <TextInput
          label={t('detail.externalCode')}
          description={t('edition.externalCodeHelp')}
          maxLength={45}
          value={externalCode}
          onChange={(event) => setExternalCode(event.currentTarget.value)}
        />
        <CustomerFields
          form={form}
          identityDocumentRequired={identityDocumentRequired}
          ibanRequired={false}
        />
        <SaveButton />
      </Stack>
    </form>
  );
}

/** The payment modes the buyback's circuit offers. */
function PaymentStep({ buyback, onSave }: { buyback: BuybackResponse; onSave: Save }) {
  const { t } = useTranslation('buybacks');
  const circuits = useOfferedCircuits(buyback.product.id, buyback.customer.country);
  const [chosen, setChosen] = useState(buyback.paymentMode.id);
  const form = useForm({ initialValues: { paymentModeId: buyback.paymentMode.id } });
  if (!circuits.data) return <PageLoader />;
  const circuit = circuits.data.find((c) => c.id === buyback.circuit.id);
  if (!circuit) return <Alert color="yellow">{t('edition.circuitGone')}</Alert>;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ paymentModeId: chosen }, form);
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('detail.paymentMode')}
          value={chosen}
          onChange={setChosen}
          error={form.errors.paymentModeId}
        >
          <Stack gap="xs" mt="xs">
            {circuit.paymentMethods.map((mode) => (
              <Radio key={mode.id} value={mode.id} label={mode.label} description={mode.description} />
            ))}
          </Stack>
        </Radio.Group>
        <SaveButton />
      </Stack>
    </form>
  );
}

/** The diagnosis answers, asked again: the price is computed again when saved. */
function DiagnosisStep({ buyback, onSave }: { buyback: BuybackResponse; onSave: Save }) {
  const { t } = useTranslation('buybacks');
  const questionnaire = useBuybackQuestionnaire(buyback.product.id);
  const [answers, setAnswers] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(buyback.answers.map((a) => [a.questionId, a.answerIds])),
  );
  const [missing, setMissing] = useState<string[]>([]);
  const form = useForm({ initialValues: {} });
  if (!questionnaire.data) return <PageLoader />;
  const questions = questionnaire.data.questions;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const unanswered = questions.filter((q) => !isAnswered(q, answers[q.id])).map((q) => q.id);
        setMissing(unanswered);
        if (unanswered.length > 0) return;
        const body: Answers = questions.map((q) => ({ questionId: q.id, answerIds: answers[q.id] ?? [] }));
        onSave({ answers: body }, form);
      }}
    >
      <Stack gap="lg">
        {questions.map((question) => (
          <StepQuestion
            key={question.id}
            question={question}
            selected={answers[question.id] ?? []}
            onChange={(ids) => setAnswers((previous) => ({ ...previous, [question.id]: ids }))}
            error={missing.includes(question.id) ? t('edition.answerRequired') : null}
          />
        ))}
        {Object.values(form.errors)[0] && (
          <Alert color="red" role="alert">
            {Object.values(form.errors)[0]}
          </Alert>
        )}
        <SaveButton />
      </Stack>
    </form>
  );
}

function SaveButton() {
  const { t } = useTranslation('buybacks');
  return (
    <Group justify="flex-end">
      <Button type="submit" leftSection={<IconCheck size={18} aria-hidden />}>
        {t('edition.save')}
      </Button>
    </Group>
  );
}

type Save = (body: EditBuybackRequest, form: { setErrors(errors: Record<string, string>): void }) => void;

/**
 * `/buyback/:id/edition?itemWorkflowStep=customer|paymentMode|diagnosis`: the buyback's customer,
 * payment mode and diagnosis changed (each only while its step allows it, docs/statuses.md); once
 * saved, the transfer order issued again is offered.
 */
export function BuybackEditionPage() {
  const { t } = useTranslation('buybacks');
  const { locale } = useFormatters();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const buyback = useBuyback(id);
  const edition = useBuybackEdition(id);
  const edit = useEditBuyback();
  const [saved, setSaved] = useState(false);
  const number = buyback.data?.identificationNumber ?? '';
  usePageHeader({
    title: t('edition.title', { number }),
    icon: IconPencil,
    breadcrumbs: [
      { label: t('list.title'), to: '/buybacks' },
      { label: number, to: `/buyback/${id}` },
      { label: t('edition.breadcrumb') },
    ],
  });
  if (!buyback.data || !edition.data) return <PageLoader />;
  const data = buyback.data;
  const requested = params.get('itemWorkflowStep') as BuybackEditionStep | null;
  const step: BuybackEditionStep =
    requested && BUYBACK_EDITION_STEPS.includes(requested) ? requested : 'customer';

  const save: Save = (body, form) =>
    edit.mutate(
      { id, body },
      {
        onSuccess: () => {
          setSaved(true);
          notifications.show({ color: 'green', message: t('edition.saved') });
        },
        onError: (error) => {
          if (!applyViolations(form, error)) reportError(error);
          void edition.refetch();
        },
      },
    );

  const panel = (name: BuybackEditionStep) => {
    const refusal = edition.data.steps[name].refusal;
    if (refusal) return <Refused refusal={refusal} />;
    if (name === 'customer') return <CustomerStep buyback={data} onSave={save} />;
    if (name === 'paymentMode') return <PaymentStep buyback={data} onSave={save} />;
    return <DiagnosisStep buyback={data} onSave={save} />;
  };

  return (
    <Stack gap="md" maw={900}>
      {saved && (
        <Alert color="green" icon={<IconCheck aria-hidden />} data-testid="edition-saved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('edition.transferOrderReissued')}</Text>
            {data.allowedActions.downloadTransferOrder && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => downloadBuybackDocument(data, 'transfer-order', locale).catch(reportError)}
              >
                {t('documents.transferOrder')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h5" mb="xs">
          {t('price.title')}
        </Title>
        <PriceBreakdownList price={data} testId="edition-price" />
      </Card>
      <Tabs
        value={step}
        keepMounted={false}
        onChange={(value) => {
          if (!value) return;
          setSaved(false);
          setParams({ itemWorkflowStep: value }, { replace: true });
        }}
      >
        <Tabs.List mb="md">
          {BUYBACK_EDITION_STEPS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`edition.step.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BUYBACK_EDITION_STEPS.map((name) => (
          <Tabs.Panel key={name} value={name}>
            <Card withBorder padding="md" radius="md">
              {panel(name)}
            </Card>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
