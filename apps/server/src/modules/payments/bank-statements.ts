import { BANK_STATEMENT_CSV_HEADER, type BankStatementFormat } from '@reprise/shared';
import { AppError } from '../../platform/errors';

/**
 * Bank statements uploaded back (docs/payments.md, "Statements"): camt.053 (any version: elements
 * are read by their local names) or CSV with the header `date;reference;amount;status`. Each entry
 * names a transfer by its reference (the EndToEndId: the buyback's identification number) and its
 * amount, and says whether the bank booked it (`paid`) or returned it (`rejected`, with the bank's
 * reason when it gives one). Pure: transfer-batches.service.ts matches the entries to payments.
 *
 * The XML is read by the small reader below, which refuses any DOCTYPE: no DTD, no entity but the
 * five predefined ones and character references, so no external entity nor entity expansion.
 */

interface StatementEntry {
  /** The line of the file the entry starts on (1-based). */
  line: number;
  reference: string | null;
  amountCents: number | null;
  outcome: 'paid' | 'rejected' | 'invalid';
  /** The bank's reason of a rejection (camt: RtrInf/Rsn/Cd or AddtlRtrInf). */
  reason: string | null;
  /** The booking date, YYYY-MM-DD, when given. */
  date: string | null;
}

export interface ParsedStatement {
  format: BankStatementFormat;
  entries: StatementEntry[];
}

const invalid = (detail: string) =>
  new AppError('bank_statement_invalid', detail, [
    { propertyPath: 'file', message: 'invalid_statement', code: 'bank_statement_invalid' },
  ]);

/** "12.34", "12,34", "-12.34", "1 234,50" → cents; null when it is not an amount. */
export function parseAmount(value: string): number | null {
  const compact = value.replace(/[\s\u00a0]/g, '');
  const match = /^-?(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return compact.startsWith('-') ? -cents : cents;
}

export function parseStatement(data: Buffer): ParsedStatement {
  const content = data.toString('utf8').replace(/^\uFEFF/, '');
  if (content.includes('\uFFFD')) throw invalid('The statement is not UTF-8 text.');
  if (content.trimStart().startsWith('<')) return { format: 'camt053', entries: parseCamt053(content) };
  return { format: 'csv', entries: parseCsv(content) };
}

// ---------- CSV ----------

/**
 * `date;reference;amount;status`: date YYYY-MM-DD, the transfer's reference, the amount in euros
 * (a point or a comma before the cents; its sign ignored), status `paid` or `rejected`.
 */
function parseCsv(content: string): StatementEntry[] {
  const lines = content.split(/\r?\n/);
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s/g, '');
  if (header !== BANK_STATEMENT_CSV_HEADER)
    throw invalid(`The CSV statement must start with the header ${BANK_STATEMENT_CSV_HEADER}.`);
  const entries: StatementEntry[] = [];
  lines.slice(1).forEach((raw, index) => {
    if (raw.trim() === '') return;
    const line = index + 2;
    const [date = '', reference = '', amount = '', status = ''] = raw.split(';').map((c) => c.trim());
    const cents = parseAmount(amount);
    const outcome = status.toLowerCase();
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(date) &&
      reference !== '' &&
      cents !== null &&
      ['paid', 'rejected'].includes(outcome);
    entries.push({
      line,
      reference: reference || null,
      amountCents: cents === null ? null : Math.abs(cents),
      outcome: valid ? (outcome as 'paid' | 'rejected') : 'invalid',
      reason: outcome === 'rejected' ? 'rejected by the bank' : null,
      date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    });
  });
  return entries;
}

// ---------- camt.053 ----------

/**
 * The statement's entries (Stmt/Ntry). An entry with transaction details gives one entry per
 * TxDtls (a batch booking lists each transfer), else one for itself. An entry is `rejected` when
 * it carries return information (RtrInf) or is a reversal (RvslInd true), else `paid` when booked
 * (Sts BOOK); pending entries (PDNG, INFO) are left out.
 */
