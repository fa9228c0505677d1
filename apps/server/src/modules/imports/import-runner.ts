import type { Readable } from 'node:stream';
import { audit } from '../../platform/audit';
import { publishChange } from '../../platform/change-feed';
import { importLines as importedLines, importRunDuration } from '../../platform/metrics';
import { type BaseContext, type BaseTxContext, transact } from '../../platform/request-context';
import { openContentImporter } from './import-contents';
import { type FileLine, ImportFileError, readImportFile } from './import-file';
import { headerColumns, missingColumns } from './import-lines';
import type { ImportJob } from './import-start';
import * as repo from './imports.repository';

/**
 * The `import` queue's handler (docs/imports.md): reads the file as a stream and writes its lines
 * in batches, one transaction per batch with the import's counts and position, so a run that dies
 * leaves the import at its last committed batch and the next run resumes after it.
 */

/** Lines per batch: one transaction, a handful of statements. */
const IMPORT_BATCH_LINES = 2000;
/** How long a run holds its import without renewing (each batch renews it). */
const IMPORT_LEASE_SECONDS = 120;

export interface RunImportOptions {
  batchLines?: number;
  leaseSeconds?: number;
}

/** Ends the import in error (a file that cannot be read, a failure no retry mends). */
async function fail(ctx: BaseContext, id: string, code: string, message: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const ended = await repo.endImport(tx, id, 'error', { code, message: message.slice(0, 1000) });
    if (ended)
      await audit(tx, {
        action: 'update',
        entityType: 'import',
        entityId: id,
        accountId: ended.account_id,
        after: { status: 'error', error: { code, message } },
      });
  });
}

/** Whether this run is the queue's last try of its job (a direct call counts as the last). */
async function isLastAttempt(ctx: BaseContext, jobId: string): Promise<boolean> {
  const attempts = await repo.jobAttempts(ctx, jobId).catch(() => undefined);
  return attempts === undefined || attempts.retry_count >= attempts.retry_limit;
}

/**
 * Runs (or resumes) an import. Idempotent: an import already ended does nothing, nor one whose
 * lease a live worker holds. `ctx` is a system context of every account; the import's own
 * account is read from its row and every write is scoped to it.
 */
export async function runImport(
  ctx: BaseContext,
  job: ImportJob,
  jobId: string,
  options: RunImportOptions = {},
): Promise<void> {
  const batchLines = options.batchLines ?? IMPORT_BATCH_LINES;
  const leaseSeconds = options.leaseSeconds ?? IMPORT_LEASE_SECONDS;
  const taken = await transact(ctx, (tx) => repo.takeLease(tx, job.importId, leaseSeconds));
  if (!taken) return;
  const scoped: BaseContext = { ...ctx, scope: { kind: 'account', accountId: taken.account_id } };
  const ran = importRunDuration.startTimer({ kind: taken.content });
  let source: Readable | null = null;
  try {
    source = await ctx.deps.storage.getStream(taken.file_key);
    if (!source) throw new ImportFileError('unreadable_file', 'The file of the import is missing.');
    await importLines(scoped, taken, source, batchLines, leaseSeconds);
    ran();
  } catch (error) {
    if (error instanceof ImportFileError) return fail(scoped, taken.id, error.code, error.message);
    if (error instanceof LeaseLost) return;
    if (await isLastAttempt(ctx, jobId)) {
      await fail(scoped, taken.id, 'technical_error', 'The import failed; it was tried several times.');
      return;
    }
    await transact(scoped, (tx) => repo.releaseLease(tx, taken.id)).catch(() => undefined);
    throw error;
  } finally {
    source?.destroy();
  }
}

/** Another run moved the import on (this one's lease ran out meanwhile): this run stops. */
class LeaseLost extends Error {}

async function importLines(
  ctx: BaseContext,
  row: repo.ImportRow,
  source: Readable,
  batchLines: number,
  leaseSeconds: number,
): Promise<void> {
  const file = await readImportFile(source, row.file_format);
  const columns = headerColumns(file.header);
  const missing = missingColumns(row.content, row.strategy, columns);
  if (missing.length)
    throw new ImportFileError('missing_columns', `Columns missing from the header: ${missing.join(', ')}.`);
  const importer = await openContentImporter(ctx, row, columns);
  let position = row.position;
  let ordinal = 0;
  let batch: FileLine[] = [];
  const flush = async () => {
    const lines = batch;
    batch = [];
    const from = position;
    const to = from + lines.length;
    await transact(ctx, async (tx: BaseTxContext) => {
      const outcome = await importer.writeBatch(tx, lines);
      await repo.insertIgnoredLines(tx, row.id, outcome.ignored);
      const ignoredLines = new Set(outcome.ignored.map((l) => l.line)).size;
      const saved = await repo.saveProgress(
        tx,
        row.id,
        from,
        {
          position: to,
          found: lines.length,
          inserted: outcome.inserted,
          updated: outcome.updated,
          ignored: ignoredLines,
        },
        leaseSeconds,
      );
      if (!saved) throw new LeaseLost();
      for (const entityType of outcome.changed)
        await publishChange(tx.trx, { entityType, accountId: row.account_id });
      await audit(tx, {
        action: 'update',
        entityType: 'import',
        entityId: row.id,
        accountId: row.account_id,
        after: {
          position: to,
          batch: {
            found: lines.length,
            inserted: outcome.inserted,
            updated: outcome.updated,
            ignored: ignoredLines,
          },
        },
      });
    });
    position = to;
    importedLines.inc({ kind: row.content }, lines.length);
  };
  for await (const line of file.lines) {
    ordinal += 1;
    // lines of batches committed by an earlier run: their keys are remembered, nothing is written
    if (ordinal <= row.position) {
      importer.remember(line);
      continue;
    }
    batch.push(line);
    if (batch.length >= batchLines) await flush();
  }
  if (batch.length) await flush();
  await transact(ctx, async (tx) => {
    const current = await repo.findImport(tx, row.id);
    if (!current) return;
    const status = current.lines_ignored > 0 ? 'success_with_ignored' : 'success';
    const ended = await repo.endImport(tx, row.id, status, null);
    if (ended)
      await audit(tx, {
        action: 'update',
        entityType: 'import',
        entityId: row.id,
        accountId: row.account_id,
        after: { status, found: ended.lines_found, ignored: ended.lines_ignored },
      });
  });
}

/**
 * Sends again the imports still in progress whose lease ran out (their worker died): the minute
 * tick calls it (modules/sftp/connector-schedule.ts). Answers how many were sent.
 */
export async function resumeStalledImports(ctx: BaseContext): Promise<number> {
  return transact(ctx, async (tx) => {
    const ids = await repo.requeueStalled(tx);
    for (const importId of ids) await tx.deps.jobs.send(tx.trx, 'import', { importId } satisfies ImportJob);
    return ids.length;
  });
}
