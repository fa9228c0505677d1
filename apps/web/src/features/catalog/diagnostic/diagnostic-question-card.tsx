import { Badge, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { DiagnosticQuestionResponse } from '@reprise/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './diagnostic-question-card.module.css';
import { usePriceImpactText } from './price-impact';

interface DiagnosticQuestionCardProps {
  question: DiagnosticQuestionResponse;
  /** Its place in the questionnaire (inherited questions come first). */
  number: number;
  /** Buttons (reorder, edit, delete) for the category's own questions. */
  actions?: ReactNode;
}

/** A question as the seller will be asked it: its title, type, how to test, and each answer's effect. */
export function DiagnosticQuestionCard({ question, number, actions }: DiagnosticQuestionCardProps) {
  const { t } = useTranslation(['diagnostic', 'catalog']);
  const impactText = usePriceImpactText();
  const answers = [...question.answers].sort((a, b) => a.position - b.position);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={question.title}>
      <div className={classes.card}>
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
            <Text size="xs" fw={700}>
              {number}
            </Text>
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {question.title}
              </Text>
              <Badge variant="light" color="gray" radius="sm">
                {t(`diagnostic:type.${question.type}`)}
              </Badge>
            </Group>
            {question.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {question.description}
              </Text>
            )}
            <List size="xs" spacing={2} aria-label={t('diagnostic:form.answers')}>
              {answers.map((answer) => (
                <List.Item key={answer.id}>
                  <Text span size="xs" fw={500}>
                    {answer.title}
                  </Text>
                  <Text span size="xs" c="dimmed">
                    {` · ${impactText(answer.priceImpact)}`}
                    {answer.maxGrade &&
                      ` · ${t('diagnostic:category.bestGrade', { grade: t(`catalog:grade.${answer.maxGrade}`) })}`}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Group>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </Paper>
  );
}
