import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  reactingModules,
  registerStatusReactions as register,
  type StatusReactions,
  withdrawStatusReactions,
} from './modules/buyback-lifecycle';
import { registerStatusReactions } from './status-reactions';

describe('the modules reacting to the buyback lifecycle', () => {
  // what another test file of the same worker registered waits outside, and comes back after
  let before: StatusReactions[] = [];
  beforeEach(() => {
    before = withdrawStatusReactions();
  });
  afterEach(() => {
    withdrawStatusReactions();
    register(...before);
  });

  it('payments, then webhooks, then transport, then the police register, then the tracking mails; registering again changes nothing', () => {
    registerStatusReactions();
    registerStatusReactions();
    expect(reactingModules()).toEqual(['payments', 'webhooks', 'transport', 'police-register', 'tracking']);
  });
});
