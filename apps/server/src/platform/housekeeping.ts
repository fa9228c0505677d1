import { purgeRateLimits } from '../modules/auth/throttle';
import type { Db } from './db';
import { purgeIdempotencyKeys } from './idempotency';

/** The chores of a running server, each run at start and then every hour. */
const CHORES: { name: string; run: (db: Db) => Promise<number> }[] = [
  { name: 'idempotency keys past their lifetime deleted', run: (db) => purgeIdempotencyKeys(db) },
  { name: 'attempt counters idle for a day deleted', run: (db) => purgeRateLimits(db) },
];

/**
 * Runs the chores now and every `everyMs` (the timer does not keep the process alive). A chore
 * that fails is reported and tried again at the next turn; one turn never overlaps the next.
 */
export function startHousekeeping(
  db: Db,
  log: (message: string) => void,
  everyMs = 60 * 60 * 1000,
): { stop: () => void } {
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    for (const chore of CHORES) {
      try {
        const count = await chore.run(db);
        if (count > 0) log(`housekeeping: ${count} ${chore.name}`);
      } catch (error) {
        log(`housekeeping: ${chore.name} failed (${(error as Error).message}); tried again at the next turn`);
      }
    }
    running = false;
  };
  void turn();
  const timer = setInterval(() => void turn(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
