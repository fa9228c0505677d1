import { Fieldset, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { QUESTION_DESCRIPTION_MAX, QUESTION_TYPES } from '@reprise/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../ui/form-shell';
import { AnswersField } from './answers-field';
import type { QuestionFormValues } from './question-form-values';
import type { QuestionForm } from './use-question-form';

interface QuestionFormViewProps {
  form: QuestionForm;
  /** Where Cancel leads: the category's questions. */
  backTo: string;
  onSubmit: (values: QuestionFormValues) => void;
  submitting: boolean;
  submitLabel: string;
  readOnly?: boolean;
}

function useFieldLabels(form: QuestionForm): Record<string, string> {
  const { t } = useTranslation('diagnostic');
  const labels: Record<string, string> = {
    title: t('form.title'),
    type: t('form.type'),
    description: t('form.description'),
    answers: t('form.answers'),
  };
  form.values.answers.forEach((_, index) => {
    const number = index + 1;
    labels[`answers.${index}.title`] = t('form.rowField', { field: t('form.answerTitle'), number });
    labels[`answers.${index}.description`] = t('form.rowField', {
      field: t('form.answerDescription'),
      number,
    });
    labels[`answers.${index}.priceImpact.value`] = t('form.rowField', { field: t('form.impact'), number });
  });
  return labels;
}

/** The diagnostic question form of the add and edit screens. */
export function QuestionFormView({
  form,
  backTo,
  onSubmit,
  submitting,
  submitLabel,
  readOnly = false,
}: QuestionFormViewProps) {
  const { t } = useTranslation('diagnostic');
  const typeLabelId = useId();
  const labels = useFieldLabels(form);
  return (
    <FormShell
      form={form}
      labels={labels}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      submitting={submitting}
      readOnlyNote={readOnly ? t('form.readOnly') : null}
      cancel={{ to: backTo, label: t('form.cancel'), backLabel: t('form.back') }}
    >
      <Fieldset legend={t('form.question')} disabled={readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={typeLabelId}>
              {t('form.type')}
            </Text>
            <SegmentedControl
              aria-labelledby={typeLabelId}
              data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
              disabled={readOnly}
              {...form.getInputProps('type')}
            />
            <Text size="xs" c="dimmed">
              {t(`typeHelp.${form.values.type}`)}
            </Text>
          </Stack>
        </SimpleGrid>
        <Textarea
          mt="md"
          label={t('form.description')}
          description={t('form.descriptionHelp', {
            count: form.values.description.length,
            max: QUESTION_DESCRIPTION_MAX,
          })}
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('description')}
        />
      </Fieldset>
      <Fieldset legend={t('form.answers')} disabled={readOnly}>
        <AnswersField form={form} readOnly={readOnly} />
      </Fieldset>
    </FormShell>
  );
}
