import { Button } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageScreen } from '../../ui/message-screen';

/** `/new/password`: the confirmation after a successful reset. */
export function PasswordChangedPage() {
  const { t } = useTranslation('auth');
  return (
    <MessageScreen
      fullScreen={false}
      icon={IconCircleCheck}
      color="green"
      title={t('passwordChanged.title')}
      message={t('passwordChanged.message')}
      action={
        <Button component={Link} to="/login" fullWidth>
          {t('passwordChanged.signIn')}
        </Button>
      }
    />
  );
}
