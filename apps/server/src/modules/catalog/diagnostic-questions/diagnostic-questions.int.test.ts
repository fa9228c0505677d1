import type { DiagnosticQuestionResponse, QuestionnaireResponse } from '@reprise/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../platform/migrate';
import { C, expectViolation, newCategory, useCatalogKit } from '../catalog.test-kit';

const k = useCatalogKit();

const question = (over: Record<string, unknown> = {}) => ({
  title: 'Le produit s’allume-t-il ?',
  type: 'unique',
  description: 'Appuyez 5 secondes sur le bouton.',
  answers: [
    { title: 'Oui', maxGrade: null, priceImpact: null },
    { title: 'Non', maxGrade: 'grade_e', priceImpact: { kind: 'percentage', value: -80 } },
  ],
  ...over,
});

async function newEmptyCategory(parentCategoryId: string | null = null): Promise<string> {
  const res = await k.post('rmu', '/api/categories', newCategory({ parentCategoryId }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function created(
  categoryId: string,
  over: Record<string, unknown> = {},
): Promise<DiagnosticQuestionResponse> {
  const res = await k.post('rmu', `/api/categories/${categoryId}/questions`, question(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const titlesOf = async (categoryId: string) =>
  (
    (await k.get('analyst', `/api/categories/${categoryId}/questions`)).json() as DiagnosticQuestionResponse[]
  ).map((q) => q.title);

describe('diagnostic questions', () => {
  it('lists a category’s questions in their order, with their answers in order', async () => {
    const questions: DiagnosticQuestionResponse[] = (
      await k.get('analyst', `/api/categories/${C.smartphones}/questions`)
    ).json();
    expect(questions.map((q) => q.title)).toEqual([
      "État de l'écran",
      'État de la coque',
      'Santé de la batterie',
      'Fonctions',
      'Accessoires fournis',
    ]);
    expect(questions.map((q) => q.position)).toEqual([0, 1, 2, 3, 4]);
    const screen = questions[0] as DiagnosticQuestionResponse;
    expect(screen.answers.map((a) => a.position)).toEqual([0, 1, 2, 3, 4]);
    expect(screen.answers[4]).toMatchObject({
      maxGrade: 'grade_e',
      priceImpact: { kind: 'percentage', value: -60 },
    });
  });

  it('creates a question at the end, or at a given place, with an audit row', async () => {
    const category = await newEmptyCategory();
    const first = await created(category, { title: 'Premier' });
    await created(category, { title: 'Dernier' });
    const middle = await created(category, { title: 'Milieu', position: 1 });
    expect(await titlesOf(category)).toEqual(['Premier', 'Milieu', 'Dernier']);
    expect(middle.position).toBe(1);
    expect(first.answers.map((a) => a.title)).toEqual(['Oui', 'Non']);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('entity_type')
      .where('entity_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(audit.entity_type).toBe('diagnostic_question');
  });

  it('needs at least two answers', async () => {
    const res = await k.post(
      'rmu',
      `/api/categories/${C.audio}/questions`,
      question({ answers: [{ title: 'Seule' }] }),
    );
    expectViolation(res, 'at_least_two_answers', 'answers');
  });

  it.each([
    ['title', 'a', 'too_short', 'title'],
    ['title', 'a'.repeat(256), 'too_long', 'title'],
    ['description', 'a'.repeat(3001), 'too_long', 'description'],
    ['type', 'several', 'invalid_value', 'type'],
  ])('refuses a question %s out of bounds (%#)', async (field, value, code, path) => {
    expectViolation(
      await k.post('rmu', `/api/categories/${C.audio}/questions`, question({ [field]: value })),
      code,
      path,
    );
  });

  it('accepts a description of 3000 characters', async () => {
    const category = await newEmptyCategory();
    expect((await created(category, { description: 'd'.repeat(3000) })).description).toHaveLength(3000);
  });

  it.each([
    [{ title: 'a' }, 'too_short', 'answers.1.title'],
    [{ title: 'a'.repeat(256) }, 'too_long', 'answers.1.title'],
    [{ title: 'Ok', description: 'a'.repeat(3001) }, 'too_long', 'answers.1.description'],
    [{ title: 'Ok', maxGrade: 'grade_z' }, 'invalid_value', 'answers.1.maxGrade'],
    [
      { title: 'Ok', priceImpact: { kind: 'percentage', value: -101 } },
      'percentage_range',
      'answers.1.priceImpact.value',
    ],
    [
      { title: 'Ok', priceImpact: { kind: 'percentage', value: 100.5 } },
      'not_integer',
      'answers.1.priceImpact.value',
    ],
    [
      { title: 'Ok', priceImpact: { kind: 'fixed', value: 5_000_001 } },
      'price_range',
      'answers.1.priceImpact.value',
    ],
  ])('refuses an answer out of bounds (%#)', async (answer, code, path) => {
    const res = await k.post(
      'rmu',
      `/api/categories/${C.audio}/questions`,
      question({ answers: [{ title: 'Oui' }, answer] }),
    );
    expectViolation(res, code, path);
  });

  it('replaces the answers as a whole list, keeping the ids sent, in the order given', async () => {
    const category = await newEmptyCategory();
    const q = await created(category);
    const [yes, no] = q.answers as [
      DiagnosticQuestionResponse['answers'][0],
      DiagnosticQuestionResponse['answers'][0],
    ];
    const res = await k.patch('rmu', `/api/questions/${q.id}`, {
      answers: [
        {
          id: no.id,
          title: 'Non, jamais',
          maxGrade: 'grade_d',
          priceImpact: { kind: 'fixed', value: -2500 },
        },
        { title: 'Parfois' },
        { id: yes.id, title: 'Oui' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answers = res.json().answers;
    expect(answers.map((a: { title: string }) => a.title)).toEqual(['Non, jamais', 'Parfois', 'Oui']);
    expect(answers[0]).toMatchObject({
      id: no.id,
      position: 0,
      maxGrade: 'grade_d',
      priceImpact: { kind: 'fixed', value: -2500 },
    });
    expect(answers[2].id).toBe(yes.id);
    const dropped = await k.patch('rmu', `/api/questions/${q.id}`, {
      answers: [{ title: 'A' + 'b' }, { title: 'Cd' }],
    });
    expect(dropped.json().answers.map((a: { id: string }) => a.id)).not.toContain(yes.id);
  });

  it('refuses an answer id of another question', async () => {
    const category = await newEmptyCategory();
    const q1 = await created(category);
    const q2 = await created(category);
    const res = await k.patch('rmu', `/api/questions/${q2.id}`, {
      answers: [{ id: q1.answers[0]?.id, title: 'Vol' }, { title: 'Autre' }],
    });
    expectViolation(res, 'unknown_answer', 'answers.0.id');
  });

  it('replaces a whole question with PUT', async () => {
    const category = await newEmptyCategory();
    const q = await created(category);
    const res = await k.put('rmu', `/api/questions/${q.id}`, {
      title: 'Nouveau titre',
      type: 'multiple',
      answers: [{ title: 'Un' }, { title: 'Deux' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Nouveau titre', type: 'multiple', description: null });
    expectViolation(
      await k.put('rmu', `/api/questions/${q.id}`, { title: 'Sans réponses', type: 'unique' }),
      'required',
      'answers',
    );
  });

  it('reorders a category’s questions, which must all be named once', async () => {
    const category = await newEmptyCategory();
    const a = await created(category, { title: 'A1' });
    const b = await created(category, { title: 'B2' });
    const c = await created(category, { title: 'C3' });
    const res = await k.post('rmu', `/api/categories/${category}/questions/order`, {
      ids: [c.id, a.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((q: DiagnosticQuestionResponse) => [q.title, q.position])).toEqual([
      ['C3', 0],
      ['A1', 1],
      ['B2', 2],
    ]);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_type', '=', 'category_diagnostic_questions_order')
      .where('entity_id', '=', category)
      .executeTakeFirstOrThrow();
    expect(audit.after).toEqual([c.id, a.id, b.id]);
    expectViolation(
      await k.post('rmu', `/api/categories/${category}/questions/order`, { ids: [c.id, a.id] }),
      'invalid_order',
      'ids',
    );
    const foreign = (await k.get('analyst', `/api/categories/${C.audio}/questions`)).json()[0].id;
    expectViolation(
      await k.post('rmu', `/api/categories/${category}/questions/order`, { ids: [c.id, a.id, foreign] }),
      'invalid_order',
      'ids',
    );
    expectViolation(
      await k.post('rmu', `/api/categories/${category}/questions/order`, { ids: [c.id, c.id, a.id] }),
      'duplicate_id',
      'ids',
    );
  });

  it('deletes a question and closes the gap in the order', async () => {
    const category = await newEmptyCategory();
    const a = await created(category, { title: 'A1' });
    const b = await created(category, { title: 'B2' });
    await created(category, { title: 'C3' });
    expect((await k.remove('rmu', `/api/questions/${b.id}`)).statusCode).toBe(204);
    const remaining: DiagnosticQuestionResponse[] = (
      await k.get('rmu', `/api/categories/${category}/questions`)
    ).json();
    expect(remaining.map((q) => [q.title, q.position])).toEqual([
      ['A1', 0],
      ['C3', 1],
    ]);
    expect((await k.get('rmu', `/api/questions/${b.id}`)).statusCode).toBe(404);
    expect((await k.get('rmu', `/api/questions/${a.id}`)).statusCode).toBe(200);
  });
});

describe('migration 017', () => {
  it('renames the audit rows of a question order written before the glossary', async () => {
    const category = await newEmptyCategory();
    await k.t.db
      .insertInto('audit_log')
      .values({ action: 'update', entity_type: 'category_questions_order', entity_id: category })
      .execute();
    await sql`DELETE FROM schema_migrations WHERE version = '017_audit_entity_names'`.execute(k.t.db);

    expect(await migrate(k.t.db)).toEqual(['017_audit_entity_names']);

    const rows = await k.t.db
      .selectFrom('audit_log')
      .select('entity_type')
      .where('entity_id', '=', category)
      .where('entity_type', 'like', 'category_%questions_order')
      .execute();
    expect(rows).toEqual([{ entity_type: 'category_diagnostic_questions_order' }]);
  });
});

describe('questionnaire', () => {
  it('gives a product the questions of its main category’s ancestors and its own, root first', async () => {
    const product = (
      await k.get('analyst', `/api/products?category[]=${C['smartphones-apple']}&itemsPerPage=5`)
    ).json().member[0];
    const res = await k.get('analyst', `/api/products/${product.id}/questionnaire`);
    expect(res.statusCode, res.body).toBe(200);
    const body: QuestionnaireResponse = res.json();
    expect(body.categories.map((c) => c.identifier)).toEqual(['smartphones', 'smartphones-apple']);
    expect(body.questions.map((q) => q.categoryLabel)).toEqual([
      'Smartphones',
      'Smartphones',
      'Smartphones',
      'Smartphones',
      'Smartphones',
      'Apple',
    ]);
    expect(body.questions[5]?.title).toBe('Localiser mon iPhone est-il désactivé ?');
  });

  it('follows a reorder and the questions of a deeper tree', async () => {
    const top = await newEmptyCategory();
    const leaf = await newEmptyCategory(top);
    await created(leaf, { title: 'Feuille' });
    const t1 = await created(top, { title: 'Racine 1' });
    const t2 = await created(top, { title: 'Racine 2' });
    await k.post('rmu', `/api/categories/${top}/questions/order`, { ids: [t2.id, t1.id] });
    const product = await k.post('rmu', '/api/products', {
      name: 'Produit test',
      mainCategoryId: leaf,
      buybackPrices: { functional: 1, grade_a: 1, grade_b: 1, grade_c: 1, grade_d: 1, grade_e: 0 },
    });
    const body: QuestionnaireResponse = (
      await k.get('rmu', `/api/products/${product.json().id}/questionnaire`)
    ).json();
    expect(body.questions.map((q) => q.title)).toEqual(['Racine 2', 'Racine 1', 'Feuille']);
  });
});

describe('question isolation', () => {
  it('Other Retail gets 404 on Demo Retail’s questions, and writes nothing there', async () => {
    const q = (
      await k.get('analyst', `/api/categories/${C.audio}/questions`)
    ).json()[0] as DiagnosticQuestionResponse;
    expect((await k.get('otherRmu', `/api/questions/${q.id}`)).statusCode).toBe(404);
    expect((await k.get('otherRmu', `/api/categories/${C.audio}/questions`)).statusCode).toBe(404);
    expect((await k.patch('otherRmu', `/api/questions/${q.id}`, { title: 'Pris' })).statusCode).toBe(404);
    expect((await k.remove('otherRmu', `/api/questions/${q.id}`)).statusCode).toBe(404);
    expect((await k.post('otherRmu', `/api/categories/${C.audio}/questions`, question())).statusCode).toBe(
      404,
    );
    expect(
      (await k.post('otherRmu', `/api/categories/${C.audio}/questions/order`, { ids: [q.id] })).statusCode,
    ).toBe(404);
  });

  it('a buyer reads the questions of a linked category, and changes none', async () => {
    const questions = (
      await k.get('buyer', `/api/categories/${C.audio}/questions`)
    ).json() as DiagnosticQuestionResponse[];
    expect(questions.length).toBeGreaterThan(0);
    expect((await k.get('buyer', `/api/questions/${questions[0]?.id}`)).statusCode).toBe(200);
    expect((await k.patch('buyer', `/api/questions/${questions[0]?.id}`, { title: 'Pris' })).statusCode).toBe(
      403,
    );
  });
});
