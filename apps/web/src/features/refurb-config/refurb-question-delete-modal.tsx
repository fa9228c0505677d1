import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RefurbQuestionResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { useDeleteRefurbQuestion } from './refurb-config.queries';

interface RefurbQuestionDeleteModalProps {
  question: RefurbQuestionResponse | null;
  onClose: () => void;
}

/** Asks before deleting a question (the diagnoses that answered it keep their answers' labels). */
export function RefurbQuestionDeleteModal({ question, onClose }: RefurbQuestionDeleteModalProps) {
  const { t } = useTranslation('refurbConfig');
  const remove = useDeleteRefurbQuestion();
  return (
    <Modal opened={question !== null} onClose={onClose} title={t('questionDelete.title')} centered>
      {question && (
        <Stack gap="md">
          <Text>{t('questionDelete.confirm', { label: question.label })}</Text>
          {question.productCount > 0 && (
            <Text size="sm" c="dimmed">
              {t('questionDelete.used', { count: question.productCount })}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('questionDelete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(question.id, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      message: t('questionDelete.done', { label: question.label }),
                    });
                    onClose();
                  },
                  onError: onClose,
                })
              }
            >
              {t('questionDelete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
