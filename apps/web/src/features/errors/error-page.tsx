import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageScreen } from '../../ui/message-screen';

/** A standalone error page with a way back home (the guard sends signed-out users to sign in). */
export function ErrorPage({ icon, page, color }: { icon: Icon; page: string; color?: string }) {
  const { t } = useTranslation('errors');
  return (
    <MessageScreen
      icon={icon}
      color={color}
      title={t(`pages.${page}.title`)}
      message={t(`pages.${page}.message`)}
      action={
        <Button component={Link} to="/home">
          {t('pages.goHome')}
        </Button>
      }
    />
  );
}
