import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { reportError, translateErrorCode } from '../app/errors';
import { ApiError } from '../lib/api';

interface ConfirmDeleteModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  cancelLabel: string;
  submitLabel: string;
  onSubmit: () => void;
  /** The deletion is on its way: the red button spins. */
  pending: boolean;
  /** The code of the server's refusal, said below what is deleted; the red button is then off. */
  refusal?: string | null;
  refusalTestId?: string;
  submitTestId?: string;
  /**
   * What is deleted, and what the deletion would do. Empty while the modal closes after what it
   * deleted has gone: the modal then shows nothing, buttons included.
   */
  children: ReactNode;
}

/** Asks before deleting something: what goes, then Cancel and a red button that deletes. */
export function ConfirmDeleteModal({
  opened,
  onClose,
  title,
  cancelLabel,
  submitLabel,
  onSubmit,
  pending,
  refusal,
  refusalTestId,
  submitTestId,
  children,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {children && (
        <Stack gap="md">
          {children}
          {refusal && (
            <Alert
              color="red"
              icon={<IconAlertTriangle aria-hidden />}
              role="alert"
              data-testid={refusalTestId}
            >
              {translateErrorCode(refusal)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button
              color="red"
              loading={pending}
              disabled={refusal != null}
              data-testid={submitTestId}
              onClick={onSubmit}
            >
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * A deletion the server may refuse with a reason the modal explains (`explains`): the refusal's
 * code stays in the modal, open, until it is closed; any other failure closes it and goes to the
 * error modal. `close` forgets the refusal and the mutation's state.
 */
export function useDeletionRefusal(
  remove: { reset(): void },
  onClose: () => void,
  explains: (error: ApiError) => boolean,
) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    remove.reset();
    onClose();
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError && explains(error)) setRefusal(error.code);
    else {
      close();
      reportError(error);
    }
  };
  return { refusal, close, onError };
}

interface DeleteEntityModalProps<Entity extends { id: string }> {
  /** What is to be deleted; null: the modal is closed. */
  entity: Entity | null;
  onClose: () => void;
  /** The deletion by id (its failures go to the error modal, which closes this one). */
  remove: { mutate(id: string, options: { onSuccess(): void; onError(): void }): void; isPending: boolean };
  title: string;
  cancelLabel: string;
  submitLabel: string;
  /** The green notice once deleted. */
  doneMessage: (deleted: Entity) => string;
  /** What is deleted, and what the deletion would do. */
  children: (shown: Entity) => ReactNode;
}

/** Asks before deleting one entity; once deleted, a green notice says so and the modal closes. */
export function DeleteEntityModal<Entity extends { id: string }>({
  entity,
  onClose,
  remove,
  title,
  cancelLabel,
  submitLabel,
  doneMessage,
  children,
}: DeleteEntityModalProps<Entity>) {
  const submit = () => {
    if (!entity) return;
    remove.mutate(entity.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: doneMessage(entity) });
        onClose();
      },
      onError: onClose,
    });
  };
  return (
    <ConfirmDeleteModal
      opened={entity !== null}
      onClose={onClose}
      title={title}
      cancelLabel={cancelLabel}
      submitLabel={submitLabel}
      onSubmit={submit}
      pending={remove.isPending}
    >
      {entity && children(entity)}
    </ConfirmDeleteModal>
  );
}
