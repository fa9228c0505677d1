import {
  Alert,
  Button,
  Fieldset,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { QUESTION_DESCRIPTION_MAX, QUESTION_TYPES } from '@reprise/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormErrorSummary } from '../../../ui/form-error-summary';
import { focusFirstError } from '../../users/form-feedback';
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
  const [attempted, setAttempted] = useState(false);
  const typeLabelId = useId();
  const labels = useFieldLabels(form);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          setAttempted(true);
          onSubmit(values);
        },
        (errors) => {
          setAttempted(true);
          focusFirstError(form, errors);
        },
      )}
    >
      <Stack gap="lg" maw={1100}>
        {readOnly && (
          <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="note">
            {t('form.readOnly')}
          </Alert>
        )}
        {attempted && (
          <FormErrorSummary
            errors={form.errors}
            labels={labels}
            onSelect={(path) => form.getInputNode(path)?.focus()}
          />
        )}
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
        <Group justify="flex-end">
          <Button component={Link} to={backTo} variant="default">
            {readOnly ? t('form.back') : t('form.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
