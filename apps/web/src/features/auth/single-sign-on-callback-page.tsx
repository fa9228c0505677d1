import { Button } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageScreen } from '../../ui/message-screen';

/** `/open-id/:organizationId/callback`: single sign-on arrives with its own issue; until then, say so. */
export function SingleSignOnCallbackPage() {
  const { t } = useTranslation('auth');
  return (
    <MessageScreen
      fullScreen={false}
      icon={IconKeyOff}
      color="gray"
      title={t('singleSignOn.title')}
      message={t('singleSignOn.notConfigured')}
      action={
        <Button component={Link} to="/login" variant="light">
          {t('backToLogin')}
        </Button>
      }
    />
  );
}
