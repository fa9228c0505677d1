import { Readable } from 'node:stream';
import type { ExportType } from '@reprise/shared';
import { audit } from '../../platform/audit';
import { exportLines, exportRunDuration } from '../../platform/metrics';
import { type BaseContext, systemContext, transact } from '../../platform/request-context';
import type { BuybackListFilters } from '../buybacks';
import { IMPORT_COLUMNS } from '../imports';
import { type CsvValue, csvLine, inertFormula, UTF8_BOM } from './csv';
import { amountOf, booleanOf, listOf, numberOf } from './export-formats';
import type { ExportViewer } from './export-viewer';
import * as repo from './exports.repository';

/** The `export` queue's job (exports.service.ts sends it with the export it writes). */
export interface ExportJob {
  exportId: string;
}

/** Rows read per query: one batch of the file, never the whole of it in memory. */
const EXPORT_BATCH_SIZE = 5000;

/** The columns of the buyback export (docs/exports.md): for the retailer's accounting. */
export const BUYBACK_EXPORT_COLUMNS = [
  'identification_number',
  'external_code',
  'created_at',
  'store',
  'status',
  'customer_name',
  'payment_type',
  'payment_status',
  'item_count',
  'declared_total',
  'validated_total',
  'paid_amount',
  'currency',
] as const;

/** The export was cancelled while it was being written: the file is dropped. */
class ExportCancelled extends Error {}

type Lines = AsyncGenerator<CsvValue[][]>;

/** An amount in cents a column holds as money: `by_value` absorption, a `fixed` price impact. */
const moneyOrNumber = (value: number | null, isMoney: boolean) =>
  value === null ? null : isMoney ? amountOf(value) : String(value);

