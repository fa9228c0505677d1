import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { CategoriesTable } from '../../platform/db.types';
import { hasPremiumFeature } from '../../platform/premium-features';
import {
  type AccountScope,
  type BaseContext,
  type BaseTxContext,
  readerOf,
} from '../../platform/request-context';
import { findRootOrganizationId } from '../../platform/root-organization';
import { updateChildOf, updateOwned } from '../../platform/scoped-writes';

/**
 * The catalogue's rows as an import reads and writes them, a batch at a time: one query to find
 * the rows a batch's keys match, multi-row inserts (`unnest`) and one update from `unnest(…)`
 * per batch. Every statement names the import's account.
 */

const own = (accountId: string): AccountScope => ({ kind: 'account', accountId });

// ---------- categories ----------

export interface CatalogueCategory {
  id: string;
  identifier: string;
  label: string;
  parent_category_id: string | null;
  path: string;
  sort_label: string;
  buyer_account_id: string;
  absorption_type: string;
  absorption_value: number;
}

/** Every category of a catalogue (a catalogue holds hundreds, not millions). */
export async function catalogueCategories(ctx: BaseContext, accountId: string): Promise<CatalogueCategory[]> {
  return readerOf(ctx)
    .selectFrom('categories')
    .select([
      'id',
      'identifier',
      'label',
      'parent_category_id',
      'path',
      'sort_label',
      'buyer_account_id',
      'absorption_type',
      'absorption_value',
    ])
    .where('account_id', '=', accountId)
    .orderBy('path')
    .execute();
}

/**
 * The account's root organisation (a category's `organization_id`), its first linked buyer, and
 * whether it has the absorption premium feature (without it a line cannot set an absorption).
 */
export async function catalogueFacts(ctx: BaseContext, accountId: string) {
  const rootOrganizationId = await findRootOrganizationId(ctx, accountId);
  const buyer = await readerOf(ctx)
    .selectFrom('account_linked_buyers')
    .select('buyer_account_id')
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('buyer_account_id')
    .executeTakeFirst();
  return {
    rootOrganizationId: rootOrganizationId ?? null,
    defaultBuyerId: buyer?.buyer_account_id ?? null,
    absorptionEnabled: await hasPremiumFeature(ctx, accountId, 'absorption'),
  };
}

/** A category as the import inserts it: every column given but the image, the counters, the translations and the times. */
export type NewCategoryRow = Omit<
  Selectable<CategoriesTable>,
  | 'image_key'
  | 'image_alt'
  | 'product_count'
  | 'published_product_count'
  | 'translations'
  | 'created_at'
  | 'updated_at'
>;

/** New categories in one statement (a parent before its children: the key is checked at its end). */
export async function insertCategories(tx: BaseTxContext, rows: readonly NewCategoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.trx
    .insertInto('categories')
    .values([...rows])
    .execute();
}

/** Column types of the `unnest` arrays an update sends. */
const SQL_TYPES: Record<string, string> = {
  text: 'text',
  int: 'int',
  boolean: 'boolean',
  uuid: 'uuid',
};

export type ColumnType = keyof typeof SQL_TYPES;

/**
 * One update of the table's rows from `unnest(…) AS r` (each row's columns set to `r`'s, matched
 * by id), scoped to the account: one statement for a whole batch. `expressions` replace `r.col` for a column whose
 * array travels as text (a uuid[] as space-separated ids).
 */
