import type { Insertable } from 'kysely';
import { sortKey } from '../modules/catalog/catalog-text';
import { derivedColumns } from '../modules/catalog/products/products.mapper';
import { insertProducts, type NewProduct } from '../modules/catalog/products/products-bulk.repository';
import { writeDocuments } from '../modules/catalog/search/postgres-product-search';
import type { Db } from '../platform/db';
import type { CategoriesTable } from '../platform/db.types';
import { recountCategories } from './catalog-counters';
import {
  BRAND_WEIGHTS,
  BRANDS,
  type BrandKey,
  DIAGNOSTIC_QUESTIONS,
  type DiagnosticQuestionKey,
  MODELS,
  OTHER_RETAIL_CATALOGUE,
  TOP_CATEGORIES,
} from './catalog-data';
import { gradePrices, productRow, productTemplates } from './catalog-generate';
import {
  CATEGORY_TRANSLATIONS,
  diagnosticAnswerTranslations,
  diagnosticQuestionTranslations,
} from './catalog-translations';
import { DEMO } from './demo-ids';

/** Stable ids of the demo catalogue, so tests and documentation can name them. */
const uuid = (group: string, n: number) => `00000000-0000-4000-${group}-${n.toString(16).padStart(12, '0')}`;

function categoryIds(prefix: string, identifiers: string[]): Record<string, string> {
  return Object.fromEntries(identifiers.map((identifier, n) => [identifier, uuid(prefix, n + 1)]));
}

const DEMO_IDENTIFIERS = TOP_CATEGORIES.flatMap((top) => [
  top.identifier,
  ...Object.keys(MODELS[top.identifier] ?? {}).map((brand) => `${top.identifier}-${brand}`),
]);

export const DEMO_CATALOG = {
  /** Demo Retail's categories by identifier. */
  categories: categoryIds('9000', DEMO_IDENTIFIERS),
  /** Other Retail's categories by identifier. */
  otherCategories: categoryIds(
    '9400',
    OTHER_RETAIL_CATALOGUE.categories.map((c) => c.identifier),
  ),
};

type NewCategory = Insertable<CategoriesTable> & { id: string };

function demoRetailCategories(): NewCategory[] {
  const ids = DEMO_CATALOG.categories;
  const common = {
    account_id: DEMO.accounts.demoRetail,
    organization_id: DEMO.orgs.retailRoot,
    buyer_account_id: DEMO.accounts.demoBuyer,
  };
  return TOP_CATEGORIES.flatMap((top) => {
    const topId = ids[top.identifier] as string;
    const brands = Object.keys(MODELS[top.identifier] ?? {}) as BrandKey[];
    return [
      {
        ...common,
        id: topId,
        parent_category_id: null,
        path: `/${topId}/`,
        identifier: top.identifier,
        label: top.label,
        sort_label: sortKey(top.label),
        description: top.description,
        children_description: `Choisissez la marque de l'appareil (${brands.length} marques).`,
        default_weight: top.weight,
        default_length: top.length,
        default_width: top.width,
        default_height: top.height,
        highlighted_instruction:
          top.collectsImei === 'never' ? null : "Relevez l'IMEI (*#06#) et vérifiez qu'il n'est pas bloqué.",
        translations: JSON.stringify(CATEGORY_TRANSLATIONS[top.identifier] ?? {}),
      },
      ...brands.map((brand) => {
        const identifier = `${top.identifier}-${brand}`;
        const id = ids[identifier] as string;
        return {
          ...common,
          id,
          parent_category_id: topId,
          path: `/${topId}/${id}/`,
          identifier,
          label: BRANDS[brand].name,
          sort_label: sortKey(BRANDS[brand].name),
          description: null,
          default_weight: BRAND_WEIGHTS[identifier] ?? top.weight,
          ...(top.identifier === 'laptops'
            ? { absorption_type: 'percentage_of_declared_amount', absorption_value: 10 }
            : {}),
        };
      }),
    ];
  });
}

function demoRetailProducts(): NewProduct[] {
  const categories = demoRetailCategories();
  return productTemplates().map((t, n) => {
    const category = categories.find((c) => c.identifier === t.brandCategory) as NewCategory;
    return productRow(t, {
      id: uuid('a000', n + 1),
      accountId: DEMO.accounts.demoRetail,
      category: { id: category.id, label: category.label },
      draft: n % 17 === 5,
    });
  });
}

