import { Table, Text } from '@mantine/core';

/** One question of a diagnosis and the answers given to it, as they were worded then. */
interface GivenAnswer {
  questionId: string;
  questionTitle: string;
  answerTitles: string[];
}

interface AnswersTableProps {
  answers: readonly GivenAnswer[];
  /** The two columns' headers. */
  questionLabel: string;
  answerLabel: string;
  /** Shown instead of the table when no question was answered; without it, an empty table. */
  emptyMessage?: string;
  testId?: string;
  minWidth?: number;
}

/** The questions answered and their answers, a row each. */
export function AnswersTable({
  answers,
  questionLabel,
  answerLabel,
  emptyMessage,
  testId,
  minWidth = 320,
}: AnswersTableProps) {
  if (answers.length === 0 && emptyMessage !== undefined)
    return (
      <Text size="sm" c="dimmed">
        {emptyMessage}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="xs" striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{questionLabel}</Table.Th>
            <Table.Th scope="col">{answerLabel}</Table.Th>
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
