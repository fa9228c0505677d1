import { Button } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../app/session';
import { ApiError, NetworkError } from '../../lib/api';
import { MessageScreen } from '../../ui/message-screen';
import { PageLoader } from '../../ui/page-loader';
import { completeSingleSignOn } from '../single-sign-on';

/** The codes the callback explains (single sign-on); anything else is a callback failure. */
const EXPLAINED = [
  'sso_callback_failed',
  'sso_session_invalid',
  'sso_user_unknown',
  'sso_configuration_error',
  'sso_provider_timeout',
  'no_permissions',
  'account_inactive',
];

/**
 * `/open-id/:organizationId/callback` (alias `/openid/...`): the provider sends the browser back
 * here. The page forwards its answer to the server, which checks it and answers an
 * `openidSessionId`; `POST /api/login` exchanges it for the session, then home.
 */
export function SingleSignOnCallbackPage() {
  const { t } = useTranslation('sso');
  const { organizationId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [errorCode, setErrorCode] = useState<string | null>(null);
  // the state is used once: a second run (React's development double effect) would be refused
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const { openidSessionId } = await completeSingleSignOn(organizationId, search);
        await signIn({ organizationId, openidSessionId });
        navigate('/home', { replace: true });
      } catch (error) {
        if (error instanceof NetworkError) setErrorCode('network_error');
        else if (error instanceof ApiError && EXPLAINED.includes(error.code)) setErrorCode(error.code);
        else setErrorCode('sso_callback_failed');
      }
    })();
  }, [organizationId, search, signIn, navigate]);

  if (!errorCode) return <PageLoader />;
  return (
    <MessageScreen
      fullScreen={false}
      icon={IconKeyOff}
      color="red"
      title={t('callback.failedTitle')}
      message={
        <span data-testid="sso-callback-error">
          {errorCode === 'network_error' ? t('errors:network_error') : t(`errors:${errorCode}`)}
        </span>
      }
      action={
        <Button component={Link} to="/login" variant="light">
          {t('callback.backToLogin')}
        </Button>
      }
    />
  );
}
