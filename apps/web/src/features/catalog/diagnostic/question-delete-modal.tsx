import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QuestionResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useDeleteQuestion } from './questions.queries';

interface QuestionDeleteModalProps {
  categoryId: string;
  question: QuestionResponse | null;
  onClose: () => void;
}

/** Asks before deleting a question and its answers. */
export function QuestionDeleteModal({ categoryId, question, onClose }: QuestionDeleteModalProps) {
  const { t } = useTranslation('diagnostic');
  const remove = useDeleteQuestion(categoryId);
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
