import { useEffect, useRef } from 'react';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';

/** `/open-id/logout`: signs out, then shows the login screen. */
export function SingleSignOnLogoutPage() {
  const { signOut } = useSession();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut();
  }, [signOut]);
  return <PageLoader fullScreen />;
}
