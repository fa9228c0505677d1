import { Alert, Text } from '@mantine/core';
import type { ClientAccountResponse } from '@reprise/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withAlert } from '../../app/alert-from-query';
import { ConfirmDeleteModal } from '../../ui/confirm-delete-modal';
import { useDeleteClientAccount } from './account-admin.queries';
import { deletionErrorKey } from './deletion-errors';

interface ClientDeleteModalProps {
  client: ClientAccountResponse;
  opened: boolean;
  onClose: () => void;
}

/** Confirms the deletion of a client account, and says why it was refused. */
export function ClientDeleteModal({ client, opened, onClose }: ClientDeleteModalProps) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const remove = useDeleteClientAccount(client);
  const failure = remove.error ? deletionErrorKey(remove.error) : null;
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={opened}
      onClose={close}
      title={t('deletion.title', { name: client.name })}
      cancelLabel={t('deletion.cancel')}
      submitLabel={t('deletion.confirm')}
      onSubmit={() =>
        remove.mutate(undefined, {
          onSuccess: () =>
            navigate(withAlert('/clients', { type: 'success', message: 'clients:alert.deleted' })),
        })
      }
      pending={remove.isPending}
    >
      <Text size="sm">{t('deletion.text', { name: client.name })}</Text>
      {failure && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} role="alert" title={t('deletion.failed')}>
          {'key' in failure ? t(failure.key) : failure.detail}
        </Alert>
      )}
    </ConfirmDeleteModal>
  );
}
