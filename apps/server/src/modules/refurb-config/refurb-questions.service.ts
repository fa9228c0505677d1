import {
  type CreateRefurbQuestionRequest,
  type RefurbConfigAccountQuery,
  type RefurbQuestionRequest,
  type RefurbQuestionResponse,
  type RefurbQuestionsOrderRequest,
  refurbQuestionIssues,
  type Violation,
} from '@reprise/shared';
import { audit } from '../../platform/audit';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/pagination';
import { isWholeReorder, movedPositionEntries } from '../../platform/reorder';
import {
  type BaseContext,
  type RequestContext,
  type TxContext,
  transact,
} from '../../platform/request-context';
import { reject, violation } from '../buyback-config';
import { toRefurbQuestionResponse } from './refurb-config.mapper';
import { configAccount, readableAccount, scopeOf } from './refurb-config-account';
import * as repo from './refurb-questions.repository';

/**
 * Refurbishment diagnosis questions of a buyer account (docs/refurbishment.md): a label, unique or
 * multiple, at least two answers told apart by their
 * label, each answer planning services of the account; ordered. The diagnosis reads them
 * (modules/refurb-diagnosis); the list counts the items diagnosed with each.
 */

const MESSAGES: Record<string, string> = {
  duplicate_answer_label: 'Two answers of this question have the same label.',
  duplicate_answer_id: 'The same answer appears twice.',
  invalid_value: 'This answer is not one of the question.',
  refurb_step_not_in_account: 'Choose services of the account.',
};

const ENTITY = 'refurb_question' as const;

async function responsesOf(ctx: BaseContext, rows: repo.QuestionRow[]): Promise<RefurbQuestionResponse[]> {
  const answers = await repo.findAnswers(
    ctx,
    rows.map((r) => r.id),
  );
  const steps = await repo.findAnswerSteps(
    ctx,
    answers.map((a) => a.id),
  );
  return rows.map((row) => toRefurbQuestionResponse(row, answers, steps));
}

async function responseOf(ctx: BaseContext, id: string): Promise<RefurbQuestionResponse> {
  const row = await repo.findQuestion(ctx, null, id);
  if (!row) throw notFound('diagnosis question');
  return (await responsesOf(ctx, [row]))[0] as RefurbQuestionResponse;
}

async function reachableQuestion(ctx: RequestContext, id: string): Promise<repo.QuestionRow> {
  const row = await repo.findQuestion(ctx, readableAccount(ctx), id);
  if (!row) throw notFound('diagnosis question');
  return row;
}

/** The account's questions in their order, each with its answers and the number of items diagnosed with it. */
export async function listQuestions(
  ctx: RequestContext,
  query: RefurbConfigAccountQuery,
): Promise<Page<RefurbQuestionResponse>> {
  const accountId = await configAccount(ctx, query.account);
  const rows = await repo.findQuestions(ctx, accountId);
  return { member: await responsesOf(ctx, rows), totalItems: rows.length };
}

export async function getQuestion(ctx: RequestContext, id: string): Promise<RefurbQuestionResponse> {
  return (await responsesOf(ctx, [await reachableQuestion(ctx, id)]))[0] as RefurbQuestionResponse;
}

/**
 * The answers as they will be stored, or a 422 with every broken rule: refurbQuestionIssues (labels
 * told apart, an answer once), an answer id among the question's own (`existing`), the services
 * among the account's (read FOR SHARE: none is deleted meanwhile).
 */
async function checkedAnswers(
  tx: TxContext,
  accountId: string,
  input: RefurbQuestionRequest,
  existing: ReadonlySet<string>,
): Promise<repo.AnswerValues[]> {
  const answers = input.answers.map((a) => ({
    id: a.id,
    label: a.label,
    refurbStepIds: [...new Set(a.refurbStepIds)],
  }));
  const violations: Violation[] = refurbQuestionIssues(input).map((i) =>
    violation(i.path.join('.'), i.code, MESSAGES[i.code] ?? i.code),
  );
  answers.forEach((answer, index) => {
    if (answer.id && !existing.has(answer.id))
      violations.push(violation(`answers.${index}.id`, 'invalid_value', MESSAGES.invalid_value as string));
  });
  const wanted = [...new Set(answers.flatMap((a) => a.refurbStepIds))];
  const own = new Set(await repo.shareRefurbSteps(tx, accountId, wanted));
  answers.forEach((answer, index) => {
    if (answer.refurbStepIds.some((id) => !own.has(id)))
      violations.push(
        violation(
          `answers.${index}.refurbStepIds`,
          'refurb_step_not_in_account',
          MESSAGES.refurb_step_not_in_account as string,
        ),
      );
  });
  if (violations.length) reject(violations);
  return answers;
}

