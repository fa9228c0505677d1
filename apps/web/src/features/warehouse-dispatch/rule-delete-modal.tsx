import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WarehouseDispatchRuleResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
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
    <Modal opened={rule !== null} onClose={onClose} title={t('delete.title')} centered>
      {rule && (
        <Stack gap="md">
          <Text>{t('delete.confirm', { title: rule.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('delete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(rule.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: t('delete.done', { title: rule.title }) });
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
