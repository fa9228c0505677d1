import { createHash } from 'node:crypto';

/** What an entry says, as the chain hashes it: every column the register prints, in one fixed order. */
export interface EntryContent {
  storeId: string;
  number: number;
  acquiredAt: Date;
  buybackId: string;
  itemId: string;
  buybackNumber: string;
  itemNumber: string;
  sellerFirstName: string;
  sellerLastName: string;
  sellerStreet: string;
  sellerStreetMore: string | null;
  sellerZip: string;
  sellerCity: string;
  sellerCountry: string;
  identityDocumentType: string | null;
  identityDocumentNumber: string | null;
  identityDocumentAuthority: string | null;
  identityDocumentDate: string | null;
  productName: string;
  productBrand: string | null;
  productModel: string | null;
  imei: string | null;
  serialNumber: string | null;
  state: string;
  priceCents: number;
  currency: string;
  paymentType: string;
  paymentModeLabel: string;
  deviceCheck: string | null;
  correctsEntryId: string | null;
  correctionReason: string | null;
}

const ORDER: readonly (keyof EntryContent)[] = [
  'storeId',
  'number',
  'acquiredAt',
  'buybackId',
  'itemId',
  'buybackNumber',
  'itemNumber',
  'sellerFirstName',
  'sellerLastName',
  'sellerStreet',
  'sellerStreetMore',
  'sellerZip',
  'sellerCity',
  'sellerCountry',
  'identityDocumentType',
  'identityDocumentNumber',
  'identityDocumentAuthority',
  'identityDocumentDate',
  'productName',
  'productBrand',
  'productModel',
  'imei',
  'serialNumber',
  'state',
  'priceCents',
  'currency',
  'paymentType',
  'paymentModeLabel',
  'deviceCheck',
  'correctsEntryId',
  'correctionReason',
];

/**
 * The canonical text of an entry: a JSON array of its values in ORDER (instants in ISO 8601 to the
 * millisecond, absent values null), then the previous entry's hash (null for the first).
 */
function canonicalEntry(content: EntryContent, previousHash: string | null): string {
  const values = ORDER.map((key) => {
    const value = content[key];
    return value instanceof Date ? value.toISOString() : (value ?? null);
  });
  return JSON.stringify([...values, previousHash]);
}

/** SHA-256 (hex) of the canonical entry chained to the previous hash. */
export const entryHash = (content: EntryContent, previousHash: string | null): string =>
  createHash('sha256').update(canonicalEntry(content, previousHash), 'utf8').digest('hex');

/** An entry as the chain's walk reads it. */
export interface ChainedEntry {
  content: EntryContent;
  previousHash: string | null;
  hash: string;
}

/** Where a walk over a store's chain stands after the entries it has seen. */
export interface ChainWalk {
  lastNumber: number;
  lastHash: string | null;
  broken: number | null;
}

export const startWalk = (): ChainWalk => ({ lastNumber: 0, lastHash: null, broken: null });

/**
 * Walks one more entry (entries come in number order): the chain breaks at the first entry whose
 * number is not the next, whose previous hash is not the last one, or whose content does not give
 * its hash (a row changed behind the platform's back).
 */
export function walk(state: ChainWalk, entry: ChainedEntry): ChainWalk {
  if (state.broken !== null) return state;
  const { number } = entry.content;
  const intact =
    number === state.lastNumber + 1 &&
    entry.previousHash === state.lastHash &&
    entryHash(entry.content, entry.previousHash) === entry.hash;
  return intact
    ? { lastNumber: number, lastHash: entry.hash, broken: null }
    : { ...state, broken: Math.min(number, state.lastNumber + 1) };
}

/**
 * The walk's end against the register's head: entries removed at the end (the head counts more)
 * or a head that does not name the last hash break the chain after the last entry seen.
 */
export function endWalk(
  state: ChainWalk,
  head: { lastNumber: number; lastHash: string | null },
): number | null {
  if (state.broken !== null) return state.broken;
  if (head.lastNumber !== state.lastNumber || head.lastHash !== state.lastHash)
    return Math.min(head.lastNumber, state.lastNumber + 1) || 1;
  return null;
}
