import type { Db } from './db';
import { purgeIdempotencyKeys } from './idempotency';

/** A periodic deletion: its name as logged, and the work, answering how many rows it deleted. */
export interface Chore {
  name: string;
  run: (db: Db) => Promise<number>;
}

/** The platform's own chores; those of modules are passed in by main.ts, since platform imports no module. */
const PLATFORM_CHORES: Chore[] = [
  { name: 'idempotency keys past their lifetime deleted', run: (db) => purgeIdempotencyKeys(db) },
];

/**
 * Runs the platform's chores and `moduleChores` now and every `everyMs` (the timer does not keep
 * the process alive). A chore that fails is reported and tried again at the next turn; one turn
 * never overlaps the next.
 */
export function startHousekeeping(
  db: Db,
  log: (message: string) => void,
  moduleChores: Chore[] = [],
  everyMs = 60 * 60 * 1000,
): { stop: () => void } {
  const chores = [...PLATFORM_CHORES, ...moduleChores];
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    for (const chore of chores) {
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
