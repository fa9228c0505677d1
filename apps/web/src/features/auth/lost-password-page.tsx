import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordRenewRequest } from '@reprise/shared';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { handleFormError, zodValidator } from '../../ui/forms';
import { requestPasswordReset } from './auth.queries';

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to="/login" size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('backToLogin')}
    </Anchor>
  );
}

/** `/lostPassword`: asks for a reset link; the answer never tells whether the account exists. */
export function LostPasswordPage() {
  const { t } = useTranslation('auth');
  const form = useForm<PasswordRenewRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodValidator(PasswordRenewRequest),
  });
  const renew = useMutation({
    mutationFn: requestPasswordReset,
    meta: { handlesErrors: true },
    onError: (error) => handleFormError(form, error),
  });

  if (renew.isSuccess)
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('lostPassword.title')}
        </Title>
        <Alert
          color="green"
          icon={<IconMailCheck aria-hidden />}
          role="status"
          data-testid="lost-password-sent"
        >
          {t('lostPassword.sent', { email: renew.variables.email })}
        </Alert>
        <BackToLogin />
      </Stack>
    );

  return (
    <form onSubmit={form.onSubmit((values) => renew.mutate(values))} noValidate aria-labelledby="lost-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="lost-title">
            {t('lostPassword.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('lostPassword.intro')}
          </Text>
        </div>
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={renew.isPending} fullWidth>
          {t('lostPassword.submit')}
        </Button>
        <BackToLogin />
      </Stack>
    </form>
  );
}
