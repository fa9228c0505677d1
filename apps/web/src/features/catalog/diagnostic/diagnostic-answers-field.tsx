import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, PRODUCT_GRADES } from '@reprise/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../ui/money-input';
import { MeasureInput } from '../measure-input';
import {
  type DiagnosticAnswerRow,
  emptyDiagnosticAnswer,
  PRICE_IMPACT_CHOICES,
  type PriceImpactKind,
} from './diagnostic-question-form-values';
import type { DiagnosticQuestionForm } from './use-diagnostic-question-form';

const IMPACT_KINDS = PRICE_IMPACT_CHOICES;
const NO_GRADE = 'none';

interface DiagnosticAnswerFieldsProps {
  form: DiagnosticQuestionForm;
  index: number;
  answer: DiagnosticAnswerRow;
  count: number;
  readOnly: boolean;
}

function DiagnosticAnswerFields({ form, index, answer, count, readOnly }: DiagnosticAnswerFieldsProps) {
  const { t } = useTranslation(['diagnostic', 'catalog']);
  const path = `answers.${index}`;
  const number = index + 1;
  const move = (to: number) => form.reorderListItem('answers', { from: index, to });
  const impactKind = answer.priceImpact.kind;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      role="group"
      aria-label={t('diagnostic:form.answerNumber', { number })}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t('diagnostic:form.answerNumber', { number })}
        </Text>
        {!readOnly && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('diagnostic:form.moveAnswerUp', { number })}
              disabled={index === 0}
              onClick={() => move(index - 1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('diagnostic:form.moveAnswerDown', { number })}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('diagnostic:form.removeAnswer', { number })}
              // A question keeps at least two answers.
              disabled={count <= 2}
              onClick={() => form.removeListItem('answers', index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('diagnostic:form.answerTitle')}
          required
          {...form.getInputProps(`${path}.title`)}
        />
        <Select
          label={t('diagnostic:form.maxGrade')}
          description={t('diagnostic:form.maxGradeHelp')}
          data={[
            { value: NO_GRADE, label: t('diagnostic:form.anyGrade') },
            ...PRODUCT_GRADES.map((grade) => ({ value: grade, label: t(`catalog:grade.${grade}`) })),
          ]}
          allowDeselect={false}
          value={answer.maxGrade ?? NO_GRADE}
          onChange={(value) =>
            form.setFieldValue(
              `${path}.maxGrade`,
              value === NO_GRADE ? null : (value as DiagnosticAnswerRow['maxGrade']),
            )
          }
          error={form.errors[`${path}.maxGrade`]}
        />
        <Textarea
          label={t('diagnostic:form.answerDescription')}
          description={t('catalog:counter', {
            count: answer.description.length,
            max: DIAGNOSTIC_QUESTION_DESCRIPTION_MAX,
          })}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps(`${path}.description`)}
        />
        <Stack gap="xs">
          <Select
            label={t('diagnostic:form.impact')}
            data={IMPACT_KINDS.map((kind) => ({ value: kind, label: t(`diagnostic:impact.${kind}`) }))}
            allowDeselect={false}
            value={impactKind}
            onChange={(value) =>
              form.setFieldValue(`${path}.priceImpact`, {
                kind: (value ?? 'none') as PriceImpactKind,
                value: '',
              })
            }
            error={form.errors[`${path}.priceImpact`]}
          />
          {impactKind === 'fixed' && (
            <MoneyInput
              label={t('diagnostic:form.impactAmount')}
              description={t('diagnostic:form.impactAmountHelp')}
              allowNegative
              required
              {...form.getInputProps(`${path}.priceImpact.value`)}
            />
          )}
          {impactKind === 'percentage' && (
            <MeasureInput
              label={t('diagnostic:form.impactPercentage')}
              description={t('diagnostic:form.impactPercentageHelp')}
              unit="%"
              allowNegative
              required
              {...form.getInputProps(`${path}.priceImpact.value`)}
            />
          )}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/** The answers of a question, in order: at least two, each with its grade limit and price impact. */
export function DiagnosticAnswersField({
  form,
  readOnly,
}: {
  form: DiagnosticQuestionForm;
  readOnly: boolean;
}) {
  const { t } = useTranslation('diagnostic');
  const answers = form.values.answers;
  return (
    <Stack gap="sm">
      {answers.map((answer, index) => (
        <DiagnosticAnswerFields
          key={answer.key}
          form={form}
          index={index}
          answer={answer}
          count={answers.length}
          readOnly={readOnly}
        />
      ))}
      {form.errors.answers && (
        <Text c="red" size="sm" role="alert">
          {form.errors.answers}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('answers', emptyDiagnosticAnswer())}
          >
            {t('form.addAnswer')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
