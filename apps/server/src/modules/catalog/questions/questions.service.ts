import { randomUUID } from 'node:crypto';
import type {
  AnswerInput,
  CreateQuestionRequest,
  PatchQuestionRequest,
  QuestionnaireResponse,
  QuestionResponse,
  ReorderQuestionsRequest,
} from '@reprise/shared';
import { writeAudit } from '../../../platform/audit';
import type { Actor } from '../../../platform/context';
import type { Db } from '../../../platform/db';
import { AppError, notFound } from '../../../platform/errors';
import { translationsColumn } from '../../../platform/translations';
import { readScope, writeScope } from '../catalog-scope';
import { checkCatalogTranslations } from '../catalog-translations';
import * as categories from '../categories/categories.repository';
import { idsOfPath } from '../categories/category-tree';
import * as products from '../products/products.repository';
import { toQuestionResponse } from './questions.mapper';
import * as repo from './questions.repository';

async function responsesOf(db: Db, rows: repo.QuestionRow[]): Promise<QuestionResponse[]> {
  const answers = await repo.answersOf(
    db,
    rows.map((q) => q.id),
  );
  return rows.map((row) => toQuestionResponse(row, answers));
}

async function responseOf(db: Db, id: string): Promise<QuestionResponse> {
  const row = await repo.findQuestion(db, { kind: 'all' }, id);
  return (await responsesOf(db, [row as repo.QuestionRow]))[0] as QuestionResponse;
}

/** The questions of one category (not the inherited ones), in their order. */
export async function listCategoryQuestions(
  db: Db,
  actor: Actor,
  categoryId: string,
): Promise<QuestionResponse[]> {
  if (!(await categories.findCategory(db, readScope(actor), categoryId))) throw notFound('category');
  return responsesOf(db, await repo.listQuestions(db, [categoryId]));
}

export async function getQuestion(db: Db, actor: Actor, id: string): Promise<QuestionResponse> {
  const row = await repo.findQuestion(db, readScope(actor), id);
  if (!row) throw notFound('question');
  return (await responsesOf(db, [row]))[0] as QuestionResponse;
}

/** The question's and its answers' translations, each refused in the account's own language. */
const translationEntries = (input: {
  translations?: AnswerInput['translations'];
  answers?: AnswerInput[];
}) => [
  { path: 'translations', translations: input.translations },
  ...(input.answers ?? []).map((a, index) => ({
    path: `answers.${index}.translations`,
    translations: a.translations,
  })),
];

/** Answers sent with an id must be answers of this question (a new question has none yet). */
async function checkAnswerIds(trx: Db, questionId: string | null, answers: AnswerInput[]): Promise<void> {
  const known = new Set(questionId ? await repo.answerIdsOf(trx, questionId) : []);
  const violations = answers.flatMap((a, index) =>
    a.id && !known.has(a.id)
      ? [
          {
            propertyPath: `answers.${index}.id`,
            message: 'This answer is not an answer of the question.',
            code: 'unknown_answer',
          },
        ]
      : [],
  );
  if (violations.length) throw new AppError('validation_failed', 'Unknown answers.', violations);
}

export async function createQuestion(
  db: Db,
  actor: Actor,
  categoryId: string,
  input: CreateQuestionRequest,
): Promise<QuestionResponse> {
  return db.transaction().execute(async (trx) => {
    // kept from being deleted until the question is written
    const category = await categories.findCategory(trx, writeScope(actor), categoryId, { lock: 'keyShare' });
    if (!category) throw notFound('category');
    await repo.lockQuestionsOf(trx, categoryId);
    await checkAnswerIds(trx, null, input.answers);
    await checkCatalogTranslations(trx, category.account_id, translationEntries(input));
    const count = (await repo.questionIdsOf(trx, categoryId)).length;
    const position = Math.min(input.position ?? count, count);
    await repo.shiftFrom(trx, categoryId, position);
    const id = randomUUID();
    await repo.insertQuestion(trx, {
      id,
      account_id: category.account_id,
      category_id: categoryId,
      title: input.title,
      type: input.type,
      description: input.description,
      position,
      translations: translationsColumn(input.translations),
    });
    await repo.replaceAnswers(trx, id, input.answers);
    const response = await responseOf(trx, id);
    await writeAudit(trx, actor, {
      action: 'create',
      entityType: 'diagnostic_question',
      entityId: id,
      accountId: category.account_id,
      after: response,
    });
    return response;
  });
}

