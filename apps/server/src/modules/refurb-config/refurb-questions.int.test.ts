import type { RefurbQuestionResponse, RefurbStepResponse } from '@reprise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, expectViolation, startApiKit } from '../../../test/api-kit';
import { expectProblem } from '../../../test/buyback-kit';
import { addBuyer, addUser, type TestBuyer } from '../../../test/buyer-kit';
import { DEMO } from '../../../test/test-app';

const O = DEMO.orgs;
const R = DEMO.refurbSteps;
const Q = DEMO.refurbQuestions;
const BASE = '/api/refurb-questions';

let k: ApiKit;
let other: TestBuyer;
let otherManager: string;
let operator: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as a user who is not one of the api kit's (its `authorization`). */
const as = (authorization: string, method: Method, url: string, payload?: unknown) =>
  k.t.app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  k = await startApiKit();
  other = await addBuyer(k.t, 'Question Isolation Buyer');
  otherManager = await addUser(k.t, {
    email: 'warehouse_manager@question-isolation.test',
    accountId: other.accountId,
    module: 'rps',
    userType: 'warehouse_manager',
    organizationId: other.warehouseId,
  });
  operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
});
afterAll(() => k.close());

/** A valid question of Demo Buyer (override any field). */
const keyboard = (over: Record<string, unknown> = {}) => ({
  label: 'État des boutons',
  type: 'unique',
  answers: [
    { label: 'Tous fonctionnent', refurbStepIds: [] },
    { label: 'Un bouton bloqué', refurbStepIds: [R.cleaning, R.backCover] },
  ],
  ...over,
});

