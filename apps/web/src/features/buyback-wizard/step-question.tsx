import { Alert, Checkbox, Radio, Stack, Text } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './wizard.module.css';
import type { WizardQuestion } from './wizard-model';

interface StepQuestionProps {
  question: WizardQuestion;
  selected: string[];
  onChange: (answerIds: string[]) => void;
  error: string | null;
}

/**
 * One diagnostic question: its how-to-test help, then its answers as native radios (unique) or
 * checkboxes (multiple), so arrow keys and Space work as everywhere else.
 */
export function StepQuestion({ question, selected, onChange, error }: StepQuestionProps) {
  const { t } = useTranslation('buybackWizard');
  const help = question.description ? (
    <Alert color="blue" variant="light" icon={<IconBulb aria-hidden />} title={t('question.howToTest')}>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {question.description}
      </Text>
    </Alert>
  ) : null;
  const hint = question.type === 'multiple' ? t('question.several') : t('question.one');

  if (question.type === 'unique')
    return (
      <Stack gap="md">
        {help}
        <Radio.Group
          value={selected[0] ?? null}
          onChange={(value) => onChange([value])}
          label={question.title}
          description={hint}
          error={error}
          required
          labelProps={{ fz: 'lg', fw: 700, mb: 4 }}
        >
          <Stack gap="xs" mt="xs">
            {question.answers.map((answer) => (
              <Radio
                key={answer.id}
                value={answer.id}
                label={answer.title}
                description={answer.description}
                classNames={{ root: classes.option }}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      {help}
      <Checkbox.Group
        value={selected}
        onChange={onChange}
        label={question.title}
        description={hint}
        error={error}
        required
        labelProps={{ fz: 'lg', fw: 700, mb: 4 }}
      >
        <Stack gap="xs" mt="xs">
          {question.answers.map((answer) => (
            <Checkbox
              key={answer.id}
              value={answer.id}
              label={answer.title}
              description={answer.description}
              classNames={{ root: classes.option }}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
