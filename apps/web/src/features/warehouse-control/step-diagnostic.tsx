import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { ControlSpecificationResponse } from '@reprise/shared';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAnswered } from '../../lib/buyback-draft';
import { StepQuestion } from '../buyback-wizard';

/**
 * Step 2: the product's diagnostic questions asked again, one at a time (as the buyback wizard's
 * question step), with what was declared for each beside it.
 */
export function StepDiagnostic({
  spec,
  answers,
  index,
  onIndex,
  onAnswer,
  onBack,
  onDone,
}: {
  spec: ControlSpecificationResponse;
  answers: Record<string, string[]>;
  index: number;
  onIndex: (index: number) => void;
  onAnswer: (questionId: string, answerIds: string[]) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('warehouseControl');
  const [error, setError] = useState<string | null>(null);
  const question = spec.questions[index];
  if (!question) return null;
  const declared = spec.declared.answers.find((a) => a.questionId === question.id);
  const count = spec.questions.length;

  const next = () => {
    if (!isAnswered(question, answers[question.id])) {
      setError(t('diagnostic.answerRequired'));
      return;
    }
    setError(null);
    if (index + 1 < count) onIndex(index + 1);
    else onDone();
  };

  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('diagnostic.counter', { number: index + 1, count })}
      </Text>
      <Card withBorder padding="md" radius="md">
        <StepQuestion
          key={question.id}
          question={question}
          selected={answers[question.id] ?? []}
          onChange={(ids) => {
            onAnswer(question.id, ids);
            setError(null);
          }}
          error={error}
        />
        {declared && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="declared-answer">
            {t('diagnostic.declared', { answers: declared.answerTitles.join(', ') })}
          </Text>
        )}
      </Card>
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={() => (index === 0 ? onBack() : onIndex(index - 1))}
        >
          {t('wizard.back')}
        </Button>
        <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={next}>
          {index + 1 < count ? t('wizard.next') : t('diagnostic.toSummary')}
        </Button>
      </Group>
    </Stack>
  );
}
