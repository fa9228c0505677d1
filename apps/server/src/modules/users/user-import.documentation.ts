import {
  type Locale,
  MODULE_TYPES,
  type ModuleType,
  type OrganizationType,
  PARENT_TYPE_OF_USER_TYPE,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_LINES,
  USER_TYPES_BY_MODULE,
  type UserType,
} from '@reprise/shared';
import { BOLD, createPdf, pdfBuffer, REGULAR } from '../../platform/documents/pdf';
import { parentEntityColumn, USER_IMPORT_REQUIRED_COLUMNS, userTypeColumn } from './user-import.csv';
import {
  type DocumentationStrings,
  USER_IMPORT_DOCUMENTATION_STRINGS,
} from './user-import.documentation-strings';

/**
 * The documentation of the batch user import's file (GET /api/users/import/documentation): what
 * each column means, the values allowed, the limits and the dry run, in one of the four languages.
 * Its facts come from the same constants the import reads (user-import.csv.ts, @reprise/shared).
 */

/** The user types a file may name: every one but the public site's anonymous visitor. */
const importableUserTypes = (module: ModuleType) =>
  USER_TYPES_BY_MODULE[module].filter(
    (u): u is Exclude<UserType, 'pseudo_anonymous'> => u !== 'pseudo_anonymous',
  );

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string) {
  doc.moveDown(0.8);
  doc.font(BOLD).fontSize(13).fillColor('#1a1a1a').text(text, doc.page.margins.left);
  doc.moveDown(0.3);
  doc.font(REGULAR).fontSize(10);
}

function paragraph(doc: Doc, text: string) {
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor('#000000')
    .text(text, doc.page.margins.left, doc.y, {
      width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
    });
  doc.moveDown(0.4);
}

function bullets(doc: Doc, items: readonly string[]) {
  doc.font(REGULAR).fontSize(10).fillColor('#000000');
  doc.list([...items], doc.page.margins.left + 6, doc.y, {
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right - 12,
    bulletRadius: 1.8,
    textIndent: 12,
  });
  doc.moveDown(0.4);
}

/** A table row: cells side by side, the row as high as its tallest cell; a new page when needed. */
function row(doc: Doc, cells: readonly string[], widths: readonly number[], header = false) {
  const font = header ? BOLD : REGULAR;
  doc.font(font).fontSize(9);
  const height =
    Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] as number) - 8 }))) + 6;
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  let x = doc.page.margins.left;
  if (header)
    doc
      .rect(
        x,
        top,
        widths.reduce((a, b) => a + b, 0),
        height,
      )
      .fill('#eeeeee');
  doc.fillColor('#000000');
  cells.forEach((cell, i) => {
    doc
      .font(font)
      .fontSize(9)
      .text(cell, x + 4, top + 3, { width: (widths[i] as number) - 8 });
    x += widths[i] as number;
  });
  doc
    .moveTo(doc.page.margins.left, top + height)
    .lineTo(x, top + height)
    .lineWidth(0.5)
    .strokeColor('#bbbbbb')
    .stroke();
  doc.y = top + height;
}

function columnsTable(doc: Doc, t: DocumentationStrings) {
  const widths = [130, 70, 315];
  row(doc, [t.table.column, t.table.required, t.table.meaning], widths, true);
  const required = (c: string) =>
    (USER_IMPORT_REQUIRED_COLUMNS as readonly string[]).includes(c) ? t.yes : t.no;
  for (const [column, meaning] of Object.entries(t.columns))
    row(doc, [column, required(column), meaning], widths);
  for (const module of MODULE_TYPES) {
    row(doc, [userTypeColumn(module), t.no, t.userTypeColumn(t.modules[module])], widths);
    row(doc, [parentEntityColumn(module), t.no, t.parentEntityColumn(t.modules[module])], widths);
  }
}

function rolesTable(doc: Doc, t: DocumentationStrings) {
  const widths = [110, 175, 120, 110];
  row(doc, [t.table.module, t.table.value, t.table.role, t.table.entityType], widths, true);
  for (const module of MODULE_TYPES) {
    for (const userType of importableUserTypes(module)) {
      const entityTypes = PARENT_TYPE_OF_USER_TYPE[userType]
        .map((o: OrganizationType) => t.organizationTypes[o])
        .join(', ');
      row(
        doc,
        [`${t.modules[module]} (${userTypeColumn(module)})`, userType, t.userTypes[userType], entityTypes],
        widths,
      );
    }
  }
}

/** The documentation PDF in `locale`. */
export function renderUserImportDocumentation(locale: Locale): Promise<Buffer> {
  const t = USER_IMPORT_DOCUMENTATION_STRINGS[locale];
  const doc = createPdf({ title: t.title });
  doc.font(BOLD).fontSize(18).text(t.title);
  doc.moveDown(0.5);
  paragraph(doc, t.intro);
  bullets(doc, t.steps);

  heading(doc, t.formatHeading);
  bullets(doc, t.format(USER_IMPORT_MAX_LINES, Math.round(USER_IMPORT_MAX_BYTES / (1024 * 1024))));

  heading(doc, t.columnsHeading);
  columnsTable(doc, t);

  heading(doc, t.rolesHeading);
  paragraph(doc, t.rolesIntro);
  rolesTable(doc, t);

  heading(doc, t.parentHeading);
  paragraph(doc, t.parentText);

  heading(doc, t.rulesHeading);
  bullets(doc, t.rules);

  heading(doc, t.dryRunHeading);
  paragraph(doc, t.dryRunText);

  heading(doc, t.errorsHeading);
  paragraph(doc, t.errorsText);
  return pdfBuffer(doc);
}