/** Merge-patch; `answers`, when sent, replaces the whole list in the order given. */
export async function updateQuestion(
  db: Db,
  actor: Actor,
  id: string,
  input: PatchQuestionRequest,
): Promise<QuestionResponse> {
  return db.transaction().execute(async (trx) => {
    const current = await repo.findQuestion(trx, writeScope(actor), id, { forUpdate: true });
    if (!current) throw notFound('question');
    const before = await responseOf(trx, id);
    if (input.answers) await checkAnswerIds(trx, id, input.answers);
    await checkCatalogTranslations(trx, current.account_id, translationEntries(input));
    await repo.updateQuestion(trx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.translations !== undefined ? { translations: translationsColumn(input.translations) } : {}),
    });
    if (input.answers) await repo.replaceAnswers(trx, id, input.answers);
    const after = await responseOf(trx, id);
    await writeAudit(trx, actor, {
      action: 'update',
      entityType: 'diagnostic_question',
      entityId: id,
      accountId: current.account_id,
      before,
      after,
    });
    return after;
  });
}

export async function deleteQuestion(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await repo.findQuestion(trx, writeScope(actor), id);
    if (!found) throw notFound('question');
    await repo.lockQuestionsOf(trx, found.category_id);
    const before = await responseOf(trx, id);
    await repo.deleteQuestion(trx, id);
    await repo.renumber(trx, found.category_id);
    await writeAudit(trx, actor, {
      action: 'remove',
      entityType: 'diagnostic_question',
      entityId: id,
      accountId: found.account_id,
      before,
    });
  });
}

/** Puts a category's questions in a new order; `ids` must name every one of them, once. */
export async function reorderQuestions(
  db: Db,
  actor: Actor,
  categoryId: string,
  input: ReorderQuestionsRequest,
): Promise<QuestionResponse[]> {
  return db.transaction().execute(async (trx) => {
    const category = await categories.findCategory(trx, writeScope(actor), categoryId);
    if (!category) throw notFound('category');
    await repo.lockQuestionsOf(trx, categoryId);
    const before = await responsesOf(trx, await repo.listQuestions(trx, [categoryId]));
    const own = new Set(before.map((q) => q.id));
    if (input.ids.length !== own.size || input.ids.some((qid) => !own.has(qid))) {
      throw new AppError('validation_failed', 'Send every question of the category, once each.', [
        {
          propertyPath: 'ids',
          message: 'Send every question of the category, once each.',
          code: 'invalid_order',
        },
      ]);
    }
    await repo.setOrder(trx, categoryId, input.ids);
    const after = await responsesOf(trx, await repo.listQuestions(trx, [categoryId]));
    await writeAudit(trx, actor, {
      action: 'update',
      entityType: 'category_questions_order',
      entityId: categoryId,
      accountId: category.account_id,
      before: before.map((q) => q.id),
      after: after.map((q) => q.id),
    });
    return after;
  });
}

/** A product's questionnaire: the questions of its main category's ancestors and its own, root first. */
export async function getQuestionnaire(
  db: Db,
  actor: Actor,
  productId: string,
): Promise<QuestionnaireResponse> {
  const product = await products.findProduct(db, readScope(actor), productId);
  if (!product) throw notFound('product');
  const chain = idsOfPath(product.main_path);
  const [facts, rows] = await Promise.all([
    products.findCategoryFacts(db, chain),
    repo.listQuestions(db, chain),
  ]);
  const labelOf = new Map(facts.map((c) => [c.id, c]));
  const ordered = [...rows].sort(
    (a, b) => chain.indexOf(a.category_id) - chain.indexOf(b.category_id) || a.position - b.position,
  );
  const questions = await responsesOf(db, ordered);
  return {
    productId,
    categories: chain.flatMap((id) => {
      const c = labelOf.get(id);
      return c ? [{ id: c.id, identifier: c.identifier, label: c.label }] : [];
    }),
    questions: questions.map((q) => ({ ...q, categoryLabel: labelOf.get(q.categoryId)?.label ?? '' })),
  };
}
