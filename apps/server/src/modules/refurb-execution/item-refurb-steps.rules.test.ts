import { describe, expect, it } from 'vitest';
import {
  canValidateItem,
  eventComment,
  reasonOf,
  targetOf,
  versionsOfIfMatch,
} from './item-refurb-steps.rules';

describe('If-Match', () => {
  it('reads a quoted, weak or bare version, and lists', () => {
    expect(versionsOfIfMatch('"3"')).toEqual([3]);
    expect(versionsOfIfMatch('W/"3"')).toEqual([3]);
    expect(versionsOfIfMatch('3')).toEqual([3]);
    expect(versionsOfIfMatch(' "2" , W/"5"')).toEqual([2, 5]);
  });

  it('answers null when there is no version to compare (428)', () => {
    expect(versionsOfIfMatch(undefined)).toBeNull();
    expect(versionsOfIfMatch('')).toBeNull();
    expect(versionsOfIfMatch('*')).toBeNull();
    expect(versionsOfIfMatch('"abc"')).toBeNull();
  });
});

describe('actions', () => {
  it('lead from the statuses of the transition table only', () => {
    expect(targetOf('start', 'to_do')).toBe('in_progress');
    expect(targetOf('start', 'paused')).toBe('in_progress');
    expect(targetOf('start', 'in_progress')).toBeNull();
    expect(targetOf('pause', 'in_progress')).toBe('paused');
    expect(targetOf('pause', 'to_do')).toBeNull();
    expect(targetOf('cancel', 'paused')).toBe('cancelled');
    expect(targetOf('cancel', 'completed')).toBeNull();
    expect(targetOf('validate', 'in_progress')).toBe('completed');
    expect(targetOf('validate', 'to_do')).toBeNull();
  });

  it('a start from paused is a resume', () => {
    expect(reasonOf('start', 'to_do')).toBe('refurb_step_started');
    expect(reasonOf('start', 'paused')).toBe('refurb_step_resumed');
    expect(reasonOf('validate', 'in_progress')).toBe('refurb_step_completed');
  });

  it('the item is validated once it has services and each is completed or cancelled', () => {
    expect(canValidateItem([])).toBe(false);
    expect(canValidateItem(['completed', 'cancelled'])).toBe(true);
    expect(canValidateItem(['completed', 'paused'])).toBe(false);
  });

  it("the item event names the service, then the user's comment", () => {
    expect(eventComment('Nettoyage', null)).toBe('Nettoyage');
    expect(eventComment('Nettoyage', 'Fait')).toBe('Nettoyage — Fait');
  });
});