async function updateFromArrays(
  tx: BaseTxContext,
  table: 'products' | 'categories',
  accountId: string,
  rows: readonly Record<string, unknown>[],
  columns: Readonly<Record<string, ColumnType>>,
  expressions: Readonly<Record<string, RawBuilder<unknown>>> = {},
): Promise<void> {
  const names = Object.keys(columns);
  if (rows.length === 0 || names.length === 0) return;
  const arrays = [
    sql`${rows.map((r) => r.id)}::uuid[]`,
    ...names.map(
      (c) =>
        sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(SQL_TYPES[columns[c] as ColumnType] ?? 'text')}[]`,
    ),
  ];
  const source = sql`(SELECT * FROM unnest(${sql.join(arrays)}) AS r(id, ${sql.join(names.map((c) => sql.id(c)))}))`;
  const set = Object.fromEntries(names.map((c) => [c, expressions[c] ?? sql`r.${sql.id(c)}`]));
  await updateOwned(tx, table, own(accountId))
    .from(source.as('r'))
    .set({ ...set, updated_at: sql`now()` } as never)
    .where(sql<boolean>`${sql.table(table)}.id = r.id`)
    .execute();
}

export async function updateCategories(
  tx: BaseTxContext,
  accountId: string,
  rows: readonly Record<string, unknown>[],
  columns: Readonly<Record<string, ColumnType>>,
): Promise<void> {
  await updateFromArrays(tx, 'categories', accountId, rows, columns);
}

/**
 * Moves a category under another parent: its path and its descendants' paths start again under
 * the new parent's.
 */
export async function moveCategory(
  tx: BaseTxContext,
  accountId: string,
  id: string,
  parentId: string | null,
  oldPath: string,
  newPath: string,
): Promise<void> {
  await updateOwned(tx, 'categories', own(accountId))
    .set({ parent_category_id: parentId, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  await updateOwned(tx, 'categories', own(accountId))
    .set({ path: sql`${newPath} || substr(path, ${oldPath.length + 1})` })
    .where('path', 'like', `${oldPath}%`)
    .execute();
}

/** The products of relabelled categories take their new order key (their `sort_category`). */
export async function relabelInProducts(
  tx: BaseTxContext,
  accountId: string,
  categoryIds: readonly string[],
) {
  if (categoryIds.length === 0) return;
  // a subquery, not `FROM categories`: the scope's `account_id` would name both tables
  await updateOwned(tx, 'products', own(accountId))
    .set({
      sort_category: sql`(SELECT c.sort_label FROM categories c WHERE c.id = products.main_category_id)`,
    })
    .where('main_category_id', 'in', [...categoryIds])
    .execute();
}

// ---------- products ----------

export interface MatchedProduct {
  id: string;
  reference: string | null;
  ean_code: string | null;
  name: string;
  brand: string | null;
  model: string | null;
  main_category_id: string;
  status: string;
}

/** The products of a catalogue whose key (`reference`, `ean_code` or `id`) is one of `keys`: one query. */
export async function productsByKey(
  ctx: BaseContext,
  accountId: string,
  key: 'reference' | 'ean_code' | 'id',
  keys: readonly string[],
): Promise<MatchedProduct[]> {
  if (keys.length === 0) return [];
  const values = [...new Set(keys)];
  return readerOf(ctx)
    .selectFrom('products')
    .select(['id', 'reference', 'ean_code', 'name', 'brand', 'model', 'main_category_id', 'status'])
    .where('account_id', '=', accountId)
    .where(
      key === 'id'
        ? sql<boolean>`id = any(${values}::uuid[])`
        : sql<boolean>`${sql.ref(key)} = any(${values}::text[])`,
    )
    .execute();
}

export async function updateProducts(
  tx: BaseTxContext,
  accountId: string,
  rows: readonly Record<string, unknown>[],
  columns: Readonly<Record<string, ColumnType>>,
): Promise<void> {
  await updateFromArrays(tx, 'products', accountId, rows, columns, {
    secondary_category_ids: sql`string_to_array(r.secondary_category_ids, ' ')::uuid[]`,
    tac_codes: sql`string_to_array(r.tac_codes, ' ')`,
  });
}

// ---------- diagnostic ----------

export interface CatalogueQuestion {
  id: string;
  category_id: string;
  title: string;
  position: number;
  answers: { id: string; title: string; position: number }[];
}

/** The questions (with their answers' titles) of these categories, or with these ids. */
export async function questionsOf(
  ctx: BaseContext,
  accountId: string,
  categoryIds: readonly string[],
  ids: readonly string[],
): Promise<CatalogueQuestion[]> {
  if (categoryIds.length === 0 && ids.length === 0) return [];
  const rows = await readerOf(ctx)
    .selectFrom('diagnostic_questions as q')
    .leftJoin('diagnostic_answers as a', 'a.question_id', 'q.id')
    .select([
      'q.id',
      'q.category_id',
      'q.title',
      'q.position',
      'a.id as answer_id',
      'a.title as answer_title',
      'a.position as answer_position',
    ])
    .where('q.account_id', '=', accountId)
    .where((eb) =>
      eb.or([
        sql<boolean>`q.category_id = any(${[...categoryIds]}::uuid[])`,
        sql<boolean>`q.id = any(${[...ids]}::uuid[])`,
      ]),
    )
    .orderBy('q.position')
    .orderBy('a.position')
    .execute();
  const questions = new Map<string, CatalogueQuestion>();
  for (const row of rows) {
    let question = questions.get(row.id);
    if (!question) {
      question = {
        id: row.id,
        category_id: row.category_id,
        title: row.title,
        position: row.position,
        answers: [],
      };
      questions.set(row.id, question);
    }
    if (row.answer_id && row.answer_title !== null && row.answer_position !== null)
      question.answers.push({ id: row.answer_id, title: row.answer_title, position: row.answer_position });
  }
  return [...questions.values()];
}

export interface QuestionValues {
  id: string;
  account_id: string;
  category_id: string;
  title: string;
  type: string;
  description: string | null;
  position: number;
}

export async function insertQuestions(tx: BaseTxContext, rows: readonly QuestionValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.trx
    .insertInto('diagnostic_questions')
    .values([...rows])
    .execute();
}

export async function updateQuestion(
  tx: BaseTxContext,
  accountId: string,
  id: string,
  values: Partial<Pick<QuestionValues, 'title' | 'type' | 'description' | 'position' | 'category_id'>>,
): Promise<void> {
  await updateOwned(tx, 'diagnostic_questions', own(accountId))
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export interface AnswerValues {
  id: string;
  question_id: string;
  title: string;
  description: string | null;
  position: number;
  max_grade: string | null;
  price_impact_kind: string | null;
  price_impact_value: number | null;
}

export async function insertAnswers(tx: BaseTxContext, rows: readonly AnswerValues[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.trx
    .insertInto('diagnostic_answers')
    .values([...rows])
    .execute();
}

export async function updateAnswer(
  tx: BaseTxContext,
  accountId: string,
  id: string,
  values: Partial<Omit<AnswerValues, 'id' | 'question_id'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await updateChildOf(
    tx,
    'diagnostic_answers',
    { column: 'question_id', parent: 'diagnostic_questions' },
    own(accountId),
  )
    .set(values)
    .where('id', '=', id)
    .execute();
}
