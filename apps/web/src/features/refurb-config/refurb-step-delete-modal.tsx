import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RefurbStepResponse } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { reportError, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
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
  const refused =
    remove.error instanceof ApiError && remove.error.status === 409
      ? translateErrorCode(remove.error.code)
      : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={step !== null} onClose={close} title={t('stepDelete.title')} centered>
      {step && (
        <Stack gap="md">
          <Text>{t('stepDelete.confirm', { name: step.name })}</Text>
          {refused && (
            <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {refused}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('stepDelete.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              disabled={refused !== null}
              onClick={() =>
                remove.mutate(step.id, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      message: t('stepDelete.done', { name: step.name }),
                    });
                    close();
                  },
                  onError: (error) => {
                    if (!(error instanceof ApiError && error.status === 409)) {
                      close();
                      reportError(error);
                    }
                  },
                })
              }
            >
              {t('stepDelete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
