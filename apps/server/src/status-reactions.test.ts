import { describe, expect, it } from 'vitest';
import { reactingModules } from './modules/buyback-lifecycle';
import { registerStatusReactions } from './status-reactions';

describe('the modules reacting to the buyback lifecycle', () => {
  it('payments, then webhooks, then transport; registering again changes nothing', () => {
    registerStatusReactions();
    registerStatusReactions();
    expect(reactingModules()).toEqual(['payments', 'webhooks', 'transport']);
  });
});
