import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorState } from './errors';

/**
 * The error and session-expired modals (error-modals.tsx) load with the first error rather than
 * with every page: Mantine's Modal and what it brings are ≈ 25 kB of gzipped JavaScript no page
 * needs until something fails (bench/RESULTS.md, issue 23). Once loaded they stay mounted. When
 * their chunk cannot be fetched (the server or the network is down), a plain notice says what
 * happened and offers a reload; the next error tries the chunk again.
 */
export function ErrorModalsOnDemand() {
  const { error, sessionExpired } = useErrorState();
  const [Modals, setModals] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  const wanted = error !== null || sessionExpired;

  useEffect(() => {
    if (!wanted || Modals) return;
    let current = true;
    setFailed(false);
    import('./error-modals').then(
      (module) => current && setModals(() => module.ErrorModals),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, Modals]);

  if (Modals) return <Modals />;
  return wanted && failed ? <PlainErrorNotice sessionExpired={sessionExpired} /> : null;
}

/** Without the modals' chunk: the same words, and a reload (or a new sign-in) as the way on. */
function PlainErrorNotice({ sessionExpired }: { sessionExpired: boolean }) {
  const { t } = useTranslation('errors');
  const reload = () => {
    if (!sessionExpired) return window.location.reload();
    const { pathname, search } = window.location;
    window.location.assign(`/login?redirect=${encodeURIComponent(pathname + search)}`);
  };
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="plain-error-title"
      data-testid={sessionExpired ? 'session-expired-modal' : 'error-modal'}
      className="plain-error-notice"
    >
      <p id="plain-error-title">
        <strong>{sessionExpired ? t('sessionExpired.title') : t('modal.title')}</strong>
      </p>
      <p>{sessionExpired ? t('sessionExpired.message') : t('modal.generic')}</p>
      <button type="button" onClick={reload}>
        {sessionExpired ? t('sessionExpired.reconnect') : t('modal.reload')}
      </button>
    </div>
  );
}
