import { ActionIcon, Group, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DiagnosticQuestionResponse } from '@reprise/shared';
import { IconArrowDown, IconArrowUp, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import { DiagnosticQuestionCard } from './diagnostic-question-card';
import { useReorderDiagnosticQuestions } from './diagnostic-questions.queries';

type Direction = 'up' | 'down';

interface OwnDiagnosticQuestionsListProps {
  categoryId: string;
  questions: DiagnosticQuestionResponse[];
  /** The number of the first question in the questionnaire (after the inherited ones). */
  firstNumber: number;
  onDelete: (question: DiagnosticQuestionResponse) => void;
}

/**
 * The category's own questions, moved up and down with buttons: each move saves the new order; the
 * focus follows the moved question and a screen reader hears where it went.
 */
export function OwnDiagnosticQuestionsList({
  categoryId,
  questions,
  firstNumber,
  onDelete,
}: OwnDiagnosticQuestionsListProps) {
  const { t } = useTranslation('diagnostic');
  const { can } = useSession();
  const canEdit = can('question.create');
  const reorder = useReorderDiagnosticQuestions(categoryId);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!focusTarget) return;
    buttons.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const move = (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(index, 1);
    if (!id) return;
    ids.splice(to, 0, id);
    reorder.mutate(ids);
    // The same button follows the question, unless it reached the end where that button is disabled.
    const atEdge = direction === 'up' ? to === 0 : to === ids.length - 1;
    setFocusTarget(`${id}:${atEdge ? (direction === 'up' ? 'down' : 'up') : direction}`);
    setAnnouncement(
      t('category.moved', { title: questions[index]?.title, position: to + 1, count: ids.length }),
    );
  };

  const moveButton = (question: DiagnosticQuestionResponse, index: number, direction: Direction) => {
    const label = t(direction === 'up' ? 'category.moveUp' : 'category.moveDown', { title: question.title });
    const Icon = direction === 'up' ? IconArrowUp : IconArrowDown;
    return (
      <Tooltip label={label} withArrow>
        <ActionIcon
          ref={(node) => {
            const key = `${question.id}:${direction}`;
            if (node) buttons.current.set(key, node);
            else buttons.current.delete(key);
          }}
          variant="subtle"
          aria-label={label}
          disabled={direction === 'up' ? index === 0 : index === questions.length - 1}
          onClick={() => move(index, direction)}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  };

  return (
    <>
      <Stack
        component="ol"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('category.ownLabel')}
      >
        {questions.map((question, index) => {
          const open = t(canEdit ? 'category.edit' : 'category.view', { title: question.title });
          const remove = t('category.delete', { title: question.title });
          return (
            <DiagnosticQuestionCard
              key={question.id}
              question={question}
              number={firstNumber + index}
              actions={
                <Group gap={2} wrap="nowrap">
                  {canEdit && moveButton(question, index, 'up')}
                  {canEdit && moveButton(question, index, 'down')}
                  {can('question.detail') && (
                    <Tooltip label={open} withArrow>
                      <ActionIcon
                        component={Link}
                        to={`/diagnostic/category/${categoryId}/question/${question.id}`}
                        variant="subtle"
                        aria-label={open}
                      >
                        {canEdit ? <IconPencil size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {canEdit && (
                    <Tooltip label={remove} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={remove}
                        onClick={() => onDelete(question)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              }
            />
          );
        })}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
