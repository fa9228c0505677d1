import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { REFURB_QUESTION_TYPES, REFURB_TEXT_MAX } from '@reprise/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, type FormViewProps } from '../../ui/form-shell';
import { useRefurbStepOptions } from './refurb-config.queries';
import { emptyRefurbAnswer, type RefurbQuestionFormValues } from './refurb-question-form-values';
import type { RefurbQuestionFormState } from './use-refurb-question-form';

interface RefurbQuestionFormViewProps extends FormViewProps<RefurbQuestionFormValues> {
  form: RefurbQuestionFormState;
  /** The buyer account a platform operator configures (null: the user's own). */
  account: string | null;
  backTo: string;
}

function useFieldLabels(form: RefurbQuestionFormState): Record<string, string> {
  const { t } = useTranslation('refurbConfig');
  const labels: Record<string, string> = {
    label: t('questionForm.label'),
    type: t('questionForm.type'),
    answers: t('questionForm.answers'),
  };
  form.values.answers.forEach((_, index) => {
    const number = index + 1;
    labels[`answers.${index}.label`] = t('questionForm.answerLabel', { number });
    labels[`answers.${index}.refurbStepIds`] = t('questionForm.answerSteps', { number });
  });
  return labels;
}

/** The answers of the question, in order, each with the services it plans. */
function AnswersField({ form, account }: { form: RefurbQuestionFormState; account: string | null }) {
  const { t } = useTranslation('refurbConfig');
  const options = useRefurbStepOptions(account);
  const steps = useMemo(
    () =>
      (options.data?.member ?? []).map((s) => ({
        value: s.id,
        label: s.kind === 'data_erasure' ? `${s.name} (${t('kind.data_erasure')})` : s.name,
      })),
    [options.data, t],
  );
  const answers = form.values.answers;
  return (
    <Stack gap="sm">
      {answers.map((answer, index) => {
        const number = index + 1;
        return (
          <Paper
            key={answer.key}
            withBorder
            p="sm"
            radius="md"
            role="group"
            aria-label={t('questionForm.answerNumber', { number })}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {t('questionForm.answerNumber', { number })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('questionForm.removeAnswer', { number })}
                disabled={answers.length <= 1}
                onClick={() => form.removeListItem('answers', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('questionForm.answerLabel', { number })}
                required
                {...form.getInputProps(`answers.${index}.label`)}
              />
              <MultiSelect
                label={t('questionForm.answerSteps', { number })}
                description={t('questionForm.answerStepsHelp')}
                placeholder={answer.refurbStepIds.length ? undefined : t('questionForm.noStep')}
                data={steps}
                searchable
                clearable
                nothingFoundMessage={t('questionForm.noStepFound')}
                {...form.getInputProps(`answers.${index}.refurbStepIds`)}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      {form.errors.answers && (
        <Text c="red" size="sm" role="alert">
          {form.errors.answers}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('answers', emptyRefurbAnswer())}
        >
          {t('questionForm.addAnswer')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The form of a refurbishment diagnosis question: its label, its type and its answers. */
export function RefurbQuestionFormView({ form, account, backTo, ...view }: RefurbQuestionFormViewProps) {
  const { t } = useTranslation('refurbConfig');
  const labels = useFieldLabels(form);
  return (
    <FormShell
      form={form}
      labels={labels}
      ns="refurbConfig"
      keyPrefix="questionForm"
      cancelTo={backTo}
      maxWidth={1000}
      {...view}
    >
      {form.errors.root && (
        <Alert color="red" role="alert">
          {form.errors.root}
        </Alert>
      )}
      <Fieldset legend={t('questionForm.question')}>
        <Stack gap="md">
          <TextInput
            label={t('questionForm.label')}
            description={t('questionForm.counter', { count: form.values.label.length, max: REFURB_TEXT_MAX })}
            required
            autoFocus
            {...form.getInputProps('label')}
          />
          <Radio.Group
            label={t('questionForm.type')}
            description={t(`questionForm.typeHelp.${form.values.type}`)}
            {...form.getInputProps('type')}
          >
            <Group mt="xs" gap="lg">
              {REFURB_QUESTION_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`type.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
      </Fieldset>
      <Fieldset legend={t('questionForm.answers')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('questionForm.answersHelp')}
        </Text>
        <AnswersField form={form} account={account} />
      </Fieldset>
    </FormShell>
  );
}
