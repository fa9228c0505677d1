import { randomUUID } from 'node:crypto';
import { ABSORPTION_TYPES, CATEGORY_DESCRIPTION_MAX, MAX_PRICE_CENTS, STATUSES } from '@reprise/shared';
import type { BaseTxContext } from '../../platform/request-context';
import { fold, isOwnDescendant, pathUnder, sortKey } from '../catalog';
import type { BatchOutcome, CatalogueCategories, ContentImporter, ImportSettings } from './import-catalogue';
import { SeenKeys } from './import-catalogue';
import { invalidLine, LineCells, LineFaults } from './import-lines';
import * as writes from './import-writes.repository';
import type { IgnoredLine } from './imports.repository';

/**
 * Category lines (docs/imports.md): matched by identifier (`generic`), by label under the same
 * parent (`product`) or by id (`uuid`). A parent is named by its identifier and comes before its
 * children in the file; a line without parent goes under the import's first parent category.
 */

/** File column → categories column and its update array type (`parent_identifier` moves instead). */
const UPDATED: Record<string, [string, writes.ColumnType]> = {
  identifier: ['identifier', 'text'],
  label: ['label', 'text'],
  description: ['description', 'text'],
  status: ['status', 'text'],
  default_weight: ['default_weight', 'int'],
  default_length: ['default_length', 'int'],
  default_width: ['default_width', 'int'],
  default_height: ['default_height', 'int'],
  absorption_type: ['absorption_type', 'text'],
  absorption_value: ['absorption_value', 'int'],
  highlighted_instruction: ['highlighted_instruction', 'text'],
  children_description: ['children_description', 'text'],
};

