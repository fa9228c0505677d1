import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginRequest } from '@reprise/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session';
import { applyViolations, zodValidator } from '../../ui/forms';
import { loginErrorMessage } from './login-error';

/** `/login`: e-mail and password (the guard then takes the user where they wanted to go). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { signIn } = useSession();
  const location = useLocation();
  /** Set when the session ended for a reason the user should know (e.g. no permissions). */
  const reason = (location.state as { errorCode?: string } | null)?.errorCode;

  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodValidator(LoginRequest),
    validateInputOnBlur: true,
  });

  // On success the session is confirmed and RedirectIfSignedIn takes the user on.
  const login = useMutation({
    mutationFn: signIn,
    meta: { handlesErrors: true },
    onError: (error) => applyViolations(form, error),
  });

  const message = login.error
    ? loginErrorMessage(login.error, t)
    : reason && !login.isPending
      ? t(`login.error.${reason}`, { defaultValue: t('login.error.default') })
      : null;

  return (
    <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="login-title">
            {t('login.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('login.subtitle')}
          </Text>
        </div>
        {message && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="login-error">
            {message}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/lostPassword" size="sm">
            {t('login.lostPassword')}
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
