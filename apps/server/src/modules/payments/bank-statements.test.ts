import { describe, expect, it } from 'vitest';
import { parseAmount, parseStatement, readXml } from './bank-statements';

/** Statement files (bank-statements.ts): CSV with its header, camt.053, and XML read safely. */

const camt = (entries: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-1</MsgId><CreDtTm>2026-11-27T08:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>1</Id>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;

const entry = (reference: string, amount: string, extra = '', status = 'BOOK') => `      <Ntry>
        <Amt Ccy="EUR">${amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>${status}</Cd></Sts>
        <BookgDt><Dt>2026-11-26</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>${reference}</EndToEndId></Refs>${extra}</TxDtls></NtryDtls>
      </Ntry>`;

describe('CSV statements', () => {
  it('reads paid and rejected entries with their line, amount and date', () => {
    const parsed = parseStatement(
      Buffer.from(
        'date;reference;amount;status\n2026-11-26;2000000000017;230,50;paid\n\n2026-11-26;2000000000024;12.00;REJECTED\n',
      ),
    );
    expect(parsed.format).toBe('csv');
    expect(parsed.entries).toEqual([
      {
        line: 2,
        reference: '2000000000017',
        amountCents: 23050,
        outcome: 'paid',
        reason: null,
        date: '2026-11-26',
      },
      {
        line: 4,
        reference: '2000000000024',
        amountCents: 1200,
        outcome: 'rejected',
        reason: 'rejected by the bank',
        date: '2026-11-26',
      },
    ]);
  });

  it('marks a line it cannot read as invalid, and refuses a file without the header', () => {
    const parsed = parseStatement(Buffer.from('date;reference;amount;status\nyesterday;x;ten;paid\n'));
    expect(parsed.entries[0]).toMatchObject({ line: 2, outcome: 'invalid' });
    expect(() => parseStatement(Buffer.from('reference,amount\nx,1\n'))).toThrow(/header/);
  });

  it('reads amounts with a point or a comma, and nothing else', () => {
    expect(parseAmount('12')).toBe(1200);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('1 234,56')).toBe(123456);
    expect(parseAmount('-3.10')).toBe(-310);
    expect(parseAmount('12.345')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('camt.053 statements', () => {
  it('reads booked entries as paid, returned ones as rejected with the bank reason, and skips pending ones', () => {
    const parsed = parseStatement(
      Buffer.from(
        camt(
          [
            entry('2000000000017', '230.50'),
            entry('2000000000024', '12.00', '<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>'),
            entry('2000000000031', '9.99', '', 'PDNG'),
          ].join('\n'),
        ),
      ),
    );
    expect(parsed.format).toBe('camt053');
    expect(parsed.entries).toEqual([
      {
        line: 12,
        reference: '2000000000017',
        amountCents: 23050,
        outcome: 'paid',
        reason: null,
        date: '2026-11-26',
      },
      {
        line: 19,
        reference: '2000000000024',
        amountCents: 1200,
        outcome: 'rejected',
        reason: 'AC04',
        date: '2026-11-26',
      },
    ]);
  });

  it('reads each transaction of a batch booking with its own amount', () => {
    const batch = `      <Ntry>
        <Amt Ccy="EUR">30.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts>
        <NtryDtls>
          <TxDtls><Refs><EndToEndId>A1</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">10.00</Amt></TxAmt></AmtDtls></TxDtls>
          <TxDtls><Refs><EndToEndId>A2</EndToEndId></Refs><Amt Ccy="EUR">20.00</Amt></TxDtls>
        </NtryDtls>
      </Ntry>`;
    const parsed = parseStatement(Buffer.from(camt(batch)));
    expect(parsed.entries.map((e) => [e.reference, e.amountCents, e.outcome])).toEqual([
      ['A1', 1000, 'paid'],
      ['A2', 2000, 'paid'],
    ]);
  });

  it('refuses a DOCTYPE (no external entity, no entity expansion) and a file that is not well formed', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document>&x;</Document>`;
    expect(() => parseStatement(Buffer.from(xxe))).toThrow(/DOCTYPE/);
    expect(() => readXml('<a><b></a>')).toThrow();
    expect(() => readXml('<a>&unknown;</a>')).toThrow(/entity/);
    expect(() => parseStatement(Buffer.from('<Document><Other/></Document>'))).toThrow(/camt/);
    expect(readXml('<a x="1 &amp; 2"><![CDATA[<raw>]]>&#65;</a>')).toMatchObject({
      name: 'a',
      attributes: { x: '1 & 2' },
      text: '<raw>A',
    });
  });
});
