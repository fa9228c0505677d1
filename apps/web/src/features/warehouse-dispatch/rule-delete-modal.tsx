import { Text } from '@mantine/core';
import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { DeleteEntityModal } from '../../ui/confirm-delete-modal';
import { useDeleteWarehouseDispatchRule } from './warehouse-dispatch.queries';

interface RuleDeleteModalProps {
  rule: WarehouseDispatchRuleResponse | null;
  onClose: () => void;
}

/** Asks before deleting a rule (the buybacks it dispatched keep their warehouse). */
export function RuleDeleteModal({ rule, onClose }: RuleDeleteModalProps) {
  const { t } = useTranslation('warehouseDispatch');
  const remove = useDeleteWarehouseDispatchRule();
  return (
    <DeleteEntityModal
      entity={rule}
      onClose={onClose}
      remove={remove}
      title={t('delete.title')}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      doneMessage={(deleted) => t('delete.done', { title: deleted.title })}
    >
      {(shown) => <Text>{t('delete.confirm', { title: shown.title })}</Text>}
    </DeleteEntityModal>
  );
}
