import { sql } from 'kysely';
import { type BaseContext, type BaseTxContext, type Reader, readerOf } from '../../platform/request-context';
import { updateOwned } from '../../platform/scoped-writes';

/**
 * Reads and writes of an item's services (`item_refurb_steps`, migration 019). The item they belong
 * to is found first through the scoped item lookup (modules/buyback-lifecycle/item-moves.ts, resolveItem),
 * so these reads take ids the service already checked; writes go through `updateOwned` (the
 * rows' account is the warehouses' account).
 */

const stepQuery = (db: Reader) =>
  db
    .selectFrom('item_refurb_steps as s')
    .leftJoin('stocks as st', 'st.id', 's.stock_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('erasure_certificates as c', 'c.item_refurb_step_id', 's.id')
    .selectAll('s')
    .select([
      'st.name as stock_name',
      'st.native_kind as stock_native_kind',
      'st.warehouse_id as stock_warehouse_id',
      sql<string | null>`nullif(trim(concat_ws(' ', u.firstname, u.lastname)), '')`.as('user_name'),
      'u.email as user_email',
      'c.id as certificate_id',
      'c.verification_code as certificate_code',
    ]);

export type StepRow = NonNullable<Awaited<ReturnType<ReturnType<typeof stepQuery>['executeTakeFirst']>>>;

/** One service by id, whoever's (the caller checks its item is visible). */
export async function findStep(
  ctx: BaseContext,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<StepRow | undefined> {
  let query = stepQuery(readerOf(ctx)).where('s.id', '=', id);
  // only the service's own row is locked (the joined rows are read as they are)
  if (options.forUpdate) query = query.forUpdate(['s']);
  return query.executeTakeFirst();
}

/** The item a service belongs to (to find and lock the item before the service). */
export async function findStepItemId(ctx: BaseContext, id: string): Promise<string | undefined> {
  const row = await readerOf(ctx)
    .selectFrom('item_refurb_steps')
    .select('item_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.item_id;
}

/** The services of an item, in their order. */
export async function findItemSteps(
  ctx: BaseContext,
  itemId: string,
  options: { forUpdate?: boolean } = {},
): Promise<StepRow[]> {
  let query = stepQuery(readerOf(ctx))
    .where('s.item_id', '=', itemId)
    .orderBy('s.position')
    .orderBy('s.created_at');
  if (options.forUpdate) query = query.forUpdate(['s']);
  return query.execute();
}

/** How many services an item has. */
export async function countItemSteps(ctx: BaseContext, itemId: string): Promise<number> {
  const row = await readerOf(ctx)
    .selectFrom('item_refurb_steps')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface StepWrite {
  status: string;
  userId: string;
  comment: string | null;
  cancelReason?: string | null;
  /** Set once: the first start. */
  started?: boolean;
  completed?: boolean;
}

/**
 * Writes an action on a service read at `version`: its status, who, the comment, and version + 1.
 * False when the row is not the context's account's or its version moved (nothing written).
 */
export async function writeStep(
  tx: BaseTxContext,
  step: { id: string; version: number },
  write: StepWrite,
): Promise<boolean> {
  const result = await updateOwned(tx, 'item_refurb_steps')
    .set({
      status: write.status,
      user_id: write.userId,
      comment: write.comment,
      ...(write.cancelReason !== undefined ? { cancel_reason: write.cancelReason } : {}),
      ...(write.started ? { started_at: sql<Date>`coalesce(started_at, now())` } : {}),
      ...(write.completed ? { completed_at: sql<Date>`now()` } : {}),
      version: step.version + 1,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', step.id)
    .where('version', '=', step.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stock by id (the one chosen for the item, or a service's). */
export async function findStock(ctx: BaseContext, id: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A native stock of a warehouse ("refurbishment completed": where a validated item goes by default). */
export async function findNativeStock(ctx: BaseContext, warehouseId: string, kind: string) {
  return readerOf(ctx)
    .selectFrom('stocks')
    .select(['id', 'name', 'native_kind', 'warehouse_id'])
    .where('warehouse_id', '=', warehouseId)
    .where('native_kind', '=', kind)
    .executeTakeFirst();
}

/** The name the certificate gives the operator: first and last name, else the e-mail. */
export async function findUserName(ctx: BaseContext, userId: string): Promise<string> {
  const row = await readerOf(ctx)
    .selectFrom('users')
    .select([sql<string | null>`nullif(trim(concat_ws(' ', firstname, lastname)), '')`.as('name'), 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? row?.email ?? '';
}
