import { Button } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessageScreen } from '../ui/message-screen';

/** The server could not be reached to check the session. */
export function BootFailure() {
  const { t } = useTranslation('errors');
  return (
    <MessageScreen
      icon={IconPlugConnectedX}
      title={t('boot.title')}
      message={t('boot.message')}
      action={<Button onClick={() => window.location.reload()}>{t('modal.reload')}</Button>}
    />
  );
}
