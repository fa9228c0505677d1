import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginRequest } from '@reprise/shared/schemas/auth';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session';
import { applyViolations, zodValidator } from '../../ui/forms';
import { fetchAuthorizationUrl } from '../single-sign-on';
import { loginErrorMessage, singleSignOnErrorMessage } from './login-error';
// the shared LoginRequest schema's rules without zod (login-rules.test.ts compares them)
import { isEmail, loginRules } from './login-rules';

/**
 * `/login`: e-mail and password (the guard then takes the user where they wanted to go), or single
 * sign-on: an e-mail sent without a password, or the single sign-on button, asks the server for
 * the provider of the e-mail's domain and goes there (docs/single-sign-on.md).
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tSso } = useTranslation('sso');
  const { signIn } = useSession();
  const location = useLocation();
  /** Set when the session ended for a reason the user should know (e.g. no permissions). */
  const reason = (location.state as { errorCode?: string } | null)?.errorCode;

  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodValidator(loginRules),
    validateInputOnBlur: true,
  });

  // On success the session is confirmed and RedirectIfSignedIn takes the user on.
  const login = useMutation({
    mutationFn: signIn,
    meta: { handlesErrors: true },
    onError: (error) => applyViolations(form, error),
  });

  // the single sign-on step: the domain's provider, then the browser goes there
  const singleSignOn = useMutation({
    mutationFn: (email: string) => fetchAuthorizationUrl(email.trim()),
    meta: { handlesErrors: true },
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const startSingleSignOn = () => {
    const { email } = form.getValues();
    if (!isEmail(email.trim())) {
      form.validateField('email');
      return;
    }
    login.reset();
    singleSignOn.mutate(email);
  };

  const message = singleSignOn.error
    ? singleSignOnErrorMessage(singleSignOn.error, t)
    : login.error
      ? loginErrorMessage(login.error, t)
      : reason && !login.isPending
        ? t(`login.error.${reason}`, { defaultValue: t('login.error.default') })
        : null;

  return (
    <form
      onSubmit={(event) => {
        const { email, password } = form.getValues();
        // an e-mail alone: the single sign-on step
        if (password === '' && isEmail(email.trim())) {
          event.preventDefault();
          startSingleSignOn();
          return;
        }
        singleSignOn.reset();
        form.onSubmit((values) => login.mutate(values))(event);
      }}
      noValidate
      aria-labelledby="login-title"
    >
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
        <Button type="submit" loading={login.isPending || singleSignOn.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Divider label={tSso('login.or')} labelPosition="center" />
        <Button
          variant="default"
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={startSingleSignOn}
          loading={singleSignOn.isPending}
          fullWidth
          data-testid="sso-start"
        >
          {tSso('login.start')}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          {tSso('login.help')}
        </Text>
      </Stack>
    </form>
  );
}
