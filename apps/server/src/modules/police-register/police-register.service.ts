import {
  type DeviceCheckResult,
  LOCALES,
  type Locale,
  type PoliceRegisterCorrectionRequest,
  type PoliceRegisterEntryResponse,
  type PoliceRegisterExportQuery,
  type PoliceRegisterPeriod,
  type PoliceRegisterStore,
  type PoliceRegisterVerificationResponse,
  retentionYearsOf,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { renderPoliceRegister } from '../../platform/documents';
import { notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import {
  type BaseContext,
  type BaseTxContext,
  type RequestContext,
  transact,
} from '../../platform/request-context';
import { COMPLETED_BUYBACK_STATUSES } from '../buyback-lifecycle';
import { deviceCheckOfItems } from './device-check';
import { type EntryContent, endWalk, entryHash, startWalk, walk } from './entry-hash';
import { registerCsv } from './police-register.csv';
import * as repo from './police-register.repository';
import { updateRegisterHead } from './register-head.repository';

/**
 * The police register of each store (docs/police-register.md). The platform writes it: an entry per
 * item of each buyback that completes, in the transaction of the move that completes it; completed
 * buybacks without an entry (those of before the register) are entered, in order, at a read. Users read,
 * verify, export and correct it; each of those is audited.
 */

type StoreRef = { id: string; accountId: string };

const contentOfAcquisition = (
  store: StoreRef,
  number: number,
  a: repo.AcquisitionRow,
  checks: Map<string, DeviceCheckResult>,
): EntryContent => ({
  storeId: store.id,
  number,
  acquiredAt: a.completed_at,
  buybackId: a.buyback_id,
  itemId: a.item_id,
  buybackNumber: a.buyback_number,
  itemNumber: a.item_number,
  sellerFirstName: a.first_name,
  sellerLastName: a.last_name,
  sellerStreet: a.street,
  sellerStreetMore: a.street_more,
  sellerZip: a.zip,
  sellerCity: a.city,
  sellerCountry: a.country,
  identityDocumentType: a.identification_type,
  identityDocumentNumber: a.identification_number,
  identityDocumentAuthority: a.identification_issuing_authority,
  identityDocumentDate: a.identification_delivery_date,
  productName: a.product_name,
  productBrand: a.product_brand,
  productModel: a.product_model,
  imei: a.imei,
  serialNumber: a.serial_number,
  state: a.state,
  priceCents: a.price_cents,
  currency: a.currency,
  paymentType: a.payment_type,
  paymentModeLabel: a.payment_mode_label,
  deviceCheck: checks.get(a.item_id) ?? null,
  correctsEntryId: null,
  correctionReason: null,
});

/** Numbers and chains contents after the head (locked by the caller). */
function chain(
  head: { last_number: number; last_hash: string | null },
  contents: ((n: number) => EntryContent)[],
) {
  let previousHash = head.last_hash;
  let number = head.last_number;
  return contents.map((make) => {
    number += 1;
    const content = make(number);
    const hash = entryHash(content, previousHash);
    const entry = { content, previousHash, hash };
    previousHash = hash;
    return entry;
  });
}

/**
 * Enters in the store's register the items of its completed buybacks that have no entry yet: those
 * of `itemIds`, or all of them (the catch-up), in the order they completed. The register's head is
 * locked first, so that two completions at one store number one after the other, without gaps.
 */
async function enterAcquisitions(tx: BaseTxContext, store: StoreRef, itemIds?: readonly string[]) {
  const head = await repo.lockRegister(tx, store);
  const acquisitions = await repo.findUnregisteredAcquisitions(
    tx,
    store,
    COMPLETED_BUYBACK_STATUSES,
    itemIds,
  );
  if (acquisitions.length === 0) return;
  const checks = await deviceCheckOfItems(
    tx,
    acquisitions.map((a) => a.item_id),
  );
  const entries = chain(
    head,
    acquisitions.map((a) => (n: number) => contentOfAcquisition(store, n, a, checks)),
  );
  await repo.insertEntries(tx, store.accountId, entries, null);
  const last = entries.at(-1) as (typeof entries)[number];
  await updateRegisterHead(tx, store, { lastNumber: last.content.number, lastHash: last.hash });
}

/** The lifecycle's reaction (status-reactions.ts): a buyback completed at a store enters its items. */
export async function enterCompletedBuyback(
  tx: BaseTxContext,
  change: { buybackId: string; itemId: string; accountId: string },
): Promise<void> {
  const buyback = await repo.findBuybackStore(tx, change.buybackId, change.accountId);
  if (!buyback?.store_id) return;
  await enterAcquisitions(tx, { id: buyback.store_id, accountId: change.accountId }, [change.itemId]);
}

/**
 * Enters a store's completed buybacks that have no entry (those completed before the register
 * existed, or written without the item moves, as the demo's bulk seed): at each read of its
 * register, in one transaction only when there is something to enter.
 */
async function catchUpRegister(ctx: BaseContext, store: StoreRef): Promise<void> {
  const missing = await repo.findUnregisteredAcquisitions(ctx, store, COMPLETED_BUYBACK_STATUSES);
  if (missing.length > 0) await transact(ctx, (tx) => enterAcquisitions(tx, store));
}

async function requireStore(ctx: RequestContext, storeId: string): Promise<repo.RegisterStore> {
  const store = await repo.findVisibleStore(ctx, storeId);
  if (!store) throw notFound('store');
  await catchUpRegister(ctx, { id: store.id, accountId: store.account_id });
  return store;
}

type Access =
  | { kind: 'list' | 'verify'; period?: PoliceRegisterPeriod }
  | { kind: 'detail'; entryId: string }
  | { kind: 'export'; format: 'pdf' | 'csv'; period: PoliceRegisterPeriod };

/** Who read what of a store's register, and when: an audit entry of its own transaction. */
const recordAccess = (ctx: RequestContext, store: repo.RegisterStore, access: Access) =>
  transact(ctx, (tx) =>
    audit(tx, {
      action: 'create',
      entityType: 'police_register_access',
      entityId: store.id,
      accountId: store.account_id,
      after: access,
    }),
  );

export async function listStores(ctx: RequestContext): Promise<{ member: PoliceRegisterStore[] }> {
  const stores = await repo.findVisibleStores(ctx);
  return {
    member: stores.map((s) => ({
      id: s.id,
      commonName: s.common_name,
      city: s.city,
      retentionYears: retentionYearsOf(s.company_country),
    })),
  };
}

async function toResponses(ctx: BaseContext, rows: repo.EntryRow[]): Promise<PoliceRegisterEntryResponse[]> {
  const corrected = [...new Set(rows.map((r) => r.corrects_entry_id).filter((id): id is string => !!id))];
  const [numbers, corrections] = await Promise.all([
    repo.findNumbers(ctx, corrected),
    repo.findCorrections(
      ctx,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    storeId: r.store_id,
    number: r.number,
    acquiredAt: new Date(r.acquired_at).toISOString(),
    buybackId: r.buyback_id,
    buybackNumber: r.buyback_number,
    itemNumber: r.item_number,
    seller: {
      firstName: r.seller_first_name,
      lastName: r.seller_last_name,
      street: r.seller_street,
      streetMore: r.seller_street_more,
      zip: r.seller_zip,
      city: r.seller_city,
      country: r.seller_country,
      identityDocument: {
        type: r.identity_document_type,
        number: r.identity_document_number,
        issuingAuthority: r.identity_document_authority,
        deliveryDate: r.identity_document_date,
      },
    },
    object: {
      productName: r.product_name,
      brand: r.product_brand,
      model: r.product_model,
      imei: r.imei,
      serialNumber: r.serial_number,
      state: r.state,
    },
    priceCents: r.price_cents,
    currency: r.currency,
    paymentType: r.payment_type,
    paymentModeLabel: r.payment_mode_label,
    deviceCheck: r.device_check as DeviceCheckResult | null,
    corrects: r.corrects_entry_id
      ? { id: r.corrects_entry_id, number: numbers.get(r.corrects_entry_id) ?? 0 }
      : null,
    correctionReason: r.correction_reason,
    correctedBy: corrections.get(r.id) ?? [],
    hash: r.hash,
    previousHash: r.previous_hash,
  }));
}

export async function listEntries(
  ctx: RequestContext,
  storeId: string,
  query: { page: number; itemsPerPage: number; from?: string; to?: string },
): Promise<Page<PoliceRegisterEntryResponse>> {
  const store = await requireStore(ctx, storeId);
  const period = { from: query.from, to: query.to };
  const { rows, total } = await repo.findEntries(ctx, store.id, period, {
    offset: (query.page - 1) * query.itemsPerPage,
    limit: query.itemsPerPage,
  });
  await recordAccess(ctx, store, { kind: 'list', period });
  return { member: await toResponses(ctx, rows), totalItems: total };
}

/** An entry of a store the actor sees, else 404. */
async function requireEntry(ctx: RequestContext, id: string) {
  const entry = await repo.findEntry(ctx, id);
  const store = entry && (await repo.findVisibleStore(ctx, entry.store_id));
  if (!entry || !store) throw notFound('police register entry');
  return { entry, store };
}

export async function getEntry(ctx: RequestContext, id: string): Promise<PoliceRegisterEntryResponse> {
  const { entry, store } = await requireEntry(ctx, id);
  await recordAccess(ctx, store, { kind: 'detail', entryId: id });
  return (await toResponses(ctx, [entry]))[0] as PoliceRegisterEntryResponse;
}

/** The correction's seller fields, as the entry's content names them (the object's have their names). */
const SELLER_FIELDS = {
  firstName: 'sellerFirstName',
  lastName: 'sellerLastName',
  street: 'sellerStreet',
  streetMore: 'sellerStreetMore',
  zip: 'sellerZip',
  city: 'sellerCity',
  country: 'sellerCountry',
  identityDocumentType: 'identityDocumentType',
  identityDocumentNumber: 'identityDocumentNumber',
  identityDocumentAuthority: 'identityDocumentAuthority',
  identityDocumentDate: 'identityDocumentDate',
} as const satisfies Record<keyof NonNullable<PoliceRegisterCorrectionRequest['seller']>, keyof EntryContent>;

const defined = <T extends object>(o: T | undefined) =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

/**
 * A correction: a new entry at the end of the store's register, saying what the corrected one says
 * but for the fields given, with its reason, pointing to it. The corrected entry stays as it was.
 */
export async function correctEntry(
  ctx: RequestContext,
  id: string,
  correction: PoliceRegisterCorrectionRequest,
): Promise<PoliceRegisterEntryResponse> {
  const { entry, store } = await requireEntry(ctx, id);
  const ref = { id: store.id, accountId: store.account_id };
  const seller = defined(correction.seller);
  const object = defined(correction.object);
  const changed = [
    ...Object.keys(seller).map((k) => `seller.${k}`),
    ...Object.keys(object).map((k) => `object.${k}`),
    ...(correction.priceCents !== undefined ? ['priceCents'] : []),
  ];
  const changes: Partial<EntryContent> = Object.fromEntries([
    ...Object.entries(seller).map(([k, v]) => [SELLER_FIELDS[k as keyof typeof SELLER_FIELDS], v]),
    ...Object.entries(object).map(([k, v]) => [k, v]),
    ...(correction.priceCents !== undefined ? [['priceCents', correction.priceCents]] : []),
  ]);
  const written = await transact(ctx, async (tx) => {
    const head = await repo.lockRegister(tx, ref);
    const base = repo.contentOf(entry);
    const [next] = chain(head, [
      (number) => ({
        ...base,
        ...changes,
        number,
        correctsEntryId: entry.id,
        correctionReason: correction.reason,
      }),
    ]);
    if (!next) throw new Error('no correction entry');
    const [row] = await repo.insertEntries(tx, store.account_id, [next], ctx.actor.userId);
    await updateRegisterHead(tx, ref, { lastNumber: next.content.number, lastHash: next.hash });
    await audit(tx, {
      action: 'create',
      entityType: 'police_register_entry',
      entityId: (row as repo.EntryRow).id,
      accountId: store.account_id,
      after: { number: next.content.number, corrects: entry.number, reason: correction.reason, changed },
    });
    return row as repo.EntryRow;
  });
  return (await toResponses(ctx, [written]))[0] as PoliceRegisterEntryResponse;
}

/** Walks a store's whole chain from its first entry (2,000 entries a read). */
async function verifyChain(ctx: BaseContext, storeId: string): Promise<PoliceRegisterVerificationResponse> {
  let state = startWalk();
  let entries = 0;
  for (;;) {
    const rows = await repo.findEntriesAfter(ctx, storeId, state.lastNumber, 2000);
    for (const r of rows)
      state = walk(state, { content: repo.contentOf(r), previousHash: r.previous_hash, hash: r.hash });
    entries += rows.length;
    if (rows.length < 2000 || state.broken !== null) break;
  }
  const head = await repo.findRegister(ctx, storeId);
  const broken = endWalk(state, { lastNumber: head?.last_number ?? 0, lastHash: head?.last_hash ?? null });
  if (broken !== null && state.broken === null) entries = Math.max(entries, head?.last_number ?? 0);
  return { whole: broken === null, entries, firstBrokenNumber: broken, verifiedAt: new Date().toISOString() };
}

export async function verifyRegister(
  ctx: RequestContext,
  storeId: string,
): Promise<PoliceRegisterVerificationResponse> {
  const store = await requireStore(ctx, storeId);
  const result = await verifyChain(ctx, store.id);
  await recordAccess(ctx, store, { kind: 'verify' });
  return result;
}

const localeOf = (ctx: RequestContext, store: repo.RegisterStore, lang?: Locale): Locale =>
  lang ?? ctx.locale ?? (LOCALES.find((l) => l.startsWith(store.language)) || 'fr-FR');

/** The register of a period as a PDF (the chain's verification on each page's foot) or a CSV. */
export async function exportRegister(
  ctx: RequestContext,
  storeId: string,
  format: 'pdf' | 'csv',
  query: PoliceRegisterExportQuery,
): Promise<{ filename: string; data: Buffer }> {
  const store = await requireStore(ctx, storeId);
  const period = { from: query.from, to: query.to };
  const { rows } = await repo.findEntries(ctx, store.id, period);
  const entries = await toResponses(ctx, rows);
  const base = `police-register-${query.from}-${query.to}`;
  let file: { filename: string; data: Buffer };
  if (format === 'csv') file = { filename: `${base}.csv`, data: Buffer.from(registerCsv(entries), 'utf8') };
  else {
    const verification = await verifyChain(ctx, store.id);
    file = {
      filename: `${base}.pdf`,
      data: await renderPoliceRegister({
        locale: localeOf(ctx, store, query.lang),
        store: {
          name: store.common_name,
          lines: [
            [store.street, store.street_more].filter(Boolean).join(', '),
            [store.zip, store.city].filter(Boolean).join(' '),
            store.country ?? '',
          ].filter(Boolean),
        },
        period,
        entries,
        verification,
        printedAt: new Date(),
      }),
    };
  }
  await recordAccess(ctx, store, { kind: 'export', format, period });
  return file;
}
