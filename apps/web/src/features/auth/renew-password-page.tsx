import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NewPasswordForm } from '@reprise/shared';
import { IconLinkOff, IconPlugConnectedX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorFromException, translateErrorCode } from '../../app/errors';
import { ApiError } from '../../lib/api';
import { handleFormError, zodValidator } from '../../ui/forms';
import { MessageScreen } from '../../ui/message-screen';
import { PageLoader } from '../../ui/page-loader';
import { authKeys, fetchResetLink, setNewPassword } from './auth.queries';
import { NewPasswordFields } from './new-password-fields';

const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 404;

function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <MessageScreen
      fullScreen={false}
      icon={IconLinkOff}
      color="orange"
      title={t('renew.invalidTitle')}
      message={t('renew.invalidMessage')}
      action={
        <Button component={Link} to="/lostPassword">
          {t('renew.requestNewLink')}
        </Button>
      }
    />
  );
}

/** `/renew/:resetToken`: checks the link, then sets the new password. */
export function RenewPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const token = useParams().resetToken ?? '';
  const [linkExpired, setLinkExpired] = useState(false);

  const link = useQuery({
    queryKey: authKeys.resetLink(token),
    queryFn: () => fetchResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });

  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    validate: zodValidator(NewPasswordForm),
    validateInputOnBlur: true,
  });

  const save = useMutation({
    mutationFn: ({ password }: { password: string }) => setNewPassword(token, { password }),
    meta: { handlesErrors: true },
    onSuccess: () => navigate('/new/password', { replace: true }),
    onError: (error) => (isInvalidLink(error) ? setLinkExpired(true) : handleFormError(form, error)),
  });

  if (link.isPending) return <PageLoader />;
  if (linkExpired || isInvalidLink(link.error)) return <InvalidLink />;
  if (link.isError)
    return (
      <MessageScreen
        fullScreen={false}
        icon={IconPlugConnectedX}
        color="red"
        title={t('renew.checkFailedTitle')}
        message={translateErrorCode(errorFromException(link.error).code)}
        action={<Button onClick={() => void link.refetch()}>{t('renew.retry')}</Button>}
      />
    );

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-labelledby="renew-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="renew-title">
            {t('renew.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('renew.intro')}
          </Text>
        </div>
        <TextInput label={t('login.email')} value={link.data.email} readOnly autoComplete="username" />
        <NewPasswordFields form={form} autoFocus />
        <Button type="submit" loading={save.isPending} fullWidth>
          {t('renew.submit')}
        </Button>
      </Stack>
    </form>
  );
}