function parseCamt053(content: string): StatementEntry[] {
  const root = readXml(content);
  if (root.name !== 'Document') throw invalid('The XML statement must be an ISO 20022 Document.');
  const statements = child(root, 'BkToCstmrStmt')?.children.filter((c) => c.name === 'Stmt') ?? [];
  if (statements.length === 0)
    throw invalid('The XML statement has no BkToCstmrStmt/Stmt: is it a camt.053?');
  const entries: StatementEntry[] = [];
  for (const statement of statements) {
    for (const entry of statement.children.filter((c) => c.name === 'Ntry')) {
      const status = textOf(path(entry, 'Sts', 'Cd')) ?? textOf(child(entry, 'Sts'));
      if (status && status !== 'BOOK') continue;
      const reversal = textOf(child(entry, 'RvslInd')) === 'true';
      const date =
        (textOf(path(entry, 'BookgDt', 'Dt')) ?? textOf(path(entry, 'BookgDt', 'DtTm')))?.slice(0, 10) ??
        null;
      const details = (child(entry, 'NtryDtls')?.children ?? []).filter((c) => c.name === 'TxDtls');
      const items = details.length > 0 ? details : [entry];
      for (const item of items) {
        const returned = path(item, 'RtrInf');
        const amount =
          textOf(path(item, 'AmtDtls', 'TxAmt', 'Amt')) ??
          textOf(child(item, 'Amt')) ??
          (items.length === 1 ? textOf(child(entry, 'Amt')) : null);
        const reference =
          textOf(path(item, 'Refs', 'EndToEndId')) ??
          textOf(path(item, 'RltdRefs', 'EndToEndId')) ??
          textOf(child(item, 'NtryRef')) ??
          null;
        const cents = amount === null ? null : parseAmount(amount);
        const rejected = reversal || returned !== undefined;
        entries.push({
          line: item.line,
          reference: reference && reference !== 'NOTPROVIDED' ? reference : null,
          amountCents: cents === null ? null : Math.abs(cents),
          outcome: reference && cents !== null ? (rejected ? 'rejected' : 'paid') : 'invalid',
          reason: rejected
            ? (textOf(path(item, 'RtrInf', 'Rsn', 'Cd')) ??
              textOf(path(item, 'RtrInf', 'AddtlInf')) ??
              'returned by the bank')
            : null,
          date,
        });
      }
    }
  }
  return entries;
}

// ---------- a small XML reader (no DTD, no external entities) ----------

export interface XmlElement {
  /** The local name (its prefix dropped). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

const child = (element: XmlElement | undefined, name: string) =>
  element?.children.find((c) => c.name === name);
const path = (element: XmlElement | undefined, ...names: string[]) =>
  names.reduce<XmlElement | undefined>((at, name) => child(at, name), element);
const textOf = (element: XmlElement | undefined) => {
  const value = element?.text.trim();
  return value ? value : null;
};

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&([^;&\s]{1,10});/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const known = PREDEFINED[name];
    if (known === undefined) throw invalid(`The XML statement uses an unknown entity &${name};.`);
    return known;
  });
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** Reads a well-formed document into its root element; throws `bank_statement_invalid` otherwise. */
export function readXml(content: string): XmlElement {
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) throw invalid('The XML statement may not declare a DOCTYPE.');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let line = 1;
  let i = 0;
  const advance = (to: number) => {
    for (let j = i; j < to; j += 1) if (content.charCodeAt(j) === 10) line += 1;
    i = to;
  };
  const skipTo = (marker: string) => {
    const end = content.indexOf(marker, i);
    if (end < 0) throw invalid('The XML statement is truncated.');
    const inner = content.slice(i, end);
    advance(end + marker.length);
    return inner;
  };
  while (i < content.length) {
    const lt = content.indexOf('<', i);
    if (lt < 0) {
      if (content.slice(i).trim() !== '') throw invalid('The XML statement has text outside its root.');
      break;
    }
    const between = content.slice(i, lt);
    const top = stack.at(-1);
    if (top) top.text += decode(between);
    else if (between.trim() !== '') throw invalid('The XML statement has text outside its root.');
    advance(lt);
    if (content.startsWith('<?', i)) skipTo('?>');
    else if (content.startsWith('<!--', i)) skipTo('-->');
    else if (content.startsWith('<![CDATA[', i)) {
      advance(i + 9);
      const data = skipTo(']]>');
      if (!top) throw invalid('The XML statement has text outside its root.');
      top.text += data;
    } else if (content.startsWith('</', i)) {
      advance(i + 2);
      const name = localName(skipTo('>').trim());
      const open = stack.pop();
      if (!open || open.name !== name) throw invalid('The XML statement is not well formed.');
    } else {
      const start = line;
      advance(i + 1);
      const tag = skipTo('>');
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const nameMatch = /^([A-Za-z_][\w.:-]*)/.exec(body);
      if (!nameMatch?.[1]) throw invalid('The XML statement is not well formed.');
      const attributes: Record<string, string> = {};
      for (const m of body.slice(nameMatch[1].length).matchAll(/([\w.:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
        attributes[localName(m[1] as string)] = decode(m[3] ?? m[4] ?? '');
      const element: XmlElement = {
        name: localName(nameMatch[1]),
        attributes,
        children: [],
        text: '',
        line: start,
      };
      if (top) top.children.push(element);
      else if (root) throw invalid('The XML statement has more than one root.');
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  if (!root || stack.length > 0) throw invalid('The XML statement is not well formed.');
  return root;
}
