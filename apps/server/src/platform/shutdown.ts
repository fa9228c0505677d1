import type { ProcessLog } from './process-log';

/**
 * How a server or worker process stops on SIGTERM (or SIGINT, Ctrl-C), in one place for main.ts
 * and worker-main.ts. At the signal `stopping` turns true at once (the ready route answers 503, so
 * a load balancer sends no more), then the steps run, the last added first: the HTTP server stops
 * accepting and finishes the requests in flight, the job workers take no more jobs and finish the
 * active ones, the pools close. All of it is bounded by `graceSeconds` (SHUTDOWN_GRACE_SECONDS):
 * past that the process exits anyway (code 1), and a job cut off is run again by another worker
 * (platform/jobs.ts, `expireInSeconds`).
 */
export interface Shutdown {
  /** True from the signal on. */
  readonly stopping: boolean;
  /** A step run at the stop, before those added earlier (what was opened last closes first). */
  add(name: string, step: (remainingMs: number) => Promise<void> | void): void;
}

export function handleShutdown(options: {
  graceSeconds: number;
  log: ProcessLog;
  /** Tests: what ends the process (default process.exit). */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}): Shutdown {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const steps: { name: string; step: (remainingMs: number) => Promise<void> | void }[] = [];
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + options.graceSeconds * 1000;
    options.log.info(`${signal} received: stopping within ${options.graceSeconds} s`, { signal });
    const timer = setTimeout(() => {
      options.log.error(
        `still stopping after ${options.graceSeconds} s (SHUTDOWN_GRACE_SECONDS): exiting now`,
      );
      exit(1);
    }, options.graceSeconds * 1000);
    let code = 0;
    for (const { name, step } of steps.toReversed()) {
      try {
        await step(Math.max(0, deadline - Date.now()));
      } catch (error) {
        code = 1;
        options.log.error(`stopping: ${name} failed (${(error as Error).message})`, { step: name });
      }
    }
    clearTimeout(timer);
    options.log.info('stopped', { exitCode: code });
    exit(code);
  };
  for (const signal of options.signals ?? (['SIGINT', 'SIGTERM'] as const)) {
    process.on(signal, () => void stop(signal));
  }
  return {
    get stopping() {
      return stopping;
    },
    add(name, step) {
      steps.push({ name, step });
    },
  };
}
