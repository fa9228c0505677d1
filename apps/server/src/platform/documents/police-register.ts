import type {
  Locale,
  PoliceRegisterEntryResponse,
  PoliceRegisterVerificationResponse,
} from '@reprise/shared';
import { BOLD, createPdf, formatDate, formatMoney, pdfBuffer, REGULAR } from './pdf';

/**
 * A store's police register for a period (modules/police-register): the store's name and address
 * and the period on each page's head, a table of the entries (number, date, seller and identity
 * document, object, price and payment, device check, correction), the chain's verification and
 * "page N / M" on each page's foot. Landscape A4.
 */

export interface PoliceRegisterPdfData {
  locale: Locale;
  store: { name: string; lines: string[] };
  period: { from: string; to: string };
  entries: PoliceRegisterEntryResponse[];
  verification: PoliceRegisterVerificationResponse;
  printedAt: Date;
}

interface Strings {
  title: string;
  period: (from: string, to: string) => string;
  printedOn: string;
  columns: [string, string, string, string, string, string, string];
  document: string;
  imei: string;
  serial: string;
  state: string;
  corrects: (n: number) => string;
  correctedBy: (n: string) => string;
  none: string;
  whole: (n: number) => string;
  broken: (n: number) => string;
  page: (n: number, m: number) => string;
}

const STRINGS: Record<Locale, Strings> = {
  'fr-FR': {
    title: 'Registre de police',
    period: (f, t) => `Période du ${f} au ${t}`,
    printedOn: 'Édité le',
    columns: ['N°', 'Date', 'Client', 'Objet', 'Prix et paiement', 'Contrôle', 'Correction'],
    document: 'Pièce',
    imei: 'IMEI',
    serial: 'N° de série',
    state: 'État',
    corrects: (n) => `Corrige le n° ${n}`,
    correctedBy: (n) => `Corrigée par le n° ${n}`,
    none: 'Aucune entrée sur cette période.',
    whole: (n) => `Chaîne vérifiée : intègre (${n} entrées)`,
    broken: (n) => `Chaîne vérifiée : rompue à l'entrée n° ${n}`,
    page: (n, m) => `page ${n} / ${m}`,
  },
  'en-GB': {
    title: 'Police register',
    period: (f, t) => `Period from ${f} to ${t}`,
    printedOn: 'Printed on',
    columns: ['No.', 'Date', 'Customer', 'Object', 'Price and payment', 'Check', 'Correction'],
    document: 'ID',
    imei: 'IMEI',
    serial: 'Serial no.',
    state: 'State',
    corrects: (n) => `Corrects no. ${n}`,
    correctedBy: (n) => `Corrected by no. ${n}`,
    none: 'No entry in this period.',
    whole: (n) => `Chain verified: whole (${n} entries)`,
    broken: (n) => `Chain verified: broken at entry no. ${n}`,
    page: (n, m) => `page ${n} / ${m}`,
  },
  'nl-BE': {
    title: 'Politieregister',
    period: (f, t) => `Periode van ${f} tot ${t}`,
    printedOn: 'Afgedrukt op',
    columns: ['Nr.', 'Datum', 'Klant', 'Voorwerp', 'Prijs en betaling', 'Controle', 'Correctie'],
    document: 'Identiteitsbewijs',
    imei: 'IMEI',
    serial: 'Serienr.',
    state: 'Staat',
    corrects: (n) => `Corrigeert nr. ${n}`,
    correctedBy: (n) => `Gecorrigeerd door nr. ${n}`,
    none: 'Geen inschrijving in deze periode.',
    whole: (n) => `Keten gecontroleerd: volledig (${n} inschrijvingen)`,
    broken: (n) => `Keten gecontroleerd: verbroken bij inschrijving nr. ${n}`,
    page: (n, m) => `pagina ${n} / ${m}`,
  },
  'de-DE': {
    title: 'Polizeiregister',
    period: (f, t) => `Zeitraum vom ${f} bis ${t}`,
    printedOn: 'Gedruckt am',
    columns: ['Nr.', 'Datum', 'Kunde', 'Gegenstand', 'Preis und Zahlung', 'Prüfung', 'Korrektur'],
    document: 'Ausweis',
    imei: 'IMEI',
    serial: 'Seriennr.',
    state: 'Zustand',
    corrects: (n) => `Korrigiert Nr. ${n}`,
    correctedBy: (n) => `Korrigiert durch Nr. ${n}`,
    none: 'Kein Eintrag in diesem Zeitraum.',
    whole: (n) => `Kette geprüft: vollständig (${n} Einträge)`,
    broken: (n) => `Kette geprüft: unterbrochen bei Eintrag Nr. ${n}`,
    page: (n, m) => `Seite ${n} / ${m}`,
  },
};