let sequence = 0;
async function create(over: Record<string, unknown> = {}): Promise<RefurbQuestionResponse> {
  sequence += 1;
  const res = await k.post('warehouse', BASE, keyboard({ label: `Question ${sequence}`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(who: 'warehouse' = 'warehouse'): Promise<RefurbQuestionResponse[]> {
  const res = await k.get(who, BASE);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().member;
}

const countQuestions = async () =>
  Number(
    (
      await k.t.db
        .selectFrom('refurb_questions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A diagnosis of a demo item at Saint-Priest that answered these (question, answer) pairs. */
async function diagnose(
  identificationNumber: string,
  given: { question: RefurbQuestionResponse; answer: number }[],
) {
  const item = await k.t.db
    .selectFrom('buyback_items')
    .select('id')
    .where('identification_number', '=', identificationNumber)
    .executeTakeFirstOrThrow();
  const diagnosis = await k.t.db
    .insertInto('refurb_diagnoses')
    .values({ item_id: item.id, account_id: DEMO.accounts.demoBuyer, warehouse_id: O.warehouseSaintPriest })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k.t.db
    .insertInto('refurb_diagnosis_answers')
    .values(
      given.map(({ question, answer }, position) => ({
        diagnosis_id: diagnosis.id,
        question_id: question.id,
        answer_id: question.answers[answer]?.id as string,
        question_label: question.label,
        answer_label: question.answers[answer]?.label as string,
        position,
      })),
    )
    .execute();
  return diagnosis.id;
}

describe('diagnosis questions: reading', () => {
  it('a warehouse manager lists the questions of its account in order, answers with the services they plan', async () => {
    const questions = await list();
    expect(questions.slice(0, 3).map((q) => [q.id, q.label, q.type, q.position])).toEqual([
      [Q.screen, "État de l'écran", 'unique', 0],
      [Q.battery, 'Santé de la batterie', 'unique', 1],
      [Q.works, 'Travaux à prévoir', 'multiple', 2],
    ]);
    const screen = questions[0] as RefurbQuestionResponse;
    expect(screen.answers.map((a) => [a.label, a.refurbSteps.map((s) => s.id)])).toEqual([
      ['Intact', []],
      ['Rayé', [R.screen]],
      ['Fissuré ou cassé', [R.screen]],
    ]);
    expect(screen.answers[1]?.refurbSteps[0]?.name).toBe("Remplacement de l'écran");
    // the items the demo diagnosed with it (seed/demo-warehouse.ts, `refurbish`)
    const diagnosed = await k.t.db
      .selectFrom('refurb_diagnosis_answers')
      .select((eb) => eb.fn.count<string>('diagnosis_id').distinct().as('n'))
      .where('question_id', '=', Q.screen)
      .executeTakeFirstOrThrow();
    expect(Number(diagnosed.n)).toBeGreaterThan(0);
    expect(screen.productCount).toBe(Number(diagnosed.n));
    const one = await k.get('warehouse', `${BASE}/${Q.works}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(questions[2]);
  });

  it('counts the items diagnosed with each question, a diagnosis once however many of its answers', async () => {
    const question = await create({ type: 'multiple' });
    expect(question.productCount).toBe(0);
    await diagnose(DEMO.warehouseItems.completedWithAbsorption, [
      { question, answer: 0 },
      { question, answer: 1 },
    ]);
    await diagnose(DEMO.warehouseItems.completedWithNegotiation, [{ question, answer: 1 }]);
    expect((await k.get('warehouse', `${BASE}/${question.id}`)).json().productCount).toBe(2);
    expect((await list()).find((q) => q.id === question.id)?.productCount).toBe(2);
  });

  it('an unknown question answers 404, a malformed id 422', async () => {
    expectProblem(await k.get('warehouse', `${BASE}/00000000-0000-4000-8000-00000000dead`), 404, 'not_found');
    expectViolation(await k.get('warehouse', `${BASE}/nope`), 'invalid_uuid', 'id');
  });
});

describe('diagnosis questions: creating', () => {
  it('a warehouse manager creates a question, last of the list, its answers in order; audited', async () => {
    const before = await list();
    const res = await k.post('warehouse', BASE, keyboard({ label: '  Boutons  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const question = res.json() as RefurbQuestionResponse;
    expect(question).toMatchObject({
      label: 'Boutons',
      type: 'unique',
      position: Math.max(...before.map((q) => q.position)) + 1,
      productCount: 0,
    });
    expect(question.answers.map((a) => [a.label, a.refurbSteps.map((s) => s.id).sort()])).toEqual([
      ['Tous fonctionnent', []],
      ['Un bouton bloqué', [R.cleaning, R.backCover].sort()],
    ]);
    expect((await list()).at(-1)?.id).toBe(question.id);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_type', 'account_id'])
      .where('entity_id', '=', question.id)
      .execute();
    expect(audit).toEqual([
      { action: 'create', entity_type: 'refurb_question', account_id: DEMO.accounts.demoBuyer },
    ]);
  });

  it('a service named twice in an answer is linked once; ids sent with new answers are ignored', async () => {
    const question = await create({
      answers: [
        { id: '00000000-0000-4000-8000-00000000abcd', label: 'Oui', refurbStepIds: [R.battery, R.battery] },
        { label: 'Non' },
      ],
    });
    expect(question.answers[0]?.id).not.toBe('00000000-0000-4000-8000-00000000abcd');
    expect(question.answers[0]?.refurbSteps.map((s) => s.id)).toEqual([R.battery]);
    expect(question.answers[1]?.refurbSteps).toEqual([]);
  });

  it('a question needs at least two answers (422 at_least_two_answers); nothing is written', async () => {
    const before = await countQuestions();
    expectViolation(
      await k.post('warehouse', BASE, keyboard({ answers: [{ label: 'Seule réponse', refurbStepIds: [] }] })),
      'at_least_two_answers',
      'answers',
    );
    expectViolation(
      await k.post('warehouse', BASE, keyboard({ answers: [] })),
      'at_least_two_answers',
      'answers',
    );
    expect(await countQuestions()).toBe(before);
  });

  it('the label is required and 255 characters at most, an answer’s too; the type is unique or multiple', async () => {
    expectViolation(await k.post('warehouse', BASE, keyboard({ label: ' ' })), 'required', 'label');
    expectViolation(
      await k.post('warehouse', BASE, keyboard({ label: 'q'.repeat(256) })),
      'too_long',
      'label',
    );
    expectViolation(
      await k.post('warehouse', BASE, keyboard({ answers: [{ label: 'a'.repeat(256) }, { label: 'Non' }] })),
      'too_long',
      'answers.0.label',
    );
    expectViolation(
      await k.post('warehouse', BASE, keyboard({ answers: [{ label: 'Oui' }, { label: '' }] })),
      'required',
      'answers.1.label',
    );
    expectViolation(await k.post('warehouse', BASE, keyboard({ type: 'several' })), 'required', 'type');
    expect((await create({ label: 'q'.repeat(255) })).label).toHaveLength(255);
  });

  it('the answers of a question are told apart by their label, whatever its case', async () => {
    const before = await countQuestions();
    const res = await k.post(
      'warehouse',
      BASE,
      keyboard({ answers: [{ label: 'Rayé' }, { label: 'Intact' }, { label: ' rayé ' }] }),
    );
    expectViolation(res, 'duplicate_answer_label', 'answers.2.label');
    expect(await countQuestions()).toBe(before);
  });

  it('an answer plans services of the account only (another buyer’s, an unknown one: 422)', async () => {
    const own = await as(otherManager, 'POST', '/api/refurb-steps', {
      name: 'Autre prestation',
      stockId: (
        await k.t.db
          .selectFrom('stocks')
          .select('id')
          .where('warehouse_id', '=', other.warehouseId)
          .where('native_kind', '=', 'to_refurbish')
          .executeTakeFirstOrThrow()
      ).id,
    });
    expect(own.statusCode, own.body).toBe(201);
    const before = await countQuestions();
    const res = await k.post(
      'warehouse',
      BASE,
      keyboard({
        answers: [
          { label: 'Oui', refurbStepIds: [R.cleaning] },
          { label: 'Non', refurbStepIds: [own.json().id] },
          { label: 'Peut-être', refurbStepIds: ['00000000-0000-4000-8000-00000000beef'] },
        ],
      }),
    );
    expectViolation(res, 'refurb_step_not_in_account', 'answers.1.refurbStepIds');
    expectViolation(res, 'refurb_step_not_in_account', 'answers.2.refurbStepIds');
    expect(res.json().violations).toHaveLength(2);
    expect(await countQuestions()).toBe(before);
  });
});

describe('diagnosis questions: editing, deleting, ordering', () => {
  it('a PUT updates the answers with an id in place, inserts the new ones and deletes the missing ones', async () => {
    const question = await create({
      answers: [
        { label: 'A', refurbStepIds: [R.cleaning] },
        { label: 'B', refurbStepIds: [R.screen] },
        { label: 'C', refurbStepIds: [] },
      ],
    });
    const [a, b, c] = question.answers as [
      RefurbQuestionResponse['answers'][number],
      RefurbQuestionResponse['answers'][number],
      RefurbQuestionResponse['answers'][number],
    ];
    const res = await k.put('warehouse', `${BASE}/${question.id}`, {
      label: 'Renamed',
      type: 'multiple',
      answers: [
        { id: c.id, label: 'C bis', refurbStepIds: [R.battery] },
        { label: 'D', refurbStepIds: [R.cleaning] },
        { id: a.id, label: 'A', refurbStepIds: [] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as RefurbQuestionResponse;
    expect(updated).toMatchObject({
      id: question.id,
      label: 'Renamed',
      type: 'multiple',
      position: question.position,
    });
    expect(updated.answers.map((x) => [x.label, x.refurbSteps.map((s) => s.id)])).toEqual([
      ['C bis', [R.battery]],
      ['D', [R.cleaning]],
      ['A', []],
    ]);
    expect(updated.answers[0]?.id).toBe(c.id);
    expect(updated.answers[2]?.id).toBe(a.id);
    const gone = await k.t.db.selectFrom('refurb_answers').select('id').where('id', '=', b.id).execute();
    expect(gone).toEqual([]);
    const links = await k.t.db
      .selectFrom('refurb_answer_steps')
      .select('refurb_step_id')
      .where('answer_id', '=', b.id)
      .execute();
    expect(links).toEqual([]);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('entity_id', '=', question.id)
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ label: question.label }),
      after: expect.objectContaining({ label: 'Renamed' }),
    });
  });

  it('a PUT refuses an answer of another question, an answer twice, and one answer only; nothing changes', async () => {
    const question = await create();
    const foreign = (await k.get('warehouse', `${BASE}/${Q.screen}`)).json().answers[0].id as string;
    const first = question.answers[0]?.id as string;
    expectViolation(
      await k.put(
        'warehouse',
        `${BASE}/${question.id}`,
        keyboard({ answers: [{ id: foreign, label: 'X' }, { label: 'Y' }] }),
      ),
      'invalid_value',
      'answers.0.id',
    );
    expectViolation(
      await k.put(
        'warehouse',
        `${BASE}/${question.id}`,
        keyboard({
          answers: [
            { id: first, label: 'X' },
            { id: first, label: 'Y' },
          ],
        }),
      ),
      'duplicate_answer_id',
      'answers.1.id',
    );
    expectViolation(
      await k.put('warehouse', `${BASE}/${question.id}`, keyboard({ answers: [{ id: first, label: 'X' }] })),
      'at_least_two_answers',
      'answers',
    );
    expect((await k.get('warehouse', `${BASE}/${question.id}`)).json()).toEqual(question);
    // the other question's answer is untouched
    expect((await k.get('warehouse', `${BASE}/${Q.screen}`)).json().answers[0].label).toBe('Intact');
  });

  it('the diagnoses keep the labels they gave when an answer or its question is removed', async () => {
    const question = await create();
    const diagnosis = await diagnose(DEMO.warehouseItems.completedByPrice, [{ question, answer: 1 }]);
    const kept = question.answers[0] as RefurbQuestionResponse['answers'][number];
    const res = await k.put('warehouse', `${BASE}/${question.id}`, {
      label: question.label,
      type: question.type,
      answers: [{ id: kept.id, label: kept.label }, { label: 'Nouvelle' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const given = () =>
      k.t.db
        .selectFrom('refurb_diagnosis_answers')
        .select(['question_id', 'answer_id', 'question_label', 'answer_label'])
        .where('diagnosis_id', '=', diagnosis)
        .executeTakeFirstOrThrow();
    expect(await given()).toEqual({
      question_id: question.id,
      answer_id: null,
      question_label: question.label,
      answer_label: 'Un bouton bloqué',
    });
    expect((await k.remove('warehouse', `${BASE}/${question.id}`)).statusCode).toBe(204);
    expect(await given()).toMatchObject({ question_id: null, question_label: question.label });
  });

  it('a service is deletable once no question plans it any more: the question deleted, the service goes', async () => {
    const created = await k.post('warehouse', '/api/refurb-steps', {
      name: 'Désoxydation',
      stockId: DEMO.stocks.workshopSaintPriest,
    });
    expect(created.statusCode, created.body).toBe(201);
    const step = created.json() as RefurbStepResponse;
    const question = await create({
      answers: [{ label: 'Sec' }, { label: 'Oxydé', refurbStepIds: [step.id] }],
    });
    expect((await k.get('warehouse', `/api/refurb-steps/${step.id}`)).json().answerCount).toBe(1);
    expectProblem(await k.remove('warehouse', `/api/refurb-steps/${step.id}`), 409, 'refurb_step_in_use');
    const res = await k.remove('warehouse', `${BASE}/${question.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expectProblem(await k.get('warehouse', `${BASE}/${question.id}`), 404, 'not_found');
    const answers = await k.t.db
      .selectFrom('refurb_answers')
      .select('id')
      .where('question_id', '=', question.id)
      .execute();
    expect(answers).toEqual([]);
    const audit = await k.t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', question.id)
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toEqual({ action: 'remove' });
    expect((await k.remove('warehouse', `/api/refurb-steps/${step.id}`)).statusCode).toBe(204);
  });

  it('orders the account’s questions; a list that is not every question once answers 409 conflict', async () => {
    const before = await list();
    const reversed = before.map((q) => q.id).reverse();
    const res = await k.put('warehouse', `${BASE}/order`, { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().member.map((q: RefurbQuestionResponse) => [q.id, q.position])).toEqual(
      reversed.map((id, position) => [id, position]),
    );
    expect((await list()).map((q) => q.id)).toEqual(reversed);
    expectProblem(await k.put('warehouse', `${BASE}/order`, { ids: reversed.slice(1) }), 409, 'conflict');
    expectProblem(
      await k.put('warehouse', `${BASE}/order`, { ids: [...reversed.slice(1), reversed[1]] }),
      409,
      'conflict',
    );
    expect((await list()).map((q) => q.id)).toEqual(reversed);
    const moved = await k.t.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity_type', '=', 'refurb_question')
      .where('action', '=', 'update')
      .where('entity_id', '=', Q.screen)
      .execute();
    expect(moved.length).toBeGreaterThan(0);
    // back to the demo order for the other tests
    await k.put('warehouse', `${BASE}/order`, { ids: before.map((q) => q.id) });
  });
});

describe('diagnosis questions: permissions', () => {
  it('a warehouse operator may neither list nor write diagnosis questions (403)', async () => {
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['GET', `${BASE}/${Q.screen}`, undefined],
      ['POST', BASE, keyboard()],
      ['PUT', `${BASE}/${Q.screen}`, keyboard()],
      ['PUT', `${BASE}/order`, { ids: [Q.screen] }],
      ['DELETE', `${BASE}/${Q.screen}`, undefined],
    ] as const)
      expectProblem(await as(operator, method, url, body), 403, 'forbidden');
  });

  it('store users and the buyer manager have no access (403)', async () => {
    for (const who of ['seller', 'storeManager', 'buyer'] as const) {
      expectProblem(await k.get(who, BASE), 403, 'forbidden');
      expectProblem(await k.post(who, BASE, keyboard()), 403, 'forbidden');
      expectProblem(await k.remove(who, `${BASE}/${Q.screen}`), 403, 'forbidden');
    }
  });
});

describe('diagnosis questions: another buyer sees and changes nothing of Demo Buyer’s', () => {
  it('another buyer’s warehouse manager gets 404 on Demo Buyer’s questions and lists only its own', async () => {
    const before = (await k.get('warehouse', `${BASE}/${Q.battery}`)).json();
    for (const [method, url, body] of [
      ['GET', `${BASE}/${Q.battery}`, undefined],
      ['PUT', `${BASE}/${Q.battery}`, keyboard()],
      ['DELETE', `${BASE}/${Q.battery}`, undefined],
    ] as const)
      expectProblem(await as(otherManager, method, url, body), 404, 'not_found');
    expect((await k.get('warehouse', `${BASE}/${Q.battery}`)).json()).toEqual(before);
    expect((await as(otherManager, 'GET', BASE)).json()).toMatchObject({ member: [], totalItems: 0 });
    // Demo Buyer's questions are not its list
    expectProblem(
      await as(otherManager, 'PUT', `${BASE}/order`, { ids: [Q.screen, Q.battery, Q.works] }),
      409,
      'conflict',
    );
    expect((await list()).slice(0, 3).map((q) => q.id)).toEqual([Q.screen, Q.battery, Q.works]);
  });

  it('another buyer’s answers cannot plan Demo Buyer’s services; its own question stays its own', async () => {
    expectViolation(
      await as(otherManager, 'POST', BASE, keyboard()),
      'refurb_step_not_in_account',
      'answers.1.refurbStepIds',
    );
    const own = await as(
      otherManager,
      'POST',
      BASE,
      keyboard({ answers: [{ label: 'Oui' }, { label: 'Non' }] }),
    );
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().position).toBe(0);
    expectProblem(await k.get('warehouse', `${BASE}/${own.json().id}`), 404, 'not_found');
    expect((await list()).map((q) => q.id)).not.toContain(own.json().id);
  });
});

describe('diagnosis questions: platform operators name the buyer account', () => {
  it('an admin names the buyer account to list, create and order; reads any question by id', async () => {
    expectViolation(await k.get('admin', BASE), 'required', 'account');
    expectViolation(await k.post('admin', BASE, keyboard()), 'required', 'account');
    const listed = await k.get('admin', `${BASE}?account=${DEMO.accounts.demoBuyer}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().member.map((q: RefurbQuestionResponse) => q.id)).toEqual(
      (await list()).map((q) => q.id),
    );
    expectViolation(
      await k.post('admin', BASE, keyboard({ account: DEMO.accounts.demoRetail })),
      'not_a_buyer',
      'account',
    );
    const res = await k.post('admin', BASE, keyboard({ label: 'Admin', account: DEMO.accounts.demoBuyer }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await list()).at(-1)?.id).toBe(res.json().id);
    expect((await k.get('admin', `${BASE}/${res.json().id}`)).statusCode).toBe(200);
    expectViolation(
      await k.post('admin', BASE, keyboard({ account: other.accountId })),
      'refurb_step_not_in_account',
      'answers.1.refurbStepIds',
    );
    // the order of the named account's questions
    expectViolation(await k.put('admin', `${BASE}/order`, { ids: [Q.screen] }), 'required', 'account');
    const ids = (await list()).map((q) => q.id);
    const moved = [ids.at(-1) as string, ...ids.slice(0, -1)];
    const ordered = await k.put('admin', `${BASE}/order`, { ids: moved, account: DEMO.accounts.demoBuyer });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect((await list()).map((q) => q.id)).toEqual(moved);
    await k.put('warehouse', `${BASE}/order`, { ids });
  });
});
