import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DiagnosticQuestionResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useDeleteDiagnosticQuestion } from './diagnostic-questions.queries';

interface DiagnosticQuestionDeleteModalProps {
  categoryId: string;
  question: DiagnosticQuestionResponse | null;
  onClose: () => void;
}

/** Asks before deleting a question and its answers. */
export function DiagnosticQuestionDeleteModal({
  categoryId,
  question,
  onClose,
}: DiagnosticQuestionDeleteModalProps) {
  const { t } = useTranslation('diagnostic');
  const remove = useDeleteDiagnosticQuestion(categoryId);
  return (
    <Modal opened={question !== null} onClose={onClose} title={t('delete.title')} centered>
      {question && (
        <Stack gap="md">
          <Text>{t('delete.confirm', { title: question.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('delete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(question.id, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      message: t('delete.done', { title: question.title }),
                    });
                    onClose();
                  },
                  onError: onClose,
                })
              }
            >
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
