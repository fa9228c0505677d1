import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BaseTxContext } from '../../platform/request-context';
import {
  afterCancellation,
  afterStatusChange,
  completesBuyback,
  reactingModules,
  registerStatusReactions,
  type StatusChange,
  type StatusReactions,
  withdrawStatusReactions,
} from './status-effects';

const tx = {} as BaseTxContext;
const change: StatusChange = {
  buybackId: 'b',
  itemId: 'i',
  accountId: 'a',
  fromItemStatus: 'item_awaiting_compliancy_tests',
  toItemStatus: 'item_completed',
  fromBuybackStatus: 'bb_in_processing',
  toBuybackStatus: 'bb_completed',
};

describe('the reactions to status changes', () => {
  // the app's own reactions, registered by another test file of the same worker, wait outside
  let apps: StatusReactions[] = [];
  beforeEach(() => {
    apps = withdrawStatusReactions();
  });
  afterEach(() => {
    withdrawStatusReactions();
    registerStatusReactions(...apps);
  });

  it('run in the order the modules registered, each module once however often it registers', async () => {
    const seen: string[] = [];
    const first = {
      module: 'first',
      afterStatusChange: [async () => void seen.push('first: change')],
      afterCancellation: [async () => void seen.push('first: cancellation')],
    };
    const second = { module: 'second', afterStatusChange: [async () => void seen.push('second: change')] };
    registerStatusReactions(first, second);
    registerStatusReactions(first);
    expect(reactingModules()).toEqual(['first', 'second']);
    await afterStatusChange(tx, change);
    await afterCancellation(tx, { buybackId: 'b', accountId: 'a', paymentStatus: 'payment_cancelled' });
    expect(seen).toEqual(['first: change', 'second: change', 'first: cancellation']);
  });

  it('a completion is a move into a completed status from one that was not', () => {
    expect(completesBuyback(change)).toBe(true);
    expect(completesBuyback({ ...change, toBuybackStatus: null })).toBe(false);
    expect(
      completesBuyback({ fromBuybackStatus: 'bb_completed', toBuybackStatus: 'bb_completed_by_price' }),
    ).toBe(false);
    expect(completesBuyback({ ...change, toBuybackStatus: 'bb_not_completed' })).toBe(false);
  });
});
