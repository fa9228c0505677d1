import { Text } from '@mantine/core';
import type { DiagnosticQuestionResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { DeleteEntityModal } from '../../../ui/confirm-delete-modal';
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
  return (
    <DeleteEntityModal
      entity={question}
      onClose={onClose}
      remove={useDeleteDiagnosticQuestion(categoryId)}
      title={t('delete.title')}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      doneMessage={(deleted) => t('delete.done', { title: deleted.title })}
    >
      {(shown) => <Text>{t('delete.confirm', { title: shown.title })}</Text>}
    </DeleteEntityModal>
  );
}
