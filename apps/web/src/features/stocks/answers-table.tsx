import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Answer {
  questionId: string;
  questionTitle: string;
  answerTitles: string[];
}

/** The answers given to the diagnostic questions, as they were worded then. */
export function AnswersTable({ answers, testId }: { answers: Answer[]; testId: string }) {
  const { t } = useTranslation('stocks');
  if (answers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('page.noAnswers')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('page.question')}</Table.Th>
            <Table.Th scope="col">{t('page.answer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answers.map((answer) => (
            <Table.Tr key={answer.questionId}>
              <Table.Td>{answer.questionTitle}</Table.Td>
              <Table.Td>{answer.answerTitles.join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
