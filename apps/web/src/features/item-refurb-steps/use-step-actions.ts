import { notifications } from '@mantine/notifications';
import type { ItemRefurbStepResponse } from '@reprise/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { type StepActionInput, useStepAction } from './item-refurb-steps.queries';

/** The notification of a done action: a start from paused is a resume. */
const doneKey = (action: StepActionInput['action'], status: ItemRefurbStepResponse['status']) =>
  action === 'start' && status === 'paused' ? 'resume' : action;

/** What a refused action leaves on the screen. */
export type ActionRefusal =
  /** Another user acted on the service meanwhile (412): it has been read again. */
  | { kind: 'changed' }
  /** Any other refusal, by its error code. */
  | { kind: 'error'; code: string };

/**
 * Runs an action on a service (item-refurb-steps.queries.ts, useStepAction) for a screen that shows
 * its own refusals: a 412 becomes the "changed by another user" alert (the service is read again,
 * whatever the user typed is kept by the screen), any other refusal its translated code, and a
 * success a notification.
 */
export function useStepActions() {
  const { t } = useTranslation('itemRefurbSteps');
  const mutation = useStepAction();
  const [refusal, setRefusal] = useState<ActionRefusal | null>(null);

  const run = (
    input: StepActionInput & { status: ItemRefurbStepResponse['status'] },
    onDone?: () => void,
  ) => {
    setRefusal(null);
    mutation.mutate(input, {
      onSuccess: (step) => {
        notifications.show({
          color: 'green',
          message: t(`done.${doneKey(input.action, input.status)}`, { name: step.name }),
        });
        onDone?.();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 412) setRefusal({ kind: 'changed' });
        else setRefusal({ kind: 'error', code: error instanceof ApiError ? error.code : 'network_error' });
      },
    });
  };

  return {
    run,
    refusal,
    clearRefusal: () => setRefusal(null),
    pending: mutation.isPending ? mutation.variables : undefined,
  };
}