const WIDTHS = [34, 74, 200, 200, 110, 58, 86] as const;
const FONT_SIZE = 7.5;
const PAD = 3;

const day = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

function cellsOf(e: PoliceRegisterEntryResponse, s: Strings, locale: Locale): string[] {
  const doc = e.seller.identityDocument;
  const seller = [
    `${e.seller.lastName.toUpperCase()} ${e.seller.firstName}`,
    [e.seller.street, e.seller.streetMore].filter(Boolean).join(', '),
    `${e.seller.zip} ${e.seller.city} ${e.seller.country}`,
    doc.type || doc.number
      ? `${s.document}: ${[
          doc.type,
          doc.number,
          doc.issuingAuthority,
          doc.deliveryDate && day(doc.deliveryDate, locale),
        ]
          .filter(Boolean)
          .join(' · ')}`
      : '',
  ];
  const object = [
    [e.object.brand, e.object.productName].filter(Boolean).join(' '),
    e.object.imei ? `${s.imei} ${e.object.imei}` : '',
    e.object.serialNumber ? `${s.serial} ${e.object.serialNumber}` : '',
    `${s.state}: ${e.object.state}`,
  ];
  const correction = [
    e.corrects ? s.corrects(e.corrects.number) : '',
    e.correctionReason ?? '',
    e.correctedBy.length ? s.correctedBy(e.correctedBy.map((c) => c.number).join(', ')) : '',
  ];
  return [
    String(e.number),
    formatDate(new Date(e.acquiredAt), locale),
    seller.filter(Boolean).join('\n'),
    object.filter(Boolean).join('\n'),
    `${formatMoney(e.priceCents, e.currency, locale)}\n${e.paymentModeLabel}`,
    e.deviceCheck ?? '—',
    correction.filter(Boolean).join('\n'),
  ];
}

export async function renderPoliceRegister(data: PoliceRegisterPdfData): Promise<Buffer> {
  const s = STRINGS[data.locale];
  const doc = createPdf(
    { title: `${s.title} ${data.store.name}`, subject: s.period(data.period.from, data.period.to) },
    { layout: 'landscape', bufferPages: true },
  );
  const left = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom - 14;

  const header = () => {
    doc.font(BOLD).fontSize(14).text(`${s.title} — ${data.store.name}`, left, doc.page.margins.top);
    doc.font(REGULAR).fontSize(9).text(data.store.lines.join(' · '));
    doc.text(
      `${s.period(day(data.period.from, data.locale), day(data.period.to, data.locale))} · ${s.printedOn} ${formatDate(data.printedAt, data.locale)}`,
    );
    doc.moveDown(0.5);
    row(s.columns, true);
  };

  const heightOf = (cells: readonly string[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(FONT_SIZE);
    return (
      Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (WIDTHS[i] ?? 50) - 2 * PAD }))) +
      2 * PAD
    );
  };

  function row(cells: readonly string[], bold = false) {
    const h = heightOf(cells, bold);
    const top = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      const w = WIDTHS[i] ?? 50;
      doc.rect(x, top, w, h).lineWidth(0.4).stroke('#999999');
      doc.fillColor('#000000').text(c, x + PAD, top + PAD, { width: w - 2 * PAD });
      x += w;
    });
    doc.x = left;
    doc.y = top + h;
  }

  header();
  if (data.entries.length === 0)
    doc
      .font(REGULAR)
      .fontSize(9)
      .text(s.none, left, doc.y + 8);
  for (const entry of data.entries) {
    const cells = cellsOf(entry, s, data.locale);
    if (doc.y + heightOf(cells, false) > bottom()) {
      doc.addPage();
      header();
    }
    row(cells);
  }

  const verdict = data.verification.whole
    ? s.whole(data.verification.entries)
    : s.broken(data.verification.firstBrokenNumber ?? 0);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom - 4;
    // the foot is drawn in the bottom margin: without it, pdfkit would start a new page
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor('#000000');
    doc.text(verdict, left, y, { lineBreak: false });
    const label = s.page(i - range.start + 1, range.count);
    doc.text(label, doc.page.width - doc.page.margins.right - doc.widthOfString(label), y, {
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  return pdfBuffer(doc);
}
