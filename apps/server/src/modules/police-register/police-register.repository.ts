import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { PoliceRegisterEntriesTable } from '../../platform/db.types';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  readerOf,
} from '../../platform/request-context';
import { visiblePathPrefix } from '../../platform/scope';
import type { EntryContent } from './entry-hash';

/**
 * The police registers' SQL (migration 044). Who reads a store's register is who sees the store:
 * its organisation within the actor's subtree in its account, any store for platform operators.
 * Entries are only ever inserted (a trigger refuses any update or delete); the register's head is
 * the row locked to number them.
 */

export type EntryRow = Selectable<PoliceRegisterEntriesTable>;

/** The days of a period are those of the stores' time zone (France, Belgium, Germany). */
const REGISTER_TIME_ZONE = 'Europe/Paris';

export interface RegisterStore {
  id: string;
  account_id: string;
  common_name: string;
  street: string | null;
  street_more: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  company_country: string;
  language: string;
}

function visibleStores(ctx: RequestContext) {
  const prefix = visiblePathPrefix(ctx.actor);
  let query = readerOf(ctx)
    .selectFrom('organizations as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select([
      'o.id',
      'o.account_id',
      'o.common_name',
      'o.street',
      'o.street_more',
      'o.zip',
      'o.city',
      'o.country',
      'a.company_country',
      'a.language',
    ])
    .where('o.type', '=', 'store');
  if (prefix !== null)
    query = query.where('o.account_id', '=', ctx.actor.accountId).where('o.path', 'like', `${prefix}%`);
  return query;
}

/** The stores whose register the actor reads, by name. */
export const findVisibleStores = (ctx: RequestContext): Promise<RegisterStore[]> =>
  visibleStores(ctx).orderBy('o.common_name').orderBy('o.id').limit(1000).execute();

/** One store the actor sees, or undefined (another tenant's, or above the actor). */
export const findVisibleStore = (ctx: RequestContext, storeId: string): Promise<RegisterStore | undefined> =>
  visibleStores(ctx).where('o.id', '=', storeId).executeTakeFirst();

