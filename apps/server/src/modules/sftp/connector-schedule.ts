import { CronExpressionParser } from 'cron-parser';
import { followUpJobId } from '../../platform/jobs';
import { type BaseContext, transact } from '../../platform/request-context';
import { CONNECTOR_FQN, listActiveConfigurations } from '../connectors';
import { resumeStalledImports } from '../imports';
import * as repo from './sftp-connector.repository';
import type { SftpPullJob } from './sftp-pull';

/**
 * The `connector-schedule` tick (every minute, scheduled by main.ts and worker-main.ts): each
 * active SFTP import configuration whose schedule (a cron expression, UTC) has had an occurrence
 * since it last ran (or since it was made) is sent its `sftp-pull` job; then the imports whose
 * worker died are sent again (modules/imports/import-runner.ts `resumeStalledImports`).
 */

/** The latest occurrence of `cron` at or before `now`, when it is after `since`. */
export function dueOccurrence(cron: string, since: Date, now: Date): Date | null {
  try {
    const previous = CronExpressionParser.parse(cron, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' })
      .prev()
      .toDate();
    return previous > since ? previous : null;
  } catch {
    // an expression saved before schedules were checked (connectors.service.ts): never due
    return null;
  }
}

/** Sends the pulls due; answers how many were sent (the stalled imports are counted apart). */
export async function runConnectorSchedule(
  ctx: BaseContext,
  now: Date = new Date(),
): Promise<{ pulls: number; resumedImports: number }> {
  const configurations = await listActiveConfigurations(ctx, CONNECTOR_FQN.sftpImport);
  const times = await repo.runTimes(
    ctx,
    configurations.map((c) => c.id),
  );
  let pulls = 0;
  for (const configuration of configurations) {
    const time = times.get(configuration.id);
    if (!time) continue;
    const occurrence = dueOccurrence(
      configuration.values.schedule ?? '',
      time.lastRunAt ?? time.createdAt,
      now,
    );
    if (!occurrence) continue;
    const sent = await transact(ctx, async (tx) => {
      // a tick sent twice (a retry) finds the run recorded, and would send the same job id anyway
      if (!(await repo.recordRun(tx, configuration, time.lastRunAt, now))) return false;
      await tx.deps.jobs.send(
        tx.trx,
        'sftp-pull',
        { configurationId: configuration.id } satisfies SftpPullJob,
        {
          id: followUpJobId(configuration.id, `sftp-pull:${occurrence.toISOString()}`),
        },
      );
      return true;
    });
    if (sent) pulls += 1;
  }
  const resumedImports = await resumeStalledImports(ctx);
  return { pulls, resumedImports };
}
