import { Badge, type MantineColor } from '@mantine/core';
import {
  ITEM_REFURB_STEP_ACTIONS,
  ITEM_REFURB_STEP_TRANSITIONS,
  type ItemRefurbStepAction,
  type ItemRefurbStepStatus,
} from '@reprise/shared';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../../ui/status-badge';

/** The colour of each service status: to do grey, in progress blue, paused yellow, cancelled red, completed green. */
const STEP_STATUS_COLORS: Record<ItemRefurbStepStatus, MantineColor> = {
  to_do: 'gray',
  in_progress: 'blue',
  paused: 'yellow',
  cancelled: 'red',
  completed: 'green',
};

export function StepStatusBadge({ status }: { status: ItemRefurbStepStatus }) {
  const { t } = useTranslation('itemRefurbSteps');
  return (
    <Badge
      color={STEP_STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      tt="none"
      styles={WHOLE_LABEL}
      data-testid="step-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The actions a service allows from its status (the shared transition table). */
export const actionsFrom = (status: ItemRefurbStepStatus): ItemRefurbStepAction[] =>
  ITEM_REFURB_STEP_ACTIONS.filter((action) => ITEM_REFURB_STEP_TRANSITIONS[action].includes(status));

/** The label key of an action: a start from paused is a resume. */
export const actionLabelKey = (action: ItemRefurbStepAction, status: ItemRefurbStepStatus) =>
  action === 'start' && status === 'paused' ? 'action.resume' : `action.${action}`;