function otherRetailRows() {
  const ids = DEMO_CATALOG.otherCategories;
  const categories: NewCategory[] = OTHER_RETAIL_CATALOGUE.categories.map((c) => {
    const id = ids[c.identifier] as string;
    const parent = c.parent ? (ids[c.parent] as string) : null;
    return {
      id,
      account_id: DEMO.accounts.otherRetail,
      organization_id: DEMO.orgs.otherRoot,
      buyer_account_id: DEMO.accounts.demoBuyer,
      parent_category_id: parent,
      path: parent ? `/${parent}/${id}/` : `/${id}/`,
      identifier: c.identifier,
      label: c.label,
      sort_label: sortKey(c.label),
      default_weight: 190,
      default_length: 16,
      default_width: 8,
      default_height: 1,
    };
  });
  const leaf = categories[1] as NewCategory;
  const products: NewProduct[] = OTHER_RETAIL_CATALOGUE.products.map((p, n) => ({
    id: uuid('a400', n + 1),
    account_id: DEMO.accounts.otherRetail,
    main_category_id: leaf.id,
    secondary_category_ids: [],
    name: p.name,
    brand: p.brand,
    model: p.model,
    reference: null,
    ean_code: p.ean,
    tac_codes: [],
    is_collecting_imei: true,
    comment_for_seller: null,
    status: 'published',
    ...gradePrices(p.euros),
    buyback_zero_not_allowed: false,
    length: null,
    width: null,
    height: null,
    weight: null,
    buyer_reference: null,
    ...(derivedColumns(
      { name: p.name, brand: p.brand, model: p.model, eanCode: p.ean, reference: null },
      sortKey(leaf.label),
    ) as Pick<NewProduct, 'sort_name' | 'sort_brand' | 'sort_category' | 'filter_text'>),
  }));
  return { categories, products };
}

const impactOf = (impact: string | null) => {
  if (!impact) return { price_impact_kind: null, price_impact_value: null };
  return impact.endsWith('%')
    ? { price_impact_kind: 'percentage', price_impact_value: Number.parseInt(impact, 10) }
    : { price_impact_kind: 'fixed', price_impact_value: Number.parseInt(impact, 10) };
};

/** The questionnaires of the top categories, and one brand question that sub-categories add. */
async function seedDiagnosticQuestions(trx: Db): Promise<void> {
  const ids = DEMO_CATALOG.categories;
  const questions = TOP_CATEGORIES.flatMap((top) =>
    top.questionnaire.map((key, position) => ({
      key: key as DiagnosticQuestionKey | 'find_my',
      categoryId: ids[top.identifier] as string,
      position,
      ...DIAGNOSTIC_QUESTIONS[key],
    })),
  );
  questions.push({
    key: 'find_my',
    categoryId: ids['smartphones-apple'] as string,
    position: 0,
    title: 'Localiser mon iPhone est-il désactivé ?',
    type: 'unique',
    description:
      'Réglages > [nom du client] > Localiser : le client doit se déconnecter de son identifiant Apple.',
    answers: [
      ['Oui, désactivé', null, null],
      ['Non, le client ne peut pas le désactiver', 'grade_e', '-100%'],
    ],
  });
  const inserted = await trx
    .insertInto('diagnostic_questions')
    .values(
      questions.map((q) => ({
        account_id: DEMO.accounts.demoRetail,
        category_id: q.categoryId,
        title: q.title,
        type: q.type,
        description: q.description,
        position: q.position,
        translations: JSON.stringify(diagnosticQuestionTranslations(q.key)),
      })),
    )
    .returning('id')
    .execute();
  await trx
    .insertInto('diagnostic_answers')
    .values(
      questions.flatMap((q, n) =>
        q.answers.map(([title, maxGrade, impact, description], position) => ({
          question_id: inserted[n]?.id as string,
          title,
          description: description ?? null,
          position,
          max_grade: maxGrade,
          ...impactOf(impact),
          translations: JSON.stringify(diagnosticAnswerTranslations(q.key, position)),
        })),
      ),
    )
    .execute();
}

/**
 * Seeds the demo catalogues in the caller's transaction: Demo Retail's (six top categories with
 * brand sub-categories, some 300 products, questionnaires; buyer Demo Buyer with its warehouses
 * Saint-Priest and Roubaix) and Other Retail's tiny one (2 categories, 3 products).
 */
export async function seedCatalog(trx: Db): Promise<void> {
  const other = otherRetailRows();
  const categories = [...demoRetailCategories(), ...other.categories];
  await trx.insertInto('categories').values(categories).execute();
  await trx
    .insertInto('category_referring_warehouses')
    .values(
      categories.flatMap((c) =>
        c.account_id === DEMO.accounts.demoRetail
          ? [
              { category_id: c.id, warehouse_id: DEMO.orgs.warehouseSaintPriest },
              { category_id: c.id, warehouse_id: DEMO.orgs.warehouseRoubaix },
            ]
          : [{ category_id: c.id, warehouse_id: DEMO.orgs.warehouseRoubaix }],
      ),
    )
    .execute();
  const products = [...demoRetailProducts(), ...other.products];
  await insertProducts(trx, products);
  await recountCategories(trx, DEMO.accounts.demoRetail);
  await recountCategories(trx, DEMO.accounts.otherRetail);
  await writeDocuments(
    trx,
    products.map((p) => p.id),
  );
  await seedDiagnosticQuestions(trx);
}
