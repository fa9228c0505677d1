import { Button, Card, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import type { RefurbDiagnosisQuestionsResponse, RefurbDiagnosisResponse } from '@reprise/shared';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateErrorCode } from '../../app/errors';
import { useFormatters } from '../../app/use-formatters';
import { ApiError } from '../../lib/api';
import { PageLoader } from '../../ui/page-loader';
import {
  useRefreshRefurbDiagnosis,
  useRefurbDiagnosisQuestions,
  useSaveRefurbDiagnosisAnswers,
} from './refurb-diagnosis.queries';
import { RefurbDiagnosisFrame, stepPath, WriteError } from './refurb-diagnosis-frame';

type Question = RefurbDiagnosisQuestionsResponse['questions'][number];

/**
 * `/refurb-diagnosis/{id}/questions`: the account's refurbishment diagnosis
 * questions, a radio group for a unique one and checkboxes for a multiple one, each with the
 * services its answers plan. Every question is required; Next saves the answers (the server plans
 * their services) and opens the summary.
 */
export function RefurbDiagnosisQuestionsPage() {
  return (
    <RefurbDiagnosisFrame step="questions">
      {(diagnosis) => <QuestionsLoader diagnosis={diagnosis} />}
    </RefurbDiagnosisFrame>
  );
}

function QuestionsLoader({ diagnosis }: { diagnosis: RefurbDiagnosisResponse }) {
  const questions = useRefurbDiagnosisQuestions(diagnosis.id);
  if (!questions.data) return <PageLoader />;
  return <QuestionsForm diagnosis={diagnosis} data={questions.data} />;
}

function QuestionsForm({
  diagnosis,
  data,
}: {
  diagnosis: RefurbDiagnosisResponse;
  data: RefurbDiagnosisQuestionsResponse;
}) {
  const { t } = useTranslation('refurbDiagnosis');
  const navigate = useNavigate();
  const save = useSaveRefurbDiagnosisAnswers(diagnosis.id);
  const refresh = useRefreshRefurbDiagnosis(diagnosis.id);
  const [selected, setSelected] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(data.given.map((g) => [g.questionId, g.answerIds])),
  );
  const [missing, setMissing] = useState<Record<string, string>>({});

  const choose = (questionId: string, answerIds: string[]) => {
    setSelected((current) => ({ ...current, [questionId]: answerIds }));
    setMissing(({ [questionId]: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const unanswered = data.questions.filter((q) => (selected[q.id] ?? []).length === 0);
    if (unanswered.length > 0) {
      setMissing(Object.fromEntries(unanswered.map((q) => [q.id, t('questions.required')])));
      document.querySelector<HTMLInputElement>(`#refurb-question-${unanswered[0]?.id} input`)?.focus();
      return;
    }
    save.mutate(
      data.questions.map((q) => ({ questionId: q.id, answerIds: selected[q.id] ?? [] })),
      {
        onSuccess: () => navigate(stepPath(diagnosis.id, 'summary')),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'item_already_diagnosed') void refresh();
          // the server names the question it refuses (`answers.<questionId>`)
          const refused = failure instanceof ApiError ? (failure.problem.violations ?? []) : [];
          setMissing(
            Object.fromEntries(
              refused
                .filter((v) => v.propertyPath.startsWith('answers.'))
                .map((v) => [v.propertyPath.slice('answers.'.length), translateErrorCode(v.code)]),
            ),
          );
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={760}>
        <Text size="sm" c="dimmed">
          {data.questions.length > 0 ? t('questions.help') : t('questions.none')}
        </Text>
        {data.questions.map((question) => (
          <Card key={question.id} id={`refurb-question-${question.id}`} withBorder padding="md" radius="md">
            <QuestionField
              question={question}
              value={selected[question.id] ?? []}
              onChange={(ids) => choose(question.id, ids)}
              error={missing[question.id] ?? null}
            />
          </Card>
        ))}
        <WriteError
          error={save.error instanceof ApiError && save.error.problem.violations?.length ? null : save.error}
        />
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            onClick={() => navigate(stepPath(diagnosis.id, 'overview'))}
          >
            {t('nav.back')}
          </Button>
          <Button
            type="submit"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            loading={save.isPending}
          >
            {t('nav.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One question: native radios (unique) or checkboxes (multiple), so arrow keys and Space work. */
function QuestionField({
  question,
  value,
  onChange,
  error,
}: {
  question: Question;
  value: string[];
  onChange: (answerIds: string[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation('refurbDiagnosis');
  const { money } = useFormatters();
  const plans = (answer: Question['answers'][number]) =>
    answer.refurbSteps.length > 0
      ? t('questions.plans', {
          services: answer.refurbSteps.map((s) => `${s.name} (${money(s.costCents)})`).join(', '),
        })
      : undefined;
  const common = {
    label: question.label,
    description: question.type === 'unique' ? t('questions.one') : t('questions.several'),
    error,
    required: true,
    labelProps: { fz: 'md', fw: 700, mb: 4 },
  };
  if (question.type === 'unique')
    return (
      <Radio.Group {...common} value={value[0] ?? null} onChange={(answerId) => onChange([answerId])}>
        <Stack gap="xs" mt="xs">
          {question.answers.map((answer) => (
            <Radio key={answer.id} value={answer.id} label={answer.label} description={plans(answer)} />
          ))}
        </Stack>
      </Radio.Group>
    );
  return (
    <Checkbox.Group {...common} value={value} onChange={onChange}>
      <Stack gap="xs" mt="xs">
        {question.answers.map((answer) => (
          <Checkbox key={answer.id} value={answer.id} label={answer.label} description={plans(answer)} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
