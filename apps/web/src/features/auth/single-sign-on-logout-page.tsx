import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { postSsoLogout } from '../single-sign-on';

/**
 * `/open-id/logout`: signs out, then the login screen. A session opened by single sign-on is
 * ended at the provider too, when it advertises an end-session address: the provider sends the
 * browser back to the login screen.
 */
export function SingleSignOnLogoutPage() {
  const { user, reset } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const answer = user ? await postSsoLogout().catch(() => null) : null;
      reset();
      if (answer?.endSessionUrl) window.location.assign(answer.endSessionUrl);
      else navigate('/login', { replace: true });
    })();
  }, [user, reset, navigate]);
  return <PageLoader fullScreen />;
}
