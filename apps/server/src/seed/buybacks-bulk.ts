import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { recountBuybacks } from '../modules/buybacks/buyback-counts.repository';
import { fold } from '../modules/catalog/catalog-text';
import type { Db } from '../platform/db';
import { DEMO } from './demo-ids';

/**
 * Generated buybacks of Demo Retail for `npm run seed:buybacks -- --buybacks N`: copies of the
 * demo buybacks (their circuit, payment mode, product, answers and price snapshots, their item,
 * payment and customer), each with its own customer, numbers, store, status, date and buyer.
 * Set-based (`INSERT … SELECT … FROM generate_series`), a chunk of rows per statement.
 */

/** The stores the generated store buybacks are spread over; web buybacks belong to the root. */
const STORES = [DEMO.orgs.storeParis, DEMO.orgs.storeLille, DEMO.orgs.storeBruxelles, DEMO.orgs.storeLiege];

/** Statuses with their item's and payment's, and their share in a hundred buybacks. */
const STATUS_MIX: [status: string, item: string, payment: string, share: number][] = [
  ['bb_awaiting_store_drop', 'item_awaiting_store_drop', 'awaiting_payment', 3],
  ['bb_awaiting_inventory', 'item_awaiting_inventory', 'awaiting_payment', 8],
  ['bb_in_transit', 'item_in_transit', 'payment_created', 8],
  ['bb_in_processing', 'item_registered_in_warehouse', 'payment_created', 5],
  ['bb_completed', 'item_completed', 'payment_completed', 50],
  ['bb_completed_by_price', 'item_completed_by_price', 'payment_completed', 5],
  ['bb_completed_with_absorption', 'item_completed_with_absorption', 'payment_completed', 3],
  ['bb_completed_with_negociation', 'item_completed_with_negociation', 'payment_completed', 2],
  ['bb_not_completed', 'item_to_return', 'payment_cancelled', 6],
  ['bb_cancelled', 'item_cancelled', 'payment_cancelled', 10],
];
const STATUS_SLOTS = STATUS_MIX.flatMap(([status, item, payment, share]) =>
  Array.from({ length: share }, () => ({ status, item, payment })),
);

// biome-ignore format: a list of names
const FIRST_NAMES = [
  'Léa', 'Hugo', 'Chloé', 'Lucas', 'Manon', 'Nathan', 'Inès', 'Louis', 'Camille', 'Jules', 'Zoé', 'Gabriel',
  'Élodie', 'Théo', 'Sarah', 'Maël', 'Anaïs', 'Noé', 'Clémence', 'Raphaël', 'Lotte', 'Jan', 'Emma', 'Lars',
  'Søren', 'Jürgen', 'Amélie', 'François', 'Ólafur', 'Agnieszka', 'Mehmet', 'Fatima', 'Youssef', 'Aïcha',
  'Björn', 'Chiara', 'Matteo', 'Ana', 'João', 'Siobhán', 'Zoë', 'Elif', 'Dmitri', 'Nguyen', 'Mei', 'Kenji',
  'Priya', 'Oumar', 'Awa', 'Tomás',
];
// biome-ignore format: a list of names
const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'García', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier',
  'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'François', 'Martinez', 'Legrand',
  'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Müller', 'Henry', 'Roussel', 'Nicolas', 'Perrin',
  'Morin', 'Mathieu', 'Clément', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson',
  'Peeters', 'Janssens', 'Maes', 'Jacobs', 'Mertens', 'Willems', 'Claes', 'Goossens', 'Wouters', 'De Smet',
  'Van den Broeck', 'Dubois-Lefèvre', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Groß', 'Wagner',
  'Becker', 'Hoffmann', 'Łukasiewicz', 'Kowalski', 'Nowak', 'Novák', 'Dvořák', 'Öztürk', 'Yılmaz',
  'Benali', 'Haddad', 'Diallo', 'Traoré', 'Ndiaye', 'Da Silva', 'Ferreira', 'Gonçalves', 'Rossi', 'Russo',
  'Bianchi', 'Ærøskøbing', 'Ødegård', "O'Brien", 'Mac Giolla', 'Nguyễn', 'Trần', 'Lê', 'Kimura', 'Sato',
  'Ivanov', 'Petrov', 'Papadopoulos',
];