async function* productLines(ctx: BaseContext): Lines {
  let after: { sortName: string; id: string } | null = null;
  for (;;) {
    const rows = await repo.productBatch(ctx, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map((p) => [
      p.id,
      p.reference,
      p.ean_code,
      p.name,
      p.brand,
      p.model,
      p.category_identifier,
      listOf(p.secondary_category_identifiers),
      p.status,
      amountOf(p.price_functional),
      amountOf(p.price_grade_a),
      amountOf(p.price_grade_b),
      amountOf(p.price_grade_c),
      amountOf(p.price_grade_d),
      amountOf(p.price_grade_e),
      booleanOf(p.buyback_zero_not_allowed),
      booleanOf(p.is_collecting_imei),
      listOf(p.tac_codes),
      p.comment_for_seller,
      numberOf(p.length),
      numberOf(p.width),
      numberOf(p.height),
      numberOf(p.weight),
      p.buyer_reference,
    ]);
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { sortName: last.sort_name, id: last.id };
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

async function* categoryLines(ctx: BaseContext): Lines {
  let after: string | null = null;
  for (;;) {
    const rows = await repo.categoryBatch(ctx, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map((c) => [
      c.id,
      c.identifier,
      c.label,
      c.parent_identifier,
      c.description,
      c.status,
      numberOf(c.default_weight),
      numberOf(c.default_length),
      numberOf(c.default_width),
      numberOf(c.default_height),
      c.absorption_type,
      moneyOrNumber(c.absorption_value, c.absorption_type === 'by_value'),
      c.highlighted_instruction,
      c.children_description,
    ]);
    after = (rows[rows.length - 1] as (typeof rows)[number]).path;
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

/** One line per answer, the question's columns repeated; a question without answers has one line. */
async function* diagnosticLines(ctx: BaseContext): Lines {
  let after: { identifier: string; position: number; id: string } | null = null;
  const questionsPerBatch = Math.ceil(EXPORT_BATCH_SIZE / 5);
  for (;;) {
    const questions = await repo.questionBatch(ctx, after, questionsPerBatch);
    if (questions.length === 0) return;
    const answers = await repo.answersOf(
      ctx,
      questions.map((q) => q.id),
    );
    const byQuestion = new Map<string, typeof answers>();
    for (const a of answers) {
      const own = byQuestion.get(a.question_id);
      if (own) own.push(a);
      else byQuestion.set(a.question_id, [a]);
    }
    const lines: CsvValue[][] = [];
    for (const q of questions) {
      const question = [q.id, q.category_identifier, q.title, q.type, q.description, String(q.position)];
      const own = byQuestion.get(q.id) ?? [];
      if (own.length === 0) lines.push([...question, null, null, null, null, null, null]);
      for (const a of own)
        lines.push([
          ...question,
          a.title,
          a.description,
          String(a.position),
          a.max_grade,
          a.price_impact_kind,
          moneyOrNumber(a.price_impact_value, a.price_impact_kind === 'fixed'),
        ]);
    }
    yield lines;
    const last = questions[questions.length - 1] as (typeof questions)[number];
    after = { identifier: last.category_identifier, position: last.position, id: last.id };
    if (questions.length < questionsPerBatch) return;
  }
}

async function* buybackLines(ctx: BaseContext, viewer: ExportViewer, filters: BuybackListFilters): Lines {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const rows = await repo.buybackBatch(ctx, viewer, filters, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows.map((b) => [
      b.identification_number,
      // typed by the retailer's users: never a formula in a spreadsheet
      b.external_code === null ? null : inertFormula(b.external_code),
      new Date(b.created_at).toISOString(),
      inertFormula(b.store_name),
      b.status,
      // names typed by visitors of the public site
      inertFormula(`${b.first_name} ${b.last_name}`.trim()),
      b.payment_type,
      b.payment_status,
      String(Number(b.item_count ?? 0)),
      amountOf(b.total_cents),
      b.validated_cents === null ? null : amountOf(Number(b.validated_cents)),
      amountOf(b.payment_status === 'payment_completed' ? b.payment_amount_cents : 0),
      b.currency,
    ]);
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { createdAt: last.cursor, id: last.id };
    if (rows.length < EXPORT_BATCH_SIZE) return;
  }
}

function linesOf(ctx: BaseContext, row: repo.ExportRow): { header: readonly string[]; lines: Lines } {
  switch (row.type as ExportType) {
    case 'products':
      return { header: IMPORT_COLUMNS.products, lines: productLines(ctx) };
    case 'categories':
      return { header: IMPORT_COLUMNS.categories, lines: categoryLines(ctx) };
    case 'diagnostic':
      return { header: IMPORT_COLUMNS.diagnostic, lines: diagnosticLines(ctx) };
    case 'buybacks':
      return {
        header: BUYBACK_EXPORT_COLUMNS,
        lines: buybackLines(ctx, row.viewer as unknown as ExportViewer, row.filters as BuybackListFilters),
      };
  }
}

/**
 * The `export` queue's handler (workers.ts): writes the export's CSV to the storage (prefix
 * `exports`) batch by batch, then records its entries and file. Between batches it reads the
 * export's status: a cancelled export stops and keeps no file. A failure ends the export in error
 * (`technical_error`), which the user may start again. An export already ended does nothing.
 */
export async function runExport(ctx: BaseContext, job: ExportJob, _jobId: string): Promise<void> {
  const head = await repo.findExport(ctx, job.exportId);
  if (head?.status !== 'in_progress') return;
  const scoped = systemContext(ctx.deps, { kind: 'account', accountId: head.account_id });
  await transact(scoped, (tx) => repo.updateRunningExport(tx, head.id, { started_at: new Date() }));

  let entries = 0;
  const kind = head.type;
  const ran = exportRunDuration.startTimer({ kind });
  const { header, lines } = linesOf(scoped, head);
  async function* file() {
    yield Buffer.from(UTF8_BOM + csvLine(header), 'utf8');
    for await (const batch of lines) {
      if ((await repo.statusOf(scoped, head?.id as string)) !== 'in_progress') throw new ExportCancelled();
      entries += batch.length;
      exportLines.inc({ kind }, batch.length);
      yield Buffer.from(batch.map(csvLine).join(''), 'utf8');
    }
  }

  let stored: { key: string; size: number };
  try {
    stored = await ctx.deps.storage.putStream('exports', 'csv', Readable.from(file()));
  } catch (error) {
    if (error instanceof ExportCancelled) return;
    console.error(`export ${head.id} failed`, error);
    await endExport(scoped, head, {
      status: 'error',
      error_code: 'technical_error',
      error: 'The export could not be written. Start it again; if it fails again, contact support.',
    });
    return;
  }
  const ended = await endExport(scoped, head, {
    status: 'success',
    entries_count: entries,
    file_key: stored.key,
  });
  // cancelled between the last batch and now: the file goes
  if (!ended) await ctx.deps.storage.remove(stored.key);
  else ran();
}

async function endExport(
  ctx: BaseContext,
  head: repo.ExportRow,
  values: Parameters<typeof repo.updateRunningExport>[2],
) {
  return transact(ctx, async (tx) => {
    const row = await repo.updateRunningExport(tx, head.id, { ...values, ended_at: new Date() });
    if (row)
      await audit(tx, {
        action: 'update',
        entityType: 'export',
        entityId: head.id,
        accountId: head.account_id,
        before: { status: 'in_progress' },
        after: { status: row.status, entriesCount: row.entries_count, errorCode: row.error_code },
      });
    return row;
  });
}
