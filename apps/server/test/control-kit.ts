import { randomUUID } from 'node:crypto';
import type { BuybackResponse, CompleteControlResponse } from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { answersFor, type BuybackKit, customer, IBAN, startBuybackKit } from './buyback-kit';
import type { ReceivedMail } from './smtp-peer';
import { multipartFile, PNG } from './upload-kit';

export { PNG };

/**
 * What the warehouse control's and the litigation's integration tests share: buybacks sent to
 * Saint-Priest by the Paris store, the warehouse operator of Saint-Priest, proof photos, and a
 * counter-offer made through the API.
 */

function multipart(data: Buffer, filename: string) {
  return multipartFile(data, { filename, type: 'image/png' });
}

/**
 * A request of a visitor of the public pages, each from its own address in 10.`subnet`.x.y (the
 * public answers are throttled by address); `kit` answers the file's started kit.
 */
export function visitorRequests(kit: () => ControlKit, subnet: number) {
  let address = 0;
  return (method: 'GET' | 'POST', url: string, payload?: object) => {
    address += 1;
    return kit().t.app.inject({
      method,
      url,
      remoteAddress: `10.${subnet}.${Math.floor(address / 250)}.${address % 250}`,
      ...(payload ? { payload } : {}),
    });
  };
}

/**
 * The tracking page's progress mails (received, controlled, paid, returned: modules/tracking-links):
 * left out of `mailsTo`, so that the mails of the control and the payments are counted as before
 * (modules/tracking's tests read them). Known by their subject's start, in every language, as the
 * peer keeps its first line (encoded words, spaces as underscores).
 */
const PROGRESS_MAIL =
  /^(Votreproduit|Vousavezétépayé|Yourproduct|Youhavebeenpaid|Uwproduct|Ubentbetaald|IhrProdukt|Siewurdenbezahlt)/;
const bareSubject = (subject: string) => subject.replace(/=\?UTF-8\?Q\?|\?=/gi, '').replace(/[_\s]/g, '');

export interface ControlKit extends BuybackKit {
  operator: string;
  /** A request as the warehouse operator of Saint-Priest. */
  asOperator(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A store buyback of a new phone (its customer's e-mail unique), sent by the store: item in transit. */
  sentBuyback(over?: Record<string, unknown>): Promise<BuybackResponse & { email: string }>;
  /** Sent and controlled: item awaiting compliancy tests. */
  underControl(over?: Record<string, unknown>): Promise<BuybackResponse & { email: string }>;
  /** The operator's answers: the declared ones (index 0 of every question) or the screen's "micro-scratches" (grade B). */
  declaredAnswers(b: BuybackResponse): Promise<{ questionId: string; answerIds: string[] }[]>;
  lowerAnswers(b: BuybackResponse): Promise<{ questionId: string; answerIds: string[] }[]>;
  uploadPhoto(itemId: string, data?: Buffer, filename?: string): Promise<LightMyRequestResponse>;
  /** A counter-offer made on a buyback under control (answers of grade B, one photo). */
  counterOffer(
    b: BuybackResponse & { email: string },
    over?: Record<string, unknown>,
  ): Promise<CompleteControlResponse & { token: string }>;
  /** The mails `email` has received so far. */
  mailsTo(email: string): ReceivedMail[];
  /** Waits for a mail to `email` past the first `before`; answers it with its links' token. */
  nextMail(email: string, before: number): Promise<ReceivedMail & { token: string | null }>;
  item(itemId: string): Promise<Record<string, unknown>>;
}

export async function startControlKit(): Promise<ControlKit> {
  const k = await startBuybackKit();
  const operator = (await k.t.login('warehouse_operator@demo.test')).authorization;
  const asOperator: ControlKit['asOperator'] = (method, url, payload) =>
    k.t.app.inject({
      method,
      url,
      headers: { authorization: operator },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const questionnaires = new Map<string, Awaited<ReturnType<BuybackKit['questionnaire']>>>();
  const questionnaire = async (productId: string) => {
    let q = questionnaires.get(productId);
    if (!q) {
      q = await k.questionnaire(productId);
      questionnaires.set(productId, q);
    }
    return q;
  };
  const kit: ControlKit = {
    ...k,
    operator,
    asOperator,
    async sentBuyback(over = {}) {
      const email = `customer-${randomUUID().slice(0, 8)}@example.test`;
      const b = await k.createBuyback({ customer: customer({ iban: IBAN, email }), ...over });
      const sent = await k.post('seller', `/api/buybacks/${b.id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      return { ...b, email };
    },
    async underControl(over = {}) {
      const b = await kit.sentBuyback(over);
      const res = await asOperator('POST', '/api/warehouse/control/start', {
        code: b.item.identificationNumber,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('item_awaiting_compliancy_tests');
      return b;
    },
    async declaredAnswers(b) {
      return answersFor(await questionnaire(b.product.id));
    },
    async lowerAnswers(b) {
      // the screen's second answer (micro-scratches, grade B), the others as declared
      return answersFor(await questionnaire(b.product.id), (question) =>
        question.type === 'unique' && question.title.includes('écran') ? 1 : 0,
      );
    },
    uploadPhoto(itemId, data = PNG, filename = 'proof.png') {
      const { payload, headers } = multipart(data, filename);
      return k.t.app.inject({
        method: 'POST',
        url: `/api/warehouse/control/${itemId}/photos`,
        headers: { authorization: operator, ...headers },
        payload,
      });
    },
    async counterOffer(b, over = {}) {
      const photo = await kit.uploadPhoto(b.item.id);
      expect(photo.statusCode, photo.body).toBe(201);
      const before = kit.mailsTo(b.email).length;
      const res = await asOperator('POST', `/api/warehouse/control/${b.item.id}/complete`, {
        answers: await kit.lowerAnswers(b),
        comment: 'Micro-rayures sur l’écran',
        counterOffer: { reason: 'Écran rayé', photoKeys: [photo.json().key] },
        ...over,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().outcome).toBe('counter_offer');
      const mail = await kit.nextMail(b.email, before);
      expect(mail.token).toBeTruthy();
      return { ...res.json(), token: mail.token as string };
    },
    mailsTo(email) {
      return k.t.smtp.mails.filter(
        (m) => m.to.includes(email) && !PROGRESS_MAIL.test(bareSubject(m.subject)),
      );
    },
    async nextMail(email, before) {
      const start = Date.now();
      for (;;) {
        const mail = kit.mailsTo(email)[before];
        if (mail) return { ...mail, token: /\/accept\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null };
        if (Date.now() - start > 10_000) throw new Error(`no mail #${before + 1} to ${email}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async item(itemId) {
      return (await k.t.db
        .selectFrom('buyback_items')
        .selectAll()
        .where('id', '=', itemId)
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
    },
  };
  return kit;
}