/** Syllables of made-up surnames (2,400 of them): most customers bear a rare name. */
const SYLLABLES = [
  [
    'Ber',
    'Mar',
    'Lam',
    'Dor',
    'Gau',
    'Ros',
    'Ven',
    'Cla',
    'Fer',
    'Lou',
    'Bou',
    'Char',
    'Pel',
    'Mon',
    'Sau',
    'Tes',
    'Gri',
    'Val',
    'Cor',
    'Mal',
  ],
  ['an', 'el', 'ot', 'in', 'ou', 'ar', 'ie', 'eu', 'on', 'ail'],
  ['ger', 'det', 'lin', 'rand', 'chet', 'mier', 'teau', 'cq', 'lard', 'vin', 'son', 'zet'],
];

/**
 * The surnames customers are drawn from, as 10,000 slots (a name fills as many as its share): the
 * common surnames of LAST_NAMES for about 15 % of customers, the k-th in proportion to
 * (k+1)^-0.585 (the first 1 % of all customers, the 50th 0.1 %, as a country's commonest names),
 * made-up ones for the rest.
 */
function lastNameSlots(): string[] {
  const weights = LAST_NAMES.map((_, k) => (k + 1) ** -0.585);
  const sum = weights.reduce((a, b) => a + b, 0);
  const common = LAST_NAMES.flatMap((name, k) =>
    Array.from({ length: Math.max(1, Math.round((1_450 * (weights[k] as number)) / sum)) }, () => name),
  );
  const [a, b, c] = SYLLABLES as [string[], string[], string[]];
  const madeUp = a.flatMap((x) => b.flatMap((y) => c.map((z) => x + y + z)));
  return [...common, ...madeUp, ...madeUp, ...madeUp].slice(0, 10_000);
}

/** The shares of the generated buybacks assigned to Demo Buyer (the others to Demo Retail's own buyer). */
const BULK_SHARES = { demoBuyerPerFive: 3 };

/** Days the generated buybacks are spread over, the newest now. */
const SPREAD_DAYS = 3 * 365;

/** How many of Demo Retail's first buybacks are copied (the demo seed creates fewer). */
const TEMPLATES = 50;

interface Templates {
  count: number;
}

/**
 * The demo buybacks of Demo Retail (its first) as templates, numbered 0…n−1, with their item,
 * payment and customer as JSON: a copy takes every column of its template, then its own (a copy
 * of the pre-declared web buyback is a finalised web buyback).
 */
