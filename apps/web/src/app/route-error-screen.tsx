import { Button } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessageScreen } from '../ui/message-screen';

/**
 * A screen failed to load or render (often a stale bundle after a release): reloading fixes it.
 * The error is reported (lib/error-reporting.ts), unless the network's or a failed answer.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation('errors');
  const error = useRouteError();
  useEffect(() => {
    void import('../lib/error-reporting').then(
      (m) => m.reportClientError('back_office', error, 'render'),
      () => undefined,
    );
  }, [error]);
  return (
    <MessageScreen
      icon={IconBug}
      color="red"
      title={t('crash.title')}
      message={t('crash.message')}
      action={<Button onClick={() => window.location.reload()}>{t('modal.reload')}</Button>}
    />
  );
}
