import type { RefurbQuestionType } from '@reprise/shared';
import type { Trx } from '../platform/request-context';
import { DEMO } from './demo-ids';

/**
 * The refurbishment configuration of Demo Buyer (issue 13): a workshop stock and a resale shelf
 * beside the native stocks of Saint-Priest, a workshop at Roubaix, five services (one a certified
 * data erasure) with their cost at each warehouse, and three refurbishment diagnosis questions
 * whose answers plan them. What the diagnosis, service and stock screens need on a new database.
 * Runs in the seed's transaction, before the demo items that are refurbished.
 */

const SAINT_PRIEST = DEMO.orgs.warehouseSaintPriest;
const ROUBAIX = DEMO.orgs.warehouseRoubaix;
const S = DEMO.stocks;
const R = DEMO.refurbSteps;
const Q = DEMO.refurbQuestions;
const account_id = DEMO.accounts.demoBuyer;

export async function seedDemoRefurbishment(trx: Trx): Promise<void> {
  await trx
    .insertInto('stocks')
    .values([
      {
        id: S.workshopSaintPriest,
        account_id,
        warehouse_id: SAINT_PRIEST,
        name: 'Atelier réparation',
        identifier: 'SP-ATL',
        location: 'Bâtiment B, allée 2',
      },
      {
        id: S.shelfSaintPriest,
        account_id,
        warehouse_id: SAINT_PRIEST,
        name: 'Étagère revente A',
        identifier: 'SP-A01',
        location: 'Bâtiment A, allée 1',
      },
      {
        id: S.workshopRoubaix,
        account_id,
        warehouse_id: ROUBAIX,
        name: 'Atelier Roubaix',
        identifier: 'RBX-ATL',
        location: 'Quai 3',
      },
    ])
    .execute();

  const services = [
    {
      id: R.cleaning,
      name: 'Nettoyage complet',
      description: 'Nettoyage extérieur, connecteurs et haut-parleurs.',
      costs: [300, 350],
    },
    {
      id: R.screen,
      name: "Remplacement de l'écran",
      description: 'Écran et vitre de qualité origine.',
      costs: [4500, 4800],
    },
    {
      id: R.battery,
      name: 'Remplacement de la batterie',
      description: 'Batterie neuve, capacité ≥ 100 %.',
      costs: [2500, 2600],
    },
    {
      id: R.dataErasure,
      name: 'Effacement certifié des données',
      description: 'Effacement vérifié, certificat remis au distributeur.',
      costs: [200, 200],
      kind: 'data_erasure',
      erasure_method: 'NIST SP 800-88 Purge : effacement cryptographique et réinitialisation usine',
    },
    { id: R.backCover, name: 'Remplacement de la coque arrière', description: null, costs: [3000, 3200] },
  ];
  await trx
    .insertInto('refurb_steps')
    .values(
      services.map((s) => ({
        id: s.id,
        account_id,
        name: s.name,
        description: s.description,
        stock_id: S.workshopSaintPriest,
        kind: s.kind ?? 'standard',
        erasure_method: s.erasure_method ?? null,
      })),
    )
    .execute();
  await trx
    .insertInto('refurb_step_costs')
    .values(
      services.flatMap((s) => [
        { refurb_step_id: s.id, warehouse_id: SAINT_PRIEST, cost_cents: s.costs[0] as number },
        { refurb_step_id: s.id, warehouse_id: ROUBAIX, cost_cents: s.costs[1] as number },
      ]),
    )
    .execute();

  const questions: {
    id: string;
    label: string;
    type: RefurbQuestionType;
    answers: [string, string[]][];
  }[] = [
    {
      id: Q.screen,
      label: "État de l'écran",
      type: 'unique',
      answers: [
        ['Intact', []],
        ['Rayé', [R.screen]],
        ['Fissuré ou cassé', [R.screen]],
      ],
    },
    {
      id: Q.battery,
      label: 'Santé de la batterie',
      type: 'unique',
      answers: [
        ['80 % ou plus', []],
        ['Moins de 80 %', [R.battery]],
      ],
    },
    {
      id: Q.works,
      label: 'Travaux à prévoir',
      type: 'multiple',
      answers: [
        ['Nettoyage', [R.cleaning]],
        ['Effacement des données', [R.dataErasure]],
        ['Coque arrière abîmée', [R.backCover]],
      ],
    },
  ];
  for (const [position, q] of questions.entries()) {
    await trx
      .insertInto('refurb_questions')
      .values({ id: q.id, account_id, label: q.label, type: q.type, position })
      .execute();
    for (const [n, [label, steps]] of q.answers.entries()) {
      const answer = await trx
        .insertInto('refurb_answers')
        .values({ question_id: q.id, label, position: n })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (steps.length > 0)
        await trx
          .insertInto('refurb_answer_steps')
          .values(steps.map((refurb_step_id) => ({ answer_id: answer.id, refurb_step_id })))
          .execute();
    }
  }
}
