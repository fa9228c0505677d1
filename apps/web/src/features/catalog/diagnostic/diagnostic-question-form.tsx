import { Fieldset, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DIAGNOSTIC_QUESTION_DESCRIPTION_MAX, DIAGNOSTIC_QUESTION_TYPES } from '@reprise/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../../ui/form-shell';
import {
  type TranslatableText,
  TranslationsFieldset,
  useTranslationLabels,
} from '../../../ui/translations-fieldset';
import { DiagnosticAnswersField } from './diagnostic-answers-field';
import type { DiagnosticQuestionFormValues } from './diagnostic-question-form-values';
import type { DiagnosticQuestionForm } from './use-diagnostic-question-form';

interface DiagnosticQuestionFormViewProps extends FormViewProps<DiagnosticQuestionFormValues> {
  form: DiagnosticQuestionForm;
  /** Where Cancel leads: the category's questions. */
  cancelTo: string;
}

/** The question's texts and its answers', each translatable (docs/translations.md). */
function useTranslatableTexts(form: DiagnosticQuestionForm): TranslatableText[] {
  const { t } = useTranslation(['diagnostic', 'translations']);
  return [
    { label: t('form.title'), pathOf: (l) => `translations.${l}.title`, base: form.values.title },
    {
      label: t('form.description'),
      pathOf: (l) => `translations.${l}.description`,
      base: form.values.description,
      multiline: true,
    },
    ...form.values.answers.flatMap((answer, index): TranslatableText[] => {
      const group = t('translations:answer', { number: index + 1 });
      return [
        {
          group,
          label: t('form.answerTitle'),
          pathOf: (l) => `answers.${index}.translations.${l}.title`,
          base: answer.title,
        },
        {
          group,
          label: t('form.answerDescription'),
          pathOf: (l) => `answers.${index}.translations.${l}.description`,
          base: answer.description,
        },
      ];
    }),
  ];
}

function useFieldLabels(form: DiagnosticQuestionForm, texts: TranslatableText[]): Record<string, string> {
  const { t } = useTranslation('diagnostic');
  const translationLabels = useTranslationLabels(texts);
  const labels: Record<string, string> = {
    ...translationLabels,
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
export function DiagnosticQuestionFormView({ form, ...view }: DiagnosticQuestionFormViewProps) {
  const { t } = useTranslation('diagnostic');
  const typeLabelId = useId();
  const texts = useTranslatableTexts(form);
  const labels = useFieldLabels(form, texts);
  return (
    <FormShell form={form} labels={labels} ns="diagnostic" {...view}>
      <Fieldset legend={t('form.question')} disabled={view.readOnly}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={typeLabelId}>
              {t('form.type')}
            </Text>
            <SegmentedControl
              aria-labelledby={typeLabelId}
              data={DIAGNOSTIC_QUESTION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
              disabled={view.readOnly}
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
            max: DIAGNOSTIC_QUESTION_DESCRIPTION_MAX,
          })}
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('description')}
        />
      </Fieldset>
      <Fieldset legend={t('form.answers')} disabled={view.readOnly}>
        <DiagnosticAnswersField form={form} readOnly={Boolean(view.readOnly)} />
      </Fieldset>
      <TranslationsFieldset form={form} texts={texts} disabled={view.readOnly} />
    </FormShell>
  );
}