/** The register's head, created at its first use and locked for the transaction (the numbering's lock). */
export async function lockRegister(tx: BaseTxContext, store: { id: string; accountId: string }) {
  await tx.trx
    .insertInto('police_registers')
    .values({ store_id: store.id, account_id: store.accountId })
    .onConflict((oc) => oc.column('store_id').doNothing())
    .execute();
  return tx.trx
    .selectFrom('police_registers')
    .selectAll()
    .where('store_id', '=', store.id)
    .where('account_id', '=', store.accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The head of a store's register without locking it (undefined before its first use). */
export const findRegister = (ctx: BaseContext, storeId: string) =>
  readerOf(ctx).selectFrom('police_registers').selectAll().where('store_id', '=', storeId).executeTakeFirst();

/** A completed buyback's item not yet in its store's register, with what the register records of it. */
export interface AcquisitionRow {
  buyback_id: string;
  item_id: string;
  buyback_number: string;
  item_number: string;
  completed_at: Date;
  first_name: string;
  last_name: string;
  street: string;
  street_more: string | null;
  zip: string;
  city: string;
  country: string;
  identification_type: string | null;
  identification_number: string | null;
  identification_issuing_authority: string | null;
  identification_delivery_date: string | null;
  product_name: string;
  product_brand: string | null;
  product_model: string | null;
  imei: string | null;
  serial_number: string | null;
  state: string;
  price_cents: number;
  currency: string;
  payment_type: string;
  payment_mode_label: string;
}

/**
 * The items of the store's completed buybacks (`statuses`) that have no entry yet, in the order they
 * were completed (their buyback's latest event into its status; its item's control, else its last
 * change, for rows older than the events); only `itemIds` when given.
 */
export async function findUnregisteredAcquisitions(
  ctx: BaseContext,
  store: { id: string; accountId: string },
  statuses: readonly string[],
  itemIds?: readonly string[],
): Promise<AcquisitionRow[]> {
  if (itemIds?.length === 0) return [];
  const result = await sql<AcquisitionRow>`
    SELECT b.id AS buyback_id, i.id AS item_id, b.identification_number AS buyback_number,
      i.identification_number AS item_number,
      coalesce(
        (SELECT max(e.at) FROM buyback_status_events e WHERE e.buyback_id = b.id AND e.status = b.status),
        i.controlled_at, b.updated_at) AS completed_at,
      c.first_name, c.last_name, c.street, c.street_more, c.zip, c.city, c.country,
      c.identification_type, c.identification_number, c.identification_issuing_authority,
      to_char(c.identification_delivery_date, 'YYYY-MM-DD') AS identification_delivery_date,
      b.product_name, b.product_brand, b.product_model, coalesce(i.imei, b.imei) AS imei, i.serial_number,
      coalesce(i.controlled_state, b.declared_state) AS state,
      coalesce(i.validated_price_cents, i.purchase_price_cents) AS price_cents, b.currency,
      b.payment_type, b.payment_mode_label
    FROM buybacks b
    JOIN buyback_items i ON i.buyback_id = b.id
    JOIN customers c ON c.id = b.customer_id
    WHERE b.store_id = ${store.id} AND b.account_id = ${store.accountId}
      AND b.status IN (${sql.join(statuses)})
      ${itemIds ? sql`AND i.id IN (${sql.join(itemIds)})` : sql``}
      AND NOT EXISTS (SELECT 1 FROM police_register_entries p
        WHERE p.item_id = i.id AND p.corrects_entry_id IS NULL)
    ORDER BY completed_at, b.identification_number, i.identification_number`.execute(readerOf(ctx));
  return result.rows.map((r) => ({ ...r, completed_at: new Date(r.completed_at) }));
}

/** The store a buyback was bought at (null for a web buyback never handed in at a store). */
export const findBuybackStore = (tx: BaseTxContext, buybackId: string, accountId: string) =>
  tx.trx
    .selectFrom('buybacks')
    .select('store_id')
    .where('id', '=', buybackId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

const toRow = (
  c: EntryContent,
  accountId: string,
  previousHash: string | null,
  hash: string,
  by: string | null,
) => ({
  account_id: accountId,
  store_id: c.storeId,
  number: c.number,
  acquired_at: c.acquiredAt,
  buyback_id: c.buybackId,
  item_id: c.itemId,
  buyback_number: c.buybackNumber,
  item_number: c.itemNumber,
  seller_first_name: c.sellerFirstName,
  seller_last_name: c.sellerLastName,
  seller_street: c.sellerStreet,
  seller_street_more: c.sellerStreetMore,
  seller_zip: c.sellerZip,
  seller_city: c.sellerCity,
  seller_country: c.sellerCountry,
  identity_document_type: c.identityDocumentType,
  identity_document_number: c.identityDocumentNumber,
  identity_document_authority: c.identityDocumentAuthority,
  identity_document_date: c.identityDocumentDate,
  product_name: c.productName,
  product_brand: c.productBrand,
  product_model: c.productModel,
  imei: c.imei,
  serial_number: c.serialNumber,
  state: c.state,
  price_cents: c.priceCents,
  currency: c.currency,
  payment_type: c.paymentType,
  payment_mode_label: c.paymentModeLabel,
  device_check: c.deviceCheck,
  corrects_entry_id: c.correctsEntryId,
  correction_reason: c.correctionReason,
  recorded_by: by,
  previous_hash: previousHash,
  hash,
});

/** Appends entries (already numbered and hashed), 500 rows a statement. */
export async function insertEntries(
  tx: BaseTxContext,
  accountId: string,
  entries: { content: EntryContent; previousHash: string | null; hash: string }[],
  recordedBy: string | null,
): Promise<EntryRow[]> {
  const written: EntryRow[] = [];
  for (let i = 0; i < entries.length; i += 500) {
    const rows = entries
      .slice(i, i + 500)
      .map((e) => toRow(e.content, accountId, e.previousHash, e.hash, recordedBy));
    written.push(
      ...(await tx.trx.insertInto('police_register_entries').values(rows).returningAll().execute()),
    );
  }
  return written;
}

/** What the entry says, as the chain hashes it. */
export const contentOf = (r: EntryRow): EntryContent => ({
  storeId: r.store_id,
  number: r.number,
  acquiredAt: new Date(r.acquired_at),
  buybackId: r.buyback_id,
  itemId: r.item_id,
  buybackNumber: r.buyback_number,
  itemNumber: r.item_number,
  sellerFirstName: r.seller_first_name,
  sellerLastName: r.seller_last_name,
  sellerStreet: r.seller_street,
  sellerStreetMore: r.seller_street_more,
  sellerZip: r.seller_zip,
  sellerCity: r.seller_city,
  sellerCountry: r.seller_country,
  identityDocumentType: r.identity_document_type,
  identityDocumentNumber: r.identity_document_number,
  identityDocumentAuthority: r.identity_document_authority,
  identityDocumentDate: r.identity_document_date,
  productName: r.product_name,
  productBrand: r.product_brand,
  productModel: r.product_model,
  imei: r.imei,
  serialNumber: r.serial_number,
  state: r.state,
  priceCents: r.price_cents,
  currency: r.currency,
  paymentType: r.payment_type,
  paymentModeLabel: r.payment_mode_label,
  deviceCheck: r.device_check,
  correctsEntryId: r.corrects_entry_id,
  correctionReason: r.correction_reason,
});

const inPeriod = (period: { from?: string; to?: string }) => [
  ...(period.from
    ? [sql<boolean>`acquired_at >= (${period.from}::date)::timestamp AT TIME ZONE ${REGISTER_TIME_ZONE}`]
    : []),
  ...(period.to
    ? [sql<boolean>`acquired_at < (${period.to}::date + 1)::timestamp AT TIME ZONE ${REGISTER_TIME_ZONE}`]
    : []),
];

/** A page of a store's entries in a period, in number order, and their count. */
export async function findEntries(
  ctx: BaseContext,
  storeId: string,
  period: { from?: string; to?: string },
  page?: { offset: number; limit: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = inPeriod(period);
  let query = readerOf(ctx).selectFrom('police_register_entries').where('store_id', '=', storeId);
  for (const condition of where) query = query.where(condition);
  const [rows, count] = await Promise.all([
    (page ? query.offset(page.offset).limit(page.limit) : query).selectAll().orderBy('number').execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A store's entries from `afterNumber` on, `limit` at a time (the chain's walk). */
export const findEntriesAfter = (ctx: BaseContext, storeId: string, afterNumber: number, limit: number) =>
  readerOf(ctx)
    .selectFrom('police_register_entries')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('number', '>', afterNumber)
    .orderBy('number')
    .limit(limit)
    .execute();

export const findEntry = (ctx: BaseContext, id: string) =>
  readerOf(ctx).selectFrom('police_register_entries').selectAll().where('id', '=', id).executeTakeFirst();

/** The numbers of entries, by id (what corrections point to). */
export async function findNumbers(ctx: BaseContext, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await readerOf(ctx)
    .selectFrom('police_register_entries')
    .select(['id', 'number'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** The corrections of entries, by the entry they correct. */
export async function findCorrections(
  ctx: BaseContext,
  ids: readonly string[],
): Promise<Map<string, { id: string; number: number }[]>> {
  const byEntry = new Map<string, { id: string; number: number }[]>();
  if (ids.length === 0) return byEntry;
  const rows = await readerOf(ctx)
    .selectFrom('police_register_entries')
    .select(['id', 'number', 'corrects_entry_id'])
    .where('corrects_entry_id', 'in', ids)
    .orderBy('number')
    .execute();
  for (const r of rows) {
    const list = byEntry.get(r.corrects_entry_id as string) ?? [];
    list.push({ id: r.id, number: r.number });
    byEntry.set(r.corrects_entry_id as string, list);
  }
  return byEntry;
}
