import { Button } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from '../ui/message-screen';

/** A screen failed to load or render (often a stale bundle after a release): reloading fixes it. */
export function RouteErrorScreen() {
  const { t } = useTranslation('errors');
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
