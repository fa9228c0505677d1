/**
 * The SEPA credit-transfer file of a batch: ISO 20022 pain.001.001.09 (docs/payments.md, "The batch
 * file"). One group header, one payment information block (the debtor: the retailer's SEPA
 * configuration), one credit transfer per payment. Texts are reduced to the SEPA character set
 * (EPC guidelines: a-z A-Z 0-9 / - ? : ( ) . , ' + and space) and cut to their field's length;
 * amounts are in euros with two decimals. Pure: the service reads and decrypts, this writes.
 */

const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

interface Pain001Transfer {
  /** EndToEndId: the buyback's identification number (35 at most). */
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** Unstructured remittance information (140 at most). */
  remittance: string;
}

export interface Pain001Input {
  messageId: string;
  createdAt: Date;
  /** ReqdExctnDt, YYYY-MM-DD. */
  executionDate: string;
  currency: 'EUR';
  debtor: { name: string; iban: string; bic: string };
  transfers: Pain001Transfer[];
}

/** Letters SEPA does not carry and no decomposition reduces (Ł, ß…): their usual Latin spelling. */
const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Þ: 'TH',
  þ: 'th',
  '&': '+',
  _: '-',
};

/** A text in the SEPA character set: accents dropped, other characters spaces, cut to `max`. */
export function sepaText(value: string, max: number): string {
  const spelled = [...value].map((c) => SPELLED[c] ?? c).join('');
  const text = spelled
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, max).trim();
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** 1234 → "12.34". */
export const euros = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** ISODateTime without fraction nor zone designator, in UTC (`2026-11-25T14:03:00`). */
const isoDateTime = (d: Date) => d.toISOString().slice(0, 19);

const el = (name: string, content: string, attrs = '') => `<${name}${attrs}>${content}</${name}>`;
const text = (name: string, value: string) => el(name, escapeXml(value));

export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new Error('a transfer file needs at least one transfer');
  for (const t of input.transfers)
    if (!Number.isInteger(t.amountCents) || t.amountCents <= 0)
      throw new Error('a transfer amount must be positive');
  const count = String(input.transfers.length);
  const sum = euros(input.transfers.reduce((total, t) => total + t.amountCents, 0));
  const messageId = sepaText(input.messageId, 35);
  const debtorName = sepaText(input.debtor.name, 70);
  const groupHeader = el(
    'GrpHdr',
    text('MsgId', messageId) +
      text('CreDtTm', isoDateTime(input.createdAt)) +
      text('NbOfTxs', count) +
      text('CtrlSum', sum) +
      el('InitgPty', text('Nm', debtorName)),
  );
  const transfers = input.transfers
    .map((t) =>
      el(
        'CdtTrfTxInf',
        el('PmtId', text('EndToEndId', sepaText(t.endToEndId, 35) || 'NOTPROVIDED')) +
          el('Amt', el('InstdAmt', euros(t.amountCents), ` Ccy="${input.currency}"`)) +
          el('Cdtr', text('Nm', sepaText(t.creditorName, 70) || 'NOTPROVIDED')) +
          el('CdtrAcct', el('Id', text('IBAN', t.creditorIban))) +
          el('RmtInf', text('Ustrd', sepaText(t.remittance, 140))),
      ),
    )
    .join('');
  const paymentInformation = el(
    'PmtInf',
    text('PmtInfId', messageId) +
      text('PmtMtd', 'TRF') +
      text('BtchBookg', 'true') +
      text('NbOfTxs', count) +
      text('CtrlSum', sum) +
      el('PmtTpInf', el('SvcLvl', text('Cd', 'SEPA'))) +
      el('ReqdExctnDt', text('Dt', input.executionDate)) +
      el('Dbtr', text('Nm', debtorName)) +
      el('DbtrAcct', el('Id', text('IBAN', input.debtor.iban))) +
      el('DbtrAgt', el('FinInstnId', text('BICFI', input.debtor.bic))) +
      text('ChrgBr', 'SLEV') +
      transfers,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${PAIN_001_NAMESPACE}">${el(
    'CstmrCdtTrfInitn',
    groupHeader + paymentInformation,
  )}</Document>\n`;
}
