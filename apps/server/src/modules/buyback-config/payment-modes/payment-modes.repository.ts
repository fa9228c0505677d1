import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentModesTable } from '../../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type Reader,
  readerOf,
} from '../../../platform/request-context';
import { updateOwned } from '../../../platform/scoped-writes';

export type PaymentModeRow = Selectable<PaymentModesTable> & { number_of_circuits: number };

const ORDER = { label: 'p.label', type: 'p.type' } as const;

/** Payment modes of the account read (null: every account, for platform operators: config-scope.ts `readAccount`). */
function base(db: Reader, accountId: string | null) {
  let q = db
    .selectFrom('payment_modes as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('circuit_payment_modes as cp')
        .whereRef('cp.payment_mode_id', '=', 'p.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('number_of_circuits'),
    );
  if (accountId) q = q.where('p.account_id', '=', accountId);
  return q;
}

export async function listPaymentModes(
  ctx: BaseContext,
  accountId: string | null,
  filter: {
    type?: string;
    status?: string;
    order: { field: keyof typeof ORDER; direction: 'asc' | 'desc' };
    offset: number;
    limit: number;
  },
): Promise<{ rows: PaymentModeRow[]; total: number }> {
  const db = readerOf(ctx);
  let q = base(db, accountId);
  if (filter.type) q = q.where('p.type', '=', filter.type);
  if (filter.status) q = q.where('p.status', '=', filter.status);
  const rows = await q
    .orderBy(ORDER[filter.order.field], filter.order.direction)
    .orderBy('p.label')
    .orderBy('p.id')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
  let count = db.selectFrom('payment_modes as p').select((eb) => eb.fn.countAll<number>().as('n'));
  if (accountId) count = count.where('p.account_id', '=', accountId);
  if (filter.type) count = count.where('p.type', '=', filter.type);
  if (filter.status) count = count.where('p.status', '=', filter.status);
  const total = Number((await count.executeTakeFirstOrThrow()).n);
  return { rows: rows.map(normalise), total };
}

const normalise = (
  row: Omit<PaymentModeRow, 'number_of_circuits'> & { number_of_circuits: number | null },
): PaymentModeRow => ({
  ...row,
  number_of_circuits: Number(row.number_of_circuits ?? 0),
});

export async function findPaymentMode(
  ctx: BaseContext,
  accountId: string | null,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PaymentModeRow | undefined> {
  let q = base(readerOf(ctx), accountId).where('p.id', '=', id);
  if (options.forUpdate) q = q.forUpdate('p');
  const row = await q.executeTakeFirst();
  return row && normalise(row);
}

export async function insertPaymentMode(
  tx: BaseTxContext,
  values: Insertable<PaymentModesTable> & { id: string },
) {
  await tx.trx.insertInto('payment_modes').values(values).execute();
}

export async function updatePaymentMode(
  tx: BaseTxContext,
  id: string,
  values: Updateable<PaymentModesTable>,
) {
  await updateOwned(tx, 'payment_modes')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The ids among `ids` that are payment modes of the account. */
export async function paymentModeIdsIn(
  ctx: BaseContext,
  accountId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await readerOf(ctx)
    .selectFrom('payment_modes')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.id));
}
