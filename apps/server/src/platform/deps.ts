import type { Config } from './config';
import type { Db } from './db';
import type { Jobs } from './jobs';
import { createMailer, type Mailer } from './mail';
import { processLog } from './process-log';
import type { Keyring } from './secrets';
import { type Storage, storageFor } from './storage';

/** What the routes, services and workers are given: built once by main.ts (or a test) and passed down. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  /** The keys of data encrypted at rest (the customers' IBANs). */
  keyring: Keyring;
  /** The job queue: side effects such as mails, enqueued in the transaction that causes them. */
  jobs: Jobs;
}

/** The dependencies of a server or worker process, as `npm start` and `npm run worker` build them. */
export function processDeps(parts: { db: Db; config: Config; jobs: Jobs; keyring: Keyring }): AppDeps {
  const { config } = parts;
  return {
    ...parts,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: config.mailDir,
      log: (msg: string) => processLog().info(msg),
    }),
    storage: storageFor(config),
  };
}
