import { describe, expect, it } from 'vitest';
import { type EntryContent, endWalk, entryHash, startWalk, walk } from './entry-hash';

const content = (number: number, over: Partial<EntryContent> = {}): EntryContent => ({
  storeId: '00000000-0000-4000-8000-000000000204',
  number,
  acquiredAt: new Date('2026-03-01T10:00:00.000Z'),
  buybackId: `b-${number}`,
  itemId: `i-${number}`,
  buybackNumber: '2100000000001',
  itemNumber: '2100000000002',
  sellerFirstName: 'Søren',
  sellerLastName: 'Łukasiewicz',
  sellerStreet: '12 Rue de Łódź',
  sellerStreetMore: null,
  sellerZip: '75011',
  sellerCity: 'Paris',
  sellerCountry: 'FR',
  identityDocumentType: 'identity_card',
  identityDocumentNumber: 'AB12345',
  identityDocumentAuthority: null,
  identityDocumentDate: null,
  productName: 'iPhone 13',
  productBrand: 'Apple',
  productModel: null,
  imei: '356938035643809',
  serialNumber: null,
  state: 'A',
  priceCents: 25000,
  currency: 'EUR',
  paymentType: 'bank_transfer',
  paymentModeLabel: 'Virement',
  deviceCheck: null,
  correctionReason: null,
  correctsEntryId: null,
  ...over,
});

function chainOf(n: number) {
  let previousHash: string | null = null;
  return Array.from({ length: n }, (_, i) => {
    const c = content(i + 1);
    const hash = entryHash(c, previousHash);
    const entry = { content: c, previousHash, hash };
    previousHash = hash;
    return entry;
  });
}

const verdict = (entries: ReturnType<typeof chainOf>, head = entries.at(-1)) =>
  endWalk(entries.reduce(walk, startWalk()), {
    lastNumber: head?.content.number ?? 0,
    lastHash: head?.hash ?? null,
  });

describe('the police register chain', () => {
  it('hashes the same content the same way, and any changed field otherwise', () => {
    const c = content(1);
    expect(entryHash(c, null)).toBe(entryHash({ ...c }, null));
    expect(entryHash(c, null)).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash({ ...c, priceCents: 25001 }, null)).not.toBe(entryHash(c, null));
    expect(entryHash({ ...c, deviceCheck: 'stolen' }, null)).not.toBe(entryHash(c, null));
    expect(entryHash(c, 'a'.repeat(64))).not.toBe(entryHash(c, null));
  });

  it('a chain as written is whole', () => {
    expect(verdict(chainOf(5))).toBeNull();
    expect(verdict([])).toBeNull();
  });

  it('breaks at the entry whose content was changed', () => {
    const entries = chainOf(5);
    const third = entries[2] as (typeof entries)[number];
    entries[2] = { ...third, content: { ...third.content, sellerLastName: 'Other' } };
    expect(verdict(entries, chainOf(5).at(-1))).toBe(3);
  });

  it('breaks at the first missing number (an entry removed in the middle or at the end)', () => {
    const entries = chainOf(5);
    expect(verdict([...entries.slice(0, 2), ...entries.slice(3)], entries.at(-1))).toBe(3);
    expect(verdict(entries.slice(0, 4), entries.at(-1))).toBe(5);
  });

  it('breaks at an entry re-hashed on its own, whose successor still names the old hash', () => {
    const entries = chainOf(3);
    const second = entries[1] as (typeof entries)[number];
    const changed = { ...second.content, priceCents: 1 };
    entries[1] = { ...second, content: changed, hash: entryHash(changed, second.previousHash) };
    expect(verdict(entries)).toBe(3);
  });
});
