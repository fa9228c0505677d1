import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearError, clearSessionExpired, translateErrorCode, useErrorState } from './errors';
import { useSession } from './session';

/** Above any screen's own modal (Mantine's default is 200), the reconnect modal above all. */
const ERROR_MODAL_Z_INDEX = 300;
const SESSION_EXPIRED_Z_INDEX = 400;

/** The server or network error modal. */
function ErrorModal() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { error } = useErrorState();
  const message = error ? (error.message ?? translateErrorCode(error.code)) : '';

  const confirm = () => {
    if (!error) return;
    clearError();
    if (error.reloadPage) window.location.reload();
    else if (error.goHome) navigate('/home');
    else if (error.redirectToRoute) navigate(error.redirectToRoute);
  };

  const button = error?.reloadPage
    ? t('modal.reload')
    : error?.goHome
      ? t('modal.goHome')
      : error?.redirectToRoute
        ? t('modal.continue')
        : t('modal.close');

  return (
    <Modal
      opened={error !== null}
      onClose={clearError}
      title={
        <Group gap="xs">
          <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-hidden />
          {t('modal.title')}
        </Group>
      }
      data-testid="error-modal"
      zIndex={ERROR_MODAL_Z_INDEX}
    >
      <Stack>
        {!error?.hideGenericMessage && <Text>{t('modal.generic')}</Text>}
        <Text c={error?.hideGenericMessage ? undefined : 'dimmed'}>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={confirm} data-autofocus>
            {button}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A 401 anywhere: the only way on is to sign in again. */
function SessionExpiredModal() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { sessionExpired } = useErrorState();
  const { reset } = useSession();

  const reconnect = () => {
    reset();
    clearSessionExpired();
    navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
  };

  return (
    <Modal
      opened={sessionExpired}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={
        <Group gap="xs">
          <IconClockExclamation size={20} aria-hidden />
          {t('sessionExpired.title')}
        </Group>
      }
      data-testid="session-expired-modal"
      zIndex={SESSION_EXPIRED_Z_INDEX}
    >
      <Stack>
        <Text>{t('sessionExpired.message')}</Text>
        <Group justify="flex-end">
          <Button onClick={reconnect} data-autofocus>
            {t('sessionExpired.reconnect')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Both modals: the chunk app-root.tsx loads with the first error (error-modals-on-demand.tsx). */
export function ErrorModals() {
  return (
    <>
      <ErrorModal />
      <SessionExpiredModal />
    </>
  );
}
