import { completesBuyback, type StatusReactions } from '../buyback-lifecycle';
import { enterCompletedBuyback } from './police-register.service';

/** What the police register does after the lifecycle's status changes (registered at start-up: src/status-reactions.ts). */
export const policeRegisterStatusReactions: StatusReactions = {
  module: 'police-register',
  afterStatusChange: [
    async (tx, change) => {
      if (completesBuyback(change)) await enterCompletedBuyback(tx, change);
    },
  ],
};