export async function createQuestion(
  ctx: RequestContext,
  input: CreateRefurbQuestionRequest,
): Promise<RefurbQuestionResponse> {
  return transact(ctx, async (tx) => {
    const accountId = await configAccount(tx, input.account);
    // a new question's answers are all new: ids sent are not looked up
    const fresh = { ...input, answers: input.answers.map(({ id: _id, ...answer }) => answer) };
    const answers = await checkedAnswers(tx, accountId, fresh, new Set());
    await repo.lockQuestionOrder(tx, accountId);
    const id = await repo.insertQuestion(tx, { account_id: accountId, label: input.label, type: input.type });
    await repo.replaceAnswers(tx, scopeOf(accountId), id, answers);
    const response = await responseOf(tx, id);
    await audit(tx, { action: 'create', entityType: ENTITY, entityId: id, accountId, after: response });
    return response;
  });
}

/** Replaces the label, the type and the answers (kept by id, added, removed). */
export async function updateQuestion(
  ctx: RequestContext,
  id: string,
  input: RefurbQuestionRequest,
): Promise<RefurbQuestionResponse> {
  return transact(ctx, async (tx) => {
    if (!(await repo.lockQuestion(tx, readableAccount(tx), id))) throw notFound('diagnosis question');
    const current = await reachableQuestion(tx, id);
    const before = (await responsesOf(tx, [current]))[0] as RefurbQuestionResponse;
    const existing = new Set(before.answers.map((a) => a.id));
    const answers = await checkedAnswers(tx, current.account_id, input, existing);
    const scope = scopeOf(current.account_id);
    await repo.updateQuestion(tx, scope, id, { label: input.label, type: input.type });
    await repo.replaceAnswers(tx, scope, id, answers);
    const response = await responseOf(tx, id);
    await audit(tx, {
      action: 'update',
      entityType: ENTITY,
      entityId: id,
      accountId: current.account_id,
      before,
      after: response,
    });
    return response;
  });
}

/** Removes a question and its answers; the diagnoses that answered it keep the labels they gave. */
export async function deleteQuestion(ctx: RequestContext, id: string): Promise<void> {
  await transact(ctx, async (tx) => {
    if (!(await repo.lockQuestion(tx, readableAccount(tx), id))) throw notFound('diagnosis question');
    const current = await reachableQuestion(tx, id);
    const before = (await responsesOf(tx, [current]))[0];
    await repo.deleteQuestion(tx, scopeOf(current.account_id), id);
    await audit(tx, {
      action: 'remove',
      entityType: ENTITY,
      entityId: id,
      accountId: current.account_id,
      before,
    });
  });
}

/**
 * The account's questions in the order given. `ids` must name every question of the account once:
 * a list that changed meanwhile (a question created or removed elsewhere) is refused with `conflict`.
 */
export async function orderQuestions(
  ctx: RequestContext,
  input: RefurbQuestionsOrderRequest,
): Promise<Page<RefurbQuestionResponse>> {
  return transact(ctx, async (tx) => {
    const accountId = await configAccount(tx, input.account);
    await repo.lockQuestionOrder(tx, accountId);
    const rows = await repo.findQuestions(tx, accountId);
    if (!isWholeReorder(input.ids, rows))
      throw new AppError(
        'conflict',
        'The diagnosis questions of the account changed meanwhile: reload them and order again.',
      );
    await repo.setPositions(tx, scopeOf(accountId), accountId, input.ids);
    await audit(tx, ...movedPositionEntries(rows, input.ids, ENTITY, accountId));
    const ordered = await repo.findQuestions(tx, accountId);
    return { member: await responsesOf(tx, ordered), totalItems: ordered.length };
  });
}
