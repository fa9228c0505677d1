import { PasswordInput, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordRules } from '../../ui/password-rules';

interface NewPassword {
  password: string;
  repeat: string;
}

/** New password, its live rule check and its repetition. */
export function NewPasswordFields<Values extends NewPassword>({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<Values>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('newPassword.password')}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        aria-describedby="password-rules"
        {...form.getInputProps('password')}
      />
      <PasswordRules id="password-rules" value={form.getValues().password} />
      <PasswordInput
        label={t('newPassword.repeat')}
        autoComplete="new-password"
        required
        {...form.getInputProps('repeat')}
      />
    </Stack>
  );
}
