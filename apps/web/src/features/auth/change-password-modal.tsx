import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NewPasswordForm } from '@reprise/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleFormError, translateViolation, zodValidator } from '../../ui/forms';
import { changePassword } from './auth.queries';
import { NewPasswordFields } from './new-password-fields';

interface ChangePasswordValues {
  currentPassword: string;
  password: string;
  repeat: string;
}

const validateNewPassword = zodValidator<ChangePasswordValues>(NewPasswordForm);

function validate(values: ChangePasswordValues) {
  return {
    ...validateNewPassword(values),
    ...(values.currentPassword ? {} : { currentPassword: translateViolation('required') }),
  };
}

/** Changes the signed-in user's password from the profile panel. */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', password: '', repeat: '' },
    validate,
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const save = useMutation({
    mutationFn: ({ currentPassword, password }: ChangePasswordValues) =>
      changePassword({ currentPassword, password }),
    meta: { handlesErrors: true },
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('changePassword.success') });
      close();
    },
    onError: (error) => handleFormError(form, error),
  });

  return (
    <Modal opened={opened} onClose={close} title={t('changePassword.title')}>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('changePassword.current')}
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('changePassword.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
