import { randomUUID } from 'node:crypto';
import type {
  CreateDiagnosticQuestionRequest,
  DiagnosticAnswerRequest,
  DiagnosticQuestionResponse,
  PatchDiagnosticQuestionRequest,
  QuestionnaireResponse,
  ReorderDiagnosticQuestionsRequest,
} from '@reprise/shared';
import { audit } from '../../../platform/audit';
import { AppError, notFound } from '../../../platform/errors';
import {
  type BaseContext,
  type RequestContext,
  type TxContext,
  transact,
} from '../../../platform/request-context';
import { translationsColumn } from '../../../platform/translations';
import { readScope, writeScope } from '../catalog-scope';
import { checkCatalogTranslations } from '../catalog-translations';
import * as categories from '../categories';
import { idsOfPath } from '../categories/category-tree';
import * as products from '../products';
import { toDiagnosticQuestionResponse } from './diagnostic-questions.mapper';
import * as repo from './diagnostic-questions.repository';

/** The diagnostic questions of the categories (the API's paths name them `questions`) and a product's questionnaire. */

async function responsesOf(
  ctx: BaseContext,
  rows: repo.DiagnosticQuestionRow[],
): Promise<DiagnosticQuestionResponse[]> {
  const answers = await repo.diagnosticAnswersOf(
    ctx,
    rows.map((q) => q.id),
  );
  return rows.map((row) => toDiagnosticQuestionResponse(row, answers));
}

async function responseOf(tx: TxContext, id: string): Promise<DiagnosticQuestionResponse> {
  const row = await repo.findDiagnosticQuestion(tx, { kind: 'all' }, id);
  return (await responsesOf(tx, [row as repo.DiagnosticQuestionRow]))[0] as DiagnosticQuestionResponse;
}

/** The diagnostic questions of one category (not the inherited ones), in their order. */
export async function listCategoryDiagnosticQuestions(
  ctx: RequestContext,
  categoryId: string,
): Promise<DiagnosticQuestionResponse[]> {
  if (!(await categories.findCategory(ctx, readScope(ctx), categoryId))) throw notFound('category');
  return responsesOf(ctx, await repo.listDiagnosticQuestions(ctx, [categoryId]));
}

export async function getDiagnosticQuestion(
  ctx: RequestContext,
  id: string,
): Promise<DiagnosticQuestionResponse> {
  const row = await repo.findDiagnosticQuestion(ctx, readScope(ctx), id);
  if (!row) throw notFound('question');
  return (await responsesOf(ctx, [row]))[0] as DiagnosticQuestionResponse;
}

/** The question's and its answers' translations, each refused in the account's own language. */
const translationEntries = (input: {
  translations?: DiagnosticAnswerRequest['translations'];
  answers?: DiagnosticAnswerRequest[];
}) => [
  { path: 'translations', translations: input.translations },
  ...(input.answers ?? []).map((a, index) => ({
    path: `answers.${index}.translations`,
    translations: a.translations,
  })),
];

