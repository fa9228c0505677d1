import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALERT_PARAM, parseAlertParam, type QueryAlert } from './alert-param';

export { type QueryAlert, withAlert } from './alert-param';

const LOOK: Record<QueryAlert['type'], { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'green', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconCircleX },
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'orange', Icon: IconAlertTriangle },
};

/** The banner of the current route's `alert` parameter and a way to dismiss it (drops the parameter). */
function useAlertFromQuery(): { alert: QueryAlert | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(ALERT_PARAM);
  const alert = useMemo(() => parseAlertParam(raw), [raw]);
  const dismiss = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ALERT_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return { alert, dismiss };
}

export function QueryAlertBanner() {
  const { alert, dismiss } = useAlertFromQuery();
  // the message's namespace ("circuits:alert.saved") may not be loaded yet: load it without suspending the shell
  const namespace = alert?.message.includes(':') ? (alert.message.split(':')[0] as string) : 'common';
  const { t, i18n, ready } = useTranslation(['common', namespace], { useSuspense: false });
  if (!alert || !ready) return null;
  const { color, Icon } = LOOK[alert.type];
  const message = i18n.exists(alert.message) ? t(alert.message) : alert.message;
  return (
    <Alert
      color={color}
      icon={<Icon aria-hidden />}
      withCloseButton
      closeButtonLabel={t('actions.dismiss')}
      onClose={dismiss}
      role={alert.type === 'error' ? 'alert' : 'status'}
      mb="md"
    >
      {message}
    </Alert>
  );
}
