import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../app/errors';
import type { ActionRefusal } from './use-step-actions';

/**
 * A refused action, on the page rather than in the error modal: another user's change (412) or the
 * refusal's own message.
 */
export function RefusalAlert({ refusal, onClose }: { refusal: ActionRefusal | null; onClose: () => void }) {
  const { t } = useTranslation('itemRefurbSteps');
  if (!refusal) return null;
  const changed = refusal.kind === 'changed';
  return (
    <Alert
      color={changed ? 'orange' : 'red'}
      icon={changed ? <IconRefresh aria-hidden /> : <IconAlertTriangle aria-hidden />}
      title={changed ? t('changed.title') : t('refused')}
      role="alert"
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      data-testid={changed ? 'step-changed' : 'step-refused'}
    >
      {translateErrorCode(changed ? 'refurb_step_changed' : refusal.code)}
    </Alert>
  );
}