/** Answers sent with an id must be answers of this question (a new question has none yet). */
async function checkDiagnosticAnswerIds(
  tx: TxContext,
  questionId: string | null,
  answers: DiagnosticAnswerRequest[],
): Promise<void> {
  const known = new Set(questionId ? await repo.diagnosticAnswerIdsOf(tx, questionId) : []);
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

export async function createDiagnosticQuestion(
  ctx: RequestContext,
  categoryId: string,
  input: CreateDiagnosticQuestionRequest,
): Promise<DiagnosticQuestionResponse> {
  return transact(ctx, async (tx) => {
    // kept from being deleted until the question is written
    const category = await categories.findCategory(tx, writeScope(ctx), categoryId, { lock: 'keyShare' });
    if (!category) throw notFound('category');
    await repo.lockDiagnosticQuestionsOf(tx.trx, categoryId);
    await checkDiagnosticAnswerIds(tx, null, input.answers);
    await checkCatalogTranslations(tx, category.account_id, translationEntries(input));
    const count = (await repo.diagnosticQuestionIdsOf(tx, categoryId)).length;
    const position = Math.min(input.position ?? count, count);
    await repo.shiftDiagnosticQuestionsFrom(tx, categoryId, position);
    const id = randomUUID();
    await repo.insertDiagnosticQuestion(tx, {
      id,
      account_id: category.account_id,
      category_id: categoryId,
      title: input.title,
      type: input.type,
      description: input.description,
      position,
      translations: translationsColumn(input.translations),
    });
    await repo.replaceDiagnosticAnswers(tx, id, input.answers);
    const response = await responseOf(tx, id);
    await audit(tx, {
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
export async function updateDiagnosticQuestion(
  ctx: RequestContext,
  id: string,
  input: PatchDiagnosticQuestionRequest,
): Promise<DiagnosticQuestionResponse> {
  return transact(ctx, async (tx) => {
    const current = await repo.findDiagnosticQuestion(tx, writeScope(ctx), id, { forUpdate: true });
    if (!current) throw notFound('question');
    const before = await responseOf(tx, id);
    if (input.answers) await checkDiagnosticAnswerIds(tx, id, input.answers);
    await checkCatalogTranslations(tx, current.account_id, translationEntries(input));
    await repo.updateDiagnosticQuestion(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.translations !== undefined ? { translations: translationsColumn(input.translations) } : {}),
    });
    if (input.answers) await repo.replaceDiagnosticAnswers(tx, id, input.answers);
    const after = await responseOf(tx, id);
    await audit(tx, {
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

export async function deleteDiagnosticQuestion(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    const found = await repo.findDiagnosticQuestion(tx, writeScope(ctx), id);
    if (!found) throw notFound('question');
    await repo.lockDiagnosticQuestionsOf(tx.trx, found.category_id);
    const before = await responseOf(tx, id);
    await repo.deleteDiagnosticQuestion(tx, id);
    await repo.renumberDiagnosticQuestions(tx, found.category_id);
    await audit(tx, {
      action: 'remove',
      entityType: 'diagnostic_question',
      entityId: id,
      accountId: found.account_id,
      before,
    });
  });
}

/** Puts a category's diagnostic questions in a new order; `ids` must name every one of them, once. */
export async function reorderDiagnosticQuestions(
  ctx: RequestContext,
  categoryId: string,
  input: ReorderDiagnosticQuestionsRequest,
): Promise<DiagnosticQuestionResponse[]> {
  return transact(ctx, async (tx) => {
    const category = await categories.findCategory(tx, writeScope(ctx), categoryId);
    if (!category) throw notFound('category');
    await repo.lockDiagnosticQuestionsOf(tx.trx, categoryId);
    const before = await responsesOf(tx, await repo.listDiagnosticQuestions(tx, [categoryId]));
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
    await repo.setDiagnosticQuestionOrder(tx, categoryId, input.ids);
    const after = await responsesOf(tx, await repo.listDiagnosticQuestions(tx, [categoryId]));
    await audit(tx, {
      action: 'update',
      entityType: 'category_diagnostic_questions_order',
      entityId: categoryId,
      accountId: category.account_id,
      before: before.map((q) => q.id),
      after: after.map((q) => q.id),
    });
    return after;
  });
}

/** A product's questionnaire: the diagnostic questions of its main category's ancestors and its own, root first. */
export async function getQuestionnaire(
  ctx: RequestContext,
  productId: string,
): Promise<QuestionnaireResponse> {
  const product = await products.findProduct(ctx, readScope(ctx), productId);
  if (!product) throw notFound('product');
  const chain = idsOfPath(product.main_path);
  const [facts, rows] = await Promise.all([
    products.findCategoryFacts(ctx, chain),
    repo.listDiagnosticQuestions(ctx, chain),
  ]);
  const labelOf = new Map(facts.map((c) => [c.id, c]));
  const ordered = [...rows].sort(
    (a, b) => chain.indexOf(a.category_id) - chain.indexOf(b.category_id) || a.position - b.position,
  );
  const questions = await responsesOf(ctx, ordered);
  return {
    productId,
    categories: chain.flatMap((id) => {
      const c = labelOf.get(id);
      return c ? [{ id: c.id, identifier: c.identifier, label: c.label }] : [];
    }),
    questions: questions.map((q) => ({ ...q, categoryLabel: labelOf.get(q.categoryId)?.label ?? '' })),
  };
}
