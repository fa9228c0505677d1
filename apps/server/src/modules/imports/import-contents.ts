import type { BaseContext } from '../../platform/request-context';
import { CatalogueCategories, type ContentImporter } from './import-catalogue';
import { categoryImporter } from './import-categories';
import { diagnosticImporter } from './import-diagnostic';
import type { HeaderColumns } from './import-lines';
import { productImporter } from './import-products';
import { catalogueCategories, catalogueFacts } from './import-writes.repository';
import type { ImportRow } from './imports.repository';

/** The importer of an import's content, with its catalogue's categories loaded once per run. */
export async function openContentImporter(
  ctx: BaseContext,
  row: ImportRow,
  columns: HeaderColumns,
): Promise<ContentImporter> {
  const settings = { row, columns, accountId: row.account_id, suffix: row.suffix };
  const categories = new CatalogueCategories(await catalogueCategories(ctx, row.account_id));
  if (row.content === 'products') return productImporter(settings, categories);
  if (row.content === 'diagnostic') return diagnosticImporter(settings, categories);
  return categoryImporter(settings, categories, await catalogueFacts(ctx, row.account_id));
}
