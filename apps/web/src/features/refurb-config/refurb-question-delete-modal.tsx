import { Text } from '@mantine/core';
import type { RefurbQuestionResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { DeleteEntityModal } from '../../ui/confirm-delete-modal';
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
    <DeleteEntityModal
      entity={question}
      onClose={onClose}
      remove={remove}
      title={t('questionDelete.title')}
      cancelLabel={t('questionDelete.cancel')}
      submitLabel={t('questionDelete.submit')}
      doneMessage={(deleted) => t('questionDelete.done', { label: deleted.label })}
    >
      {(shown) => (
        <>
          <Text>{t('questionDelete.confirm', { label: shown.label })}</Text>
          {shown.productCount > 0 && (
            <Text size="sm" c="dimmed">
              {t('questionDelete.used', { count: shown.productCount })}
            </Text>
          )}
        </>
      )}
    </DeleteEntityModal>
  );
}
