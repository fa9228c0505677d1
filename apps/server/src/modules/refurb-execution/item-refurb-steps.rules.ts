import {
  FINISHED_REFURB_STEP_STATUSES,
  ITEM_REFURB_STEP_TARGET,
  ITEM_REFURB_STEP_TRANSITIONS,
  type ItemRefurbStepAction,
  type ItemRefurbStepStatus,
} from '@reprise/shared';

/**
 * The rules of running an item's services (docs/refurbishment.md "Running
 * the services"), without I/O: the versions an `If-Match` header names, which action leads where,
 * the reason its item event carries, and when the item can be validated.
 */

/**
 * The versions an `If-Match` header names: `"3"`, `W/"3"`, `3`, or several separated by commas.
 * Null when there is none to compare (missing, empty, `*` or nothing that reads as a version):
 * the action then answers 428, since only a version read before proves who saw what.
 */
export function versionsOfIfMatch(header: string | string[] | undefined): number[] | null {
  const raw = [header ?? []].flat().join(',');
  const versions = raw
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^W\//i, '')
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((tag) => /^\d{1,9}$/.test(tag))
    .map(Number);
  return versions.length > 0 ? versions : null;
}

/** The ETag of a service at a version (the value `If-Match` sends back). */
export const etagOf = (version: number) => `"${version}"`;

/** The status an action leads to from `status`, or null when it is not allowed from there. */
export function targetOf(action: ItemRefurbStepAction, status: string): ItemRefurbStepStatus | null {
  return ITEM_REFURB_STEP_TRANSITIONS[action].includes(status as ItemRefurbStepStatus)
    ? ITEM_REFURB_STEP_TARGET[action]
    : null;
}

/** The item event's reason (translated by the screens: buybacks.json itemEventReason). */
export function reasonOf(action: ItemRefurbStepAction, from: string): string {
  switch (action) {
    case 'start':
      return from === 'paused' ? 'refurb_step_resumed' : 'refurb_step_started';
    case 'pause':
      return 'refurb_step_paused';
    case 'cancel':
      return 'refurb_step_cancelled';
    case 'validate':
      return 'refurb_step_completed';
  }
}

const isFinished = (status: string) => FINISHED_REFURB_STEP_STATUSES.includes(status as ItemRefurbStepStatus);

/** The item's services can be validated: it has some and each is completed or cancelled. */
export const canValidateItem = (statuses: readonly string[]) =>
  statuses.length > 0 && statuses.every(isFinished);

/** The item event's comment: the service's name, and the user's comment after it. */
export const eventComment = (serviceName: string, comment: string | null) =>
  comment ? `${serviceName} — ${comment}` : serviceName;
