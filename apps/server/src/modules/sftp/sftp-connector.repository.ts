import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * The SQL of the SFTP import connector (reprise.scheduled.sftp_import): when each configuration
 * last ran, and the remote files it pulled (sftp_pulled_files, migration 026).
 */

/** When each configuration was made and last ran (its schedule counts from the later). */
export async function runTimes(
  ctx: BaseContext,
  ids: readonly string[],
): Promise<Map<string, { createdAt: Date; lastRunAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  let query = readerOf(ctx)
    .selectFrom('connector_configurations')
    .select(['id', 'created_at', 'last_run_at'])
    .where('id', 'in', [...ids]);
  if (ctx.scope.kind === 'account') query = query.where('account_id', '=', ctx.scope.accountId);
  const rows = await query.execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { createdAt: new Date(r.created_at), lastRunAt: r.last_run_at ? new Date(r.last_run_at) : null },
    ]),
  );
}

/**
 * Records a run at `now`, unless another tick recorded one since `seen` was read: true when this
 * call is the one that recorded it (and so sends the pull).
 */
export async function recordRun(
  tx: BaseTxContext,
  configuration: { id: string; accountId: string },
  seen: Date | null,
  now: Date,
): Promise<boolean> {
  const result = await updateOwned(tx, 'connector_configurations', {
    kind: 'account',
    accountId: configuration.accountId,
  })
    .set({ last_run_at: now })
    .where('id', '=', configuration.id)
    .where(
      seen === null
        ? sql<boolean>`last_run_at IS NULL`
        : sql<boolean>`last_run_at = ${seen.toISOString()}::timestamptz`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RemoteFile {
  remotePath: string;
  size: number;
  modifiedAt: Date;
}

/** Whether this version of a remote file (path, size, modification time) was pulled already. */
export async function wasPulled(
  ctx: BaseContext,
  configurationId: string,
  file: RemoteFile,
): Promise<boolean> {
  const row = await readerOf(ctx)
    .selectFrom('sftp_pulled_files')
    .select('configuration_id')
    .where('configuration_id', '=', configurationId)
    .where('remote_path', '=', file.remotePath)
    .where('size', '=', String(file.size))
    .where('modified_at', '=', file.modifiedAt)
    .executeTakeFirst();
  return row !== undefined;
}

/** Serialises the pulls of one configuration until the transaction ends (a retry racing a late run). */
export async function lockPulls(tx: BaseTxContext, configurationId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sftp-pull:${configurationId}`}, 0))`.execute(
    tx.trx,
  );
}

/** Records a pulled file and the import it started. */
export async function recordPulled(
  tx: BaseTxContext,
  configurationId: string,
  file: RemoteFile,
  importId: string | null,
): Promise<void> {
  await tx.trx
    .insertInto('sftp_pulled_files')
    .values({
      configuration_id: configurationId,
      remote_path: file.remotePath,
      size: file.size,
      modified_at: file.modifiedAt,
      import_id: importId,
    })
    .execute();
}

/** The account's categories named by id or identifier (a configuration's parent_categories). */
export async function categoriesByIdOrIdentifier(
  ctx: BaseContext,
  accountId: string,
  names: readonly string[],
): Promise<{ id: string; identifier: string }[]> {
  if (names.length === 0) return [];
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = names.filter((n) => uuid.test(n));
  return readerOf(ctx)
    .selectFrom('categories')
    .select(['id', 'identifier'])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('identifier', 'in', [...names]), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
    .execute();
}