async function loadTemplates(trx: Db): Promise<Templates> {
  await sql`
    CREATE TEMPORARY TABLE seed_buyback_templates ON COMMIT DROP AS
    SELECT (row_number() OVER (ORDER BY b.identification_number) - 1)::int AS n,
           to_jsonb(b) AS buyback, to_jsonb(i) AS item, to_jsonb(p) AS payment, to_jsonb(cu) AS customer
      FROM buybacks b
      JOIN buyback_items i ON i.buyback_id = b.id
      JOIN payments p ON p.buyback_id = b.id
      JOIN customers cu ON cu.id = b.customer_id
     WHERE b.id IN (SELECT f.id FROM buybacks f WHERE f.account_id = ${DEMO.accounts.demoRetail}
                     ORDER BY f.identification_number LIMIT ${TEMPLATES})`.execute(trx);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM seed_buyback_templates`.execute(
    trx,
  );
  const count = rows[0]?.n ?? 0;
  if (count === 0) throw new Error('Demo Retail has no demo buyback to copy: seed the demo data first.');
  return { count };
}

/**
 * The copies refer only to what their templates refer to and to Demo Retail's own stores, buyers
 * and warehouses: when the role may (a superuser), this transaction skips the foreign-key checks
 * (thirteen per buyback), as a restore does (session_replication_role = replica).
 */
async function skipForeignKeyChecks(trx: Db): Promise<void> {
  const { rows } = await sql<{ super: boolean }>`
    SELECT rolsuper AS super FROM pg_roles WHERE rolname = current_user`.execute(trx);
  if (rows[0]?.super) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
}

/** The first of `count` numbers taken from a sequence at once. */
async function reserve(trx: Db, sequence: string, count: number): Promise<number> {
  const { rows } = await sql<{ first: number }>`
    SELECT s.first, setval(${sequence}, s.first + ${count} - 1)
      FROM (SELECT nextval(${sequence}) AS first) s`.execute(trx);
  return Number(rows[0]?.first);
}

/**
 * A 13-digit identification number in SQL: the 2-digit prefix, the sequence in 10 digits, the
 * EAN-13 check digit (the body's digits weighted 3, 1, 3… from the right).
 */
function identification(prefix: number, sequence: RawBuilder<unknown>) {
  const body = sql`(${prefix}::int8 * 10000000000 + ${sequence})`;
  const weighted = sql.join(
    Array.from({ length: 12 }, (_, j) => sql.raw(`(n.b / ${10 ** j}) % 10 * ${j % 2 === 0 ? 3 : 1}`)),
    sql` + `,
  );
  return sql`(SELECT b::text || ((10 - (${weighted}) % 10) % 10)::text FROM (SELECT ${body} AS b) n)`;
}

/**
 * Adds `count` generated buybacks (with their customers, items and payments) in the caller's
 * transaction, `chunk` per statement; `progress` hears how many are done.
 */
export async function insertBulkBuybacks(
  trx: Db,
  count: number,
  options: { chunk?: number; progress?: (done: number) => void } = {},
): Promise<void> {
  const chunk = options.chunk ?? 50_000;
  await skipForeignKeyChecks(trx);
  const templates = await loadTemplates(trx);
  const firstBuybackNumber = await reserve(trx, 'buyback_number_seq', count);
  const firstItemNumber = await reserve(trx, 'item_number_seq', count);
  const stores = await trx
    .selectFrom('organizations')
    .select(['id', 'path'])
    .where('id', 'in', STORES)
    .execute();
  const storePaths = STORES.map((id) => stores.find((s) => s.id === id)?.path as string);
  const root = await trx
    .selectFrom('organizations')
    .select('path')
    .where('id', '=', DEMO.orgs.retailRoot)
    .executeTakeFirstOrThrow();
  const buyers = await trx
    .selectFrom('accounts')
    .select(['id', 'name'])
    .where('id', 'in', [DEMO.accounts.demoBuyer, DEMO.accounts.demoRetail])
    .execute();
  const buyerName = (id: string) => buyers.find((b) => b.id === id)?.name as string;
  // ids of this run: a fresh prefix, so that a second run adds rows beside the first
  const run = randomUUID();
  const firstNames = FIRST_NAMES;
  const lastNames = lastNameSlots();
  const foldedFirst = firstNames.map(fold);
  const foldedLast = lastNames.map(fold);

  /** A version-4 UUID of row g of this run (md5 bits, the version and variant set). */
  const uuidOf = (tag: string) =>
    sql`overlay(overlay(md5(${`${run}:${tag}:`} || g) placing '4' from 13) placing '8' from 17)::uuid`;

  /**
   * Row g of the run (1…count): every value a generated buyback derives from its number, the
   * same in the four statements that write it.
   */
  const rows = (from: number, to: number) => sql`(
    SELECT g,
           t.buyback, t.item, t.payment, t.customer,
           ${uuidOf('b')} AS id,
           ${uuidOf('c')} AS customer_id,
           ${uuidOf('i')} AS item_id,
           ${uuidOf('p')} AS payment_id,
           (${firstNames}::text[])[1 + (g / 7) % ${firstNames.length}] AS first_name,
           (${lastNames}::text[])[1 + (g::int8 * 7919) % ${lastNames.length}] AS last_name,
           (${foldedLast}::text[])[1 + (g::int8 * 7919) % ${lastNames.length}] || ' ' ||
             (${foldedFirst}::text[])[1 + (g / 7) % ${firstNames.length}] AS sort_name,
           (${STATUS_SLOTS.map((s) => s.status)}::text[])[1 + (g * 37) % 100] AS status,
           (${STATUS_SLOTS.map((s) => s.item)}::text[])[1 + (g * 37) % 100] AS item_status,
           (${STATUS_SLOTS.map((s) => s.payment)}::text[])[1 + (g * 37) % 100] AS payment_status,
           CASE WHEN t.buyback->>'channel' = 'store' THEN (${STORES}::uuid[])[1 + (g / 3) % ${STORES.length}] END AS store_id,
           CASE WHEN t.buyback->>'channel' = 'store' THEN (${storePaths}::text[])[1 + (g / 3) % ${STORES.length}]
                ELSE ${root.path} END AS organization_path,
           CASE WHEN g % 5 < ${BULK_SHARES.demoBuyerPerFive} THEN ${DEMO.accounts.demoBuyer}::uuid
                ELSE ${DEMO.accounts.demoRetail}::uuid END AS buyer_account_id,
           CASE WHEN g % 5 < ${BULK_SHARES.demoBuyerPerFive} THEN ${buyerName(DEMO.accounts.demoBuyer)}
                ELSE ${buyerName(DEMO.accounts.demoRetail)} END AS buyer_name,
           CASE WHEN g % 5 < ${BULK_SHARES.demoBuyerPerFive}
                THEN (${[DEMO.orgs.warehouseSaintPriest, DEMO.orgs.warehouseRoubaix]}::uuid[])[1 + g % 2] END
             AS destination_warehouse_id,
           now() - make_interval(secs => (${count} - g) * ${(SPREAD_DAYS * 86_400) / count}::float8) AS created_at
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN seed_buyback_templates t ON t.n = g % ${templates.count})`;

  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await sql`
      INSERT INTO customers
      SELECT x.* FROM ${rows(from, to)} r, jsonb_populate_record(null::customers, r.customer || jsonb_build_object(
        'id', r.customer_id, 'first_name', r.first_name, 'last_name', r.last_name,
        'email', lower(translate(r.first_name || '.' || r.last_name, ' ''', '')) || '@example.test',
        'created_at', r.created_at)) x`.execute(trx);
    await sql`
      INSERT INTO buybacks
      SELECT x.* FROM ${rows(from, to)} r, jsonb_populate_record(null::buybacks, r.buyback || jsonb_build_object(
        'id', r.id,
        'identification_number', ${identification(20, sql`${firstBuybackNumber - 1}::int8 + r.g`)},
        'store_id', r.store_id, 'organization_path', r.organization_path, 'cart_id', null,
        'customer_id', r.customer_id, 'customer_sort_name', r.sort_name,
        'status', r.status, 'predeclared', false,
        'finalized_at', CASE WHEN r.status LIKE 'bb_completed%' THEN r.created_at + interval '9 days' END,
        'cancel_reason', CASE WHEN r.status = 'bb_cancelled' THEN 'customer_retraction' END,
        'cancel_comment', null, 'cancel_forced', false,
        'cancelled_at', CASE WHEN r.status = 'bb_cancelled' THEN r.created_at + interval '1 day' END,
        'cancelled_by', CASE WHEN r.status = 'bb_cancelled' THEN r.buyback->'created_by' END,
        'buyer_account_id', r.buyer_account_id, 'buyer_name', r.buyer_name,
        'destination_warehouse_id', r.destination_warehouse_id,
        'created_at', r.created_at, 'updated_at', r.created_at)) x`.execute(trx);
    await sql`
      INSERT INTO buyback_items
      SELECT x.* FROM ${rows(from, to)} r, jsonb_populate_record(null::buyback_items, r.item || jsonb_build_object(
        'id', r.item_id, 'buyback_id', r.id,
        'identification_number', ${identification(21, sql`${firstItemNumber - 1}::int8 + r.g`)},
        'status', r.item_status, 'created_at', r.created_at, 'updated_at', r.created_at,
        'buyer_account_id', r.buyer_account_id, 'warehouse_id', r.destination_warehouse_id,
        'warehouse_comment_shared', false, 'planned_refurb_cost_cents', 0,
        'completed_refurb_cost_cents', 0,
        -- what the warehouse recorded on a template's item (seed/demo-warehouse.ts) is not the copy's
        'stock_id', null, 'sent_at', null, 'registered_at', null, 'controlled_at', null,
        'controlled_by', null, 'controlled_state', null, 'controlled_answers', null,
        'controlled_price_cents', null, 'validated_price_cents', null, 'absorbed_cents', null,
        'warehouse_comment', null, 'quarantine_reason', null, 'latest_move_at', null)) x`.execute(trx);
    await sql`
      INSERT INTO payments
      SELECT x.* FROM ${rows(from, to)} r, jsonb_populate_record(null::payments, r.payment || jsonb_build_object(
        'id', r.payment_id, 'buyback_id', r.id, 'status', r.payment_status,
        'voucher_code', CASE WHEN r.payment->>'voucher_code' IS NOT NULL
          THEN 'V' || translate(upper(substr(md5(${run} || ':v:' || r.g), 1, 11)), '0123456789ABCDEF', 'ABCDEFGHJKLMNPQR') END,
        'created_at', r.created_at, 'updated_at', r.created_at)) x`.execute(trx);
    options.progress?.(to);
  }
  // the list's totals (triggers skipped with the foreign-key checks)
  await recountBuybacks(trx, DEMO.accounts.demoRetail);
}
