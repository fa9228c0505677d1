import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RefurbStepResponse } from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteModal, useDeletionRefusal } from '../../ui/confirm-delete-modal';
import { useDeleteRefurbStep } from './refurb-config.queries';

interface RefurbStepDeleteModalProps {
  step: RefurbStepResponse | null;
  onClose: () => void;
}

/**
 * Asks before deleting a service. A service a diagnosis question plans is refused
 * (`refurb_step_in_use`): the modal says so and stays open.
 */
export function RefurbStepDeleteModal({ step, onClose }: RefurbStepDeleteModalProps) {
  const { t } = useTranslation('refurbConfig');
  const remove = useDeleteRefurbStep();
  const { refusal, close, onError } = useDeletionRefusal(remove, onClose, (error) => error.status === 409);
  const submit = () => {
    if (!step) return;
    remove.mutate(step.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('stepDelete.done', { name: step.name }) });
        close();
      },
      onError,
    });
  };
  return (
    <ConfirmDeleteModal
      opened={step !== null}
      onClose={close}
      title={t('stepDelete.title')}
      cancelLabel={t('stepDelete.cancel')}
      submitLabel={t('stepDelete.submit')}
      onSubmit={submit}
      pending={remove.isPending}
      refusal={refusal}
    >
      {step && <Text>{t('stepDelete.confirm', { name: step.name })}</Text>}
    </ConfirmDeleteModal>
  );
}
