import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPain001, euros, type Pain001Input, sepaText } from './sepa-pain001';

/**
 * The batch file (sepa-pain001.ts) against the pain.001.001.09 schema of xsd/ (its header says what
 * it is), validated by xmllint (Debian libxml2-utils; .ci/run installs it).
 */

/** The official schema when it has been vendored into xsd/, else the subset written from its message definition. */
const OFFICIAL = path.join(import.meta.dirname, 'xsd', 'pain.001.001.09.xsd');
const XSD = existsSync(OFFICIAL)
  ? OFFICIAL
  : path.join(import.meta.dirname, 'xsd', 'pain.001.001.09.subset.xsd');

function validate(xml: string): { valid: boolean; output: string } {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD, '-'], {
    input: xml,
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  return { valid: run.status === 0, output: run.stderr };
}

const input = (over: Partial<Pain001Input> = {}): Pain001Input => ({
  messageId: 'RP20261125-1-0123456789abcdef0123456',
  createdAt: new Date('2026-11-25T10:15:00Z'),
  executionDate: '2026-11-25',
  currency: 'EUR',
  debtor: { name: 'Demo Retail SAS', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' },
  transfers: [
    {
      endToEndId: '2000000000017',
      amountCents: 23050,
      creditorName: 'Søren Łukasiewicz',
      creditorIban: 'FR7630006000011234567890189',
      remittance: 'Reprise 2000000000017',
    },
    {
      endToEndId: '2000000000024',
      amountCents: 5,
      creditorName: 'Zoë <O’Brien> & Co',
      creditorIban: 'DE89370400440532013000',
      remittance: 'Reprise 2000000000024',
    },
  ],
  ...over,
});

describe('the pain.001.001.09 batch file', () => {
  it('validates against the schema, with the group header, the debtor and one transfer per payment', () => {
    const xml = buildPain001(input());
    const { valid, output } = validate(xml);
    expect(valid, output).toBe(true);
    expect(xml).toContain('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs><CtrlSum>230.55</CtrlSum>');
    expect(xml).toContain('<PmtMtd>TRF</PmtMtd>');
    expect(xml).toContain('<ReqdExctnDt><Dt>2026-11-25</Dt></ReqdExctnDt>');
    expect(xml).toContain('<DbtrAgt><FinInstnId><BICFI>AGRIFRPPXXX</BICFI></FinInstnId></DbtrAgt>');
    expect(xml).toContain('<PmtId><EndToEndId>2000000000017</EndToEndId></PmtId>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">230.50</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.05</InstdAmt>');
    expect(xml.match(/<CdtTrfTxInf>/g)).toHaveLength(2);
  });

  it('a broken file does not validate (the schema is really checked)', () => {
    const xml = buildPain001(input());
    expect(validate(xml.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>XXX</PmtMtd>')).valid).toBe(false);
    expect(validate(xml.replace(/<MsgId>[^<]*<\/MsgId>/, `<MsgId>${'A'.repeat(36)}</MsgId>`)).valid).toBe(
      false,
    );
    expect(validate(xml.replace('<InstdAmt Ccy="EUR">', '<InstdAmt>')).valid).toBe(false);
    expect(validate(xml.replace(/<DbtrAcct>.*?<\/DbtrAcct>/, '')).valid).toBe(false);
  });

  it('reduces texts to the SEPA character set and their field length', () => {
    expect(sepaText('Søren Łukasiewicz', 70)).toBe('Soren Lukasiewicz');
    expect(sepaText('Zoë <O’Brien> & Co', 70)).toBe('Zoe O Brien + Co');
    expect(sepaText('Straße 12 @ Köln', 70)).toBe('Strasse 12 Koln');
    expect(sepaText('x'.repeat(80), 70)).toHaveLength(70);
    const xml = buildPain001(input());
    expect(xml).toContain('<Nm>Soren Lukasiewicz</Nm>');
    expect(xml).not.toMatch(/[^\x20-\x7e\n]/);
  });

  it('writes amounts in euros with two decimals', () => {
    expect(euros(0)).toBe('0.00');
    expect(euros(5)).toBe('0.05');
    expect(euros(123456)).toBe('1234.56');
  });

  it('refuses a file without transfer or with an amount that is not positive', () => {
    expect(() => buildPain001(input({ transfers: [] }))).toThrow();
    expect(() =>
      buildPain001(
        input({
          transfers: [{ ...(input().transfers[0] as Pain001Input['transfers'][number]), amountCents: 0 }],
        }),
      ),
    ).toThrow();
  });
});