export function categoryImporter(
  settings: ImportSettings,
  categories: CatalogueCategories,
  facts: { rootOrganizationId: string | null; defaultBuyerId: string | null; absorptionEnabled: boolean },
): ContentImporter {
  const { columns, suffix, accountId } = settings;
  const { strategy, parent_category_ids: parentIds } = settings.row;
  const firstParent = parentIds[0] ?? null;
  const seen = new SeenKeys();

  /** The parent a line names (undefined: the file has no parent column). */
  function parentOf(cells: LineCells): writes.CatalogueCategory | null | undefined {
    if (!columns.has('parent_identifier')) return undefined;
    const identifier = cells.identifier('parent_identifier', suffix);
    if (identifier === null)
      return cells.raw('parent_identifier') === ''
        ? firstParent
          ? (categories.get(firstParent) ?? null)
          : null
        : null;
    const parent = categories.byIdentifierOf(identifier);
    if (!parent) {
      cells.faults.add(
        'unknown_parent',
        'parent_identifier',
        `No category "${identifier}" before this line.`,
      );
      return null;
    }
    if (!categories.insideParents(parent, parentIds)) {
      cells.faults.add(
        'outside_parent_categories',
        'parent_identifier',
        'The parent is not inside the parent categories of the import.',
      );
      return null;
    }
    return parent;
  }

  function keyOf(cells: LineCells, parentId: string | null): string | null {
    if (strategy === 'uuid') return cells.uuid('id');
    if (strategy === 'generic') return cells.identifier('identifier', suffix);
    const label = cells.raw('label');
    return label === '' ? null : `${parentId ?? ''}|${fold(label).trim()}`;
  }

  /** The values of the columns the file has (absorption checked as the catalogue does). */
  function valuesOf(cells: LineCells): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    const has = (c: string) => columns.has(c);
    if (has('identifier')) values.identifier = cells.identifier('identifier', suffix, true);
    if (has('label')) values.label = cells.text('label', { min: 2, max: 255, required: true });
    if (has('description'))
      values.description = cells.description('description', CATEGORY_DESCRIPTION_MAX, 'html');
    if (has('status')) values.status = cells.oneOf('status', STATUSES) ?? 'active';
    if (has('default_weight')) values.default_weight = cells.integer('default_weight', { required: true });
    for (const measure of ['default_length', 'default_width', 'default_height'])
      if (has(measure)) values[measure] = cells.integer(measure);
    if (has('absorption_type'))
      values.absorption_type = cells.oneOf('absorption_type', ABSORPTION_TYPES) ?? 'none';
    if (has('absorption_value')) {
      const type = (values.absorption_type as string | undefined) ?? 'none';
      values.absorption_value =
        (type === 'by_value'
          ? cells.price('absorption_value')
          : cells.integer('absorption_value', { max: type === 'none' ? MAX_PRICE_CENTS : 100 })) ?? 0;
    }
    const type = values.absorption_type as string | undefined;
    if (type !== undefined || values.absorption_value !== undefined) {
      const value = (values.absorption_value as number | undefined) ?? 0;
      if ((type ?? 'none') === 'none' ? value !== 0 : value < 1)
        cells.faults.add(
          'invalid_number',
          'absorption_value',
          (type ?? 'none') === 'none'
            ? 'Without absorption the value must be 0.'
            : 'An absorption needs a value above 0.',
        );
    }
    if (has('highlighted_instruction'))
      values.highlighted_instruction = cells.description('highlighted_instruction', 255, 'plain');
    if (has('children_description'))
      values.children_description = cells.description('children_description', 255, 'plain');
    return values;
  }

  return {
    remember(line) {
      if (line.invalid !== undefined) return;
      const cells = new LineCells(columns, line.cells, new LineFaults(line.line));
      const parent = parentOf(cells);
      seen.seen(keyOf(cells, parent === undefined ? firstParent : (parent?.id ?? null)));
    },

    async writeBatch(tx: BaseTxContext, lines): Promise<BatchOutcome> {
      const ignored: IgnoredLine[] = [];
      const inserts: writes.NewCategoryRow[] = [];
      const updates = new Map<string, Record<string, unknown>>();
      const moves: { id: string; parentId: string | null; oldPath: string; newPath: string }[] = [];
      const relabelled: string[] = [];
      for (const line of lines) {
        if (line.invalid !== undefined) {
          ignored.push(invalidLine(line));
          continue;
        }
        const faults = new LineFaults(line.line);
        const cells = new LineCells(columns, line.cells, faults);
        const values = valuesOf(cells);
        const parent = parentOf(cells);
        const parentId = parent === undefined ? undefined : (parent?.id ?? null);
        const key = keyOf(cells, parentId === undefined ? firstParent : parentId);
        if (seen.seen(key))
          faults.add(
            'duplicate_in_file',
            strategy === 'uuid' ? 'id' : strategy === 'generic' ? 'identifier' : 'label',
            'An earlier line of the file names the same category.',
          );
        let current: writes.CatalogueCategory | undefined;
        if (faults.ok && key !== null) {
          if (strategy === 'uuid') {
            current = categories.get(key);
            if (!current) faults.add('unknown_id', 'id', 'No category of the catalogue has this id.');
          } else if (strategy === 'generic') current = categories.byIdentifierOf(key);
          else {
            const found = categories.byLabelUnder(
              parentId === undefined ? firstParent : parentId,
              values.label as string,
            );
            if (found.length > 1)
              faults.add(
                'ambiguous_match',
                'label',
                `${found.length} categories have this label under this parent.`,
              );
            current = found[0];
          }
        }
        // an absorption applies only with the premium feature, as in the category form: a line may
        // keep the one a category has, or remove it, but not set one
        if (faults.ok && !facts.absorptionEnabled && setsAbsorption(values, current))
          faults.add(
            'premium_feature_required',
            'absorption_type',
            'An absorption needs the premium feature absorption, not enabled for this account.',
          );
        const identifier = values.identifier as string | null | undefined;
        if (faults.ok && identifier) {
          const holder = categories.byIdentifierOf(identifier);
          if (holder && holder.id !== current?.id)
            faults.add(
              'invalid_identifier',
              'identifier',
              'Another category of the catalogue has this identifier.',
            );
        }
        if (faults.ok && !current) {
          // a matched category changes in the file's columns only; a new one needs these three
          for (const column of ['identifier', 'label', 'default_weight'])
            if (values[column] === undefined)
              faults.add('required', column, 'A new category needs this column.');
          if (facts.rootOrganizationId === null)
            faults.add('unknown_parent', null, 'The account has no root organisation.');
        }
        const newParent =
          parentId === undefined
            ? current
              ? undefined
              : firstParent
                ? (categories.get(firstParent) ?? null)
                : null
            : parent;
        const buyer = newParent?.buyer_account_id ?? facts.defaultBuyerId;
        if (faults.ok && !current && !buyer)
          faults.add(
            'unknown_parent',
            'parent_identifier',
            'A top category needs a linked buyer of the account: name a parent.',
          );
        if (faults.ok && current && newParent !== undefined && newParent?.id !== current.parent_category_id) {
          if (newParent && isOwnDescendant(current.path, newParent.path))
            faults.add(
              'unknown_parent',
              'parent_identifier',
              'A category cannot go under itself or its descendants.',
            );
        }
        if (!faults.ok) {
          ignored.push(...faults.faults);
          continue;
        }
        if (!current) {
          const id = settings.row.strategy === 'uuid' && key ? key : randomUUID();
          const row: writes.NewCategoryRow = {
            id,
            account_id: accountId,
            organization_id: facts.rootOrganizationId as string,
            parent_category_id: newParent?.id ?? null,
            path: pathUnder(newParent?.path ?? null, id),
            identifier: identifier as string,
            label: values.label as string,
            sort_label: sortKey(values.label as string),
            description: (values.description as string | null | undefined) ?? null,
            children_description: (values.children_description as string | null | undefined) ?? null,
            default_weight: values.default_weight as number,
            default_height: (values.default_height as number | null | undefined) ?? null,
            default_length: (values.default_length as number | null | undefined) ?? null,
            default_width: (values.default_width as number | null | undefined) ?? null,
            absorption_type: (values.absorption_type as string | undefined) ?? 'none',
            absorption_value: (values.absorption_value as number | undefined) ?? 0,
            status: (values.status as string | undefined) ?? 'active',
            highlighted_instruction: (values.highlighted_instruction as string | null | undefined) ?? null,
            buyer_account_id: buyer as string,
          };
          inserts.push(row);
          categories.put({ ...row });
          continue;
        }
        const row: Record<string, unknown> = { ...(updates.get(current.id) ?? {}), id: current.id };
        for (const [column, [field]] of Object.entries(UPDATED))
          if (column in values) row[field] = values[column];
        if (typeof values.label === 'string') {
          row.sort_label = sortKey(values.label);
          if (row.sort_label !== current.sort_label) relabelled.push(current.id);
        }
        updates.set(current.id, row);
        let path = current.path;
        if (newParent !== undefined && (newParent?.id ?? null) !== current.parent_category_id) {
          path = pathUnder(newParent?.path ?? null, current.id);
          moves.push({
            id: current.id,
            parentId: newParent?.id ?? null,
            oldPath: current.path,
            newPath: path,
          });
          for (const below of categories.subtree(current.path))
            if (below.id !== current.id)
              categories.put({ ...below, path: path + below.path.slice(current.path.length) });
        }
        categories.put({
          ...current,
          identifier: (row.identifier as string | undefined) ?? current.identifier,
          label: (row.label as string | undefined) ?? current.label,
          sort_label: (row.sort_label as string | undefined) ?? current.sort_label,
          absorption_type: (row.absorption_type as string | undefined) ?? current.absorption_type,
          absorption_value: (row.absorption_value as number | undefined) ?? current.absorption_value,
          parent_category_id: newParent === undefined ? current.parent_category_id : (newParent?.id ?? null),
          path,
        });
      }
      const updatedColumns: Record<string, writes.ColumnType> = {};
      for (const [column, [field, type]] of Object.entries(UPDATED))
        if (columns.has(column)) updatedColumns[field] = type;
      if (columns.has('label')) updatedColumns.sort_label = 'text';
      await writes.insertCategories(tx, inserts);
      await writes.updateCategories(tx, accountId, [...updates.values()], updatedColumns);
      for (const move of moves)
        await writes.moveCategory(tx, accountId, move.id, move.parentId, move.oldPath, move.newPath);
      await writes.relabelInProducts(tx, accountId, relabelled);
      const written = inserts.length + updates.size;
      return {
        inserted: inserts.length,
        updated: updates.size,
        ignored,
        changed: written ? ['category'] : [],
      };
    },
  };
}

/** True when a line gives its category an absorption it does not have (another type or value). */
function setsAbsorption(
  values: Record<string, unknown>,
  current: writes.CatalogueCategory | undefined,
): boolean {
  const type = (values.absorption_type as string | undefined) ?? current?.absorption_type ?? 'none';
  if (type === 'none') return false;
  if (!current) return true;
  return (
    type !== current.absorption_type ||
    (values.absorption_value !== undefined && values.absorption_value !== current.absorption_value)
  );
}
