import type { AuditEntity } from '../../platform/audit-entities';
import type { BaseTxContext } from '../../platform/request-context';
import { fold, isWithin } from '../catalog';
import type { FileLine } from './import-file';
import type { HeaderColumns, LineCells } from './import-lines';
import type { CatalogueCategory } from './import-writes.repository';
import type { IgnoredLine, ImportRow } from './imports.repository';

/** What every content's importer shares: the run's import, its catalogue's categories. */

export interface BatchOutcome {
  inserted: number;
  updated: number;
  ignored: IgnoredLine[];
  /** The catalogue's entity types the batch changed (the change feed hears of them). */
  changed: AuditEntity[];
}

export interface ContentImporter {
  /** A line of a batch an earlier run committed: only its key is remembered (duplicates). */
  remember(line: FileLine): void;
  /** Writes a batch in the caller's transaction. */
  writeBatch(tx: BaseTxContext, lines: readonly FileLine[]): Promise<BatchOutcome>;
}

export interface ImportSettings {
  row: ImportRow;
  columns: HeaderColumns;
  accountId: string;
  suffix: string;
}

/** A catalogue's categories, kept in memory for a run and told of the categories it writes. */
export class CatalogueCategories {
  private byId = new Map<string, CatalogueCategory>();
  private byIdentifier = new Map<string, CatalogueCategory>();

  constructor(categories: readonly CatalogueCategory[]) {
    for (const c of categories) this.put(c);
  }

  put(category: CatalogueCategory): void {
    const previous = this.byId.get(category.id);
    if (previous && this.byIdentifier.get(previous.identifier)?.id === category.id)
      this.byIdentifier.delete(previous.identifier);
    this.byId.set(category.id, category);
    this.byIdentifier.set(category.identifier, category);
  }

  get(id: string) {
    return this.byId.get(id);
  }

  byIdentifierOf(identifier: string) {
    return this.byIdentifier.get(identifier);
  }

  /** The categories of a label under a parent (null: the root), case and accents ignored. */
  byLabelUnder(parentId: string | null, label: string): CatalogueCategory[] {
    const folded = fold(label).trim();
    return [...this.byId.values()].filter(
      (c) => c.parent_category_id === parentId && fold(c.label).trim() === folded,
    );
  }

  /** Every category at or below `path`. */
  subtree(path: string): CatalogueCategory[] {
    return [...this.byId.values()].filter((c) => isWithin(c.path, path));
  }

  /** True when no parent category is set, or the category lies in one of their subtrees. */
  insideParents(category: CatalogueCategory, parentIds: readonly string[]): boolean {
    if (parentIds.length === 0) return true;
    return parentIds.some((id) => {
      const parent = this.byId.get(id);
      return parent !== undefined && isWithin(category.path, parent.path);
    });
  }
}

/**
 * The category a line names in `column` (its identifier, with the import's suffix): its id, or null
 * with the line's fault (`unknown_category`, `outside_parent_categories`, or the cell's own).
 */
export function lineCategory(
  categories: CatalogueCategories,
  cells: LineCells,
  column: string,
  suffix: string,
  parentIds: readonly string[],
): string | null {
  const identifier = cells.identifier(column, suffix, true);
  if (!identifier) return null;
  const category = categories.byIdentifierOf(identifier);
  if (!category)
    return cells.faults.add('unknown_category', column, `No category "${identifier}" in the catalogue.`);
  if (!categories.insideParents(category, parentIds))
    return cells.faults.add(
      'outside_parent_categories',
      column,
      'The category is not inside the parent categories of the import.',
    );
  return category.id;
}

/**
 * The keys the lines of a file have used: a key seen again makes its line `duplicate_in_file`.
 * A file of 1,000,000 lines has as many keys, so each is kept as a 64-bit hash in an open-addressing
 * table of typed arrays (16 bytes a key at most) rather than as a string in a Set (about 100 bytes):
 * the run's memory stays flat whatever the file's size (bench/imports.ts measures it). Two keys
 * share a hash with a probability of about 3 in 100 million for a million keys.
 */
export class SeenKeys {
  private high = new Uint32Array(1024);
  private low = new Uint32Array(1024);
  private size = 0;

  /** Records the key; true when it was seen before. */
  seen(key: string | null): boolean {
    if (key === null) return false;
    const [h, l] = hash64(key);
    if (this.find(h, l) >= 0) return true;
    if ((this.size + 1) * 2 > this.high.length) this.grow();
    this.insert(h, l);
    return false;
  }

  /** The slot holding the hash, or -1. */
  private find(h: number, l: number): number {
    const mask = this.high.length - 1;
    for (let i = l & mask; ; i = (i + 1) & mask) {
      const sh = this.high[i] as number;
      const sl = this.low[i] as number;
      if (sh === 0 && sl === 0) return -1;
      if (sh === h && sl === l) return i;
    }
  }

  private insert(h: number, l: number): void {
    const mask = this.high.length - 1;
    let i = l & mask;
    while ((this.high[i] as number) !== 0 || (this.low[i] as number) !== 0) i = (i + 1) & mask;
    this.high[i] = h;
    this.low[i] = l;
    this.size += 1;
  }

  private grow(): void {
    const { high, low } = this;
    this.high = new Uint32Array(high.length * 2);
    this.low = new Uint32Array(low.length * 2);
    this.size = 0;
    for (let i = 0; i < high.length; i++)
      if ((high[i] as number) !== 0 || (low[i] as number) !== 0)
        this.insert(high[i] as number, low[i] as number);
  }
}

/** Two 32-bit hashes of a string (multiply-xorshift over its UTF-16 units); never both 0 (the empty slot). */
export function hash64(key: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const unit = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const high = h1 >>> 0;
  const low = h2 >>> 0;
  return high === 0 && low === 0 ? [0, 1] : [high, low];
}
