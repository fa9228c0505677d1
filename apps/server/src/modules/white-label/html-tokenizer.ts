/**
 * A tokenizer for the HTML a retailer pastes into a custom HTML widget, following the states a
 * browser's tokenizer goes through that matter for sanitising (html-sanitizer.test.ts,
 * xss-payloads.ts): data, tag open/close, attributes (quoted and unquoted), comments (including
 * `--!>` and abrupt endings), doctype and bogus comments, and the raw-text elements whose content
 * is not markup. The sanitiser re-serialises the tokens itself, so the browser only ever parses
 * canonical markup written by us.
 */

export type Token =
  | { type: 'text'; text: string }
  | { type: 'start'; name: string; attributes: [string, string][]; selfClosing: boolean }
  | { type: 'end'; name: string }
  | { type: 'comment' };

/** Elements whose content is raw text until their end tag (never markup). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'textarea',
  'title',
  'plaintext',
]);

const WHITESPACE = /[\t\n\f\r ]/;
const ASCII_ALPHA = /[A-Za-z]/;

export function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let text = '';
  const flushText = () => {
    if (text) tokens.push({ type: 'text', text: decodeEntities(text) });
    text = '';
  };

  while (i < html.length) {
    const c = html[i]!;
    if (c !== '<') {
      const next = html.indexOf('<', i);
      const end = next === -1 ? html.length : next;
      text += html.slice(i, end);
      i = end;
      continue;
    }
    const n = html[i + 1];
    if (n === '!') {
      flushText();
      i = skipMarkupDeclaration(html, i + 2);
      tokens.push({ type: 'comment' });
      continue;
    }
    if (n === '?') {
      // bogus comment until the next '>'
      flushText();
      const close = html.indexOf('>', i);
      i = close === -1 ? html.length : close + 1;
      tokens.push({ type: 'comment' });
      continue;
    }
    if (n === '/') {
      const m = html[i + 2];
      if (m !== undefined && ASCII_ALPHA.test(m)) {
        flushText();
        const tag = readTag(html, i + 2);
        tokens.push({ type: 'end', name: tag.name });
        i = tag.end;
        continue;
      }
      if (m === '>') {
        i += 3; // '</>' is ignored
        continue;
      }
      // '</' followed by anything else opens a bogus comment
      flushText();
      const close = html.indexOf('>', i);
      i = close === -1 ? html.length : close + 1;
      tokens.push({ type: 'comment' });
      continue;
    }
    if (n !== undefined && ASCII_ALPHA.test(n)) {
      flushText();
      const tag = readTag(html, i + 1);
      tokens.push({
        type: 'start',
        name: tag.name,
        attributes: tag.attributes,
        selfClosing: tag.selfClosing,
      });
      i = tag.end;
      if (RAW_TEXT.has(tag.name)) {
        // the content is text up to the matching end tag; `plaintext` never ends
        const closing = tag.name === 'plaintext' ? -1 : findRawTextEnd(html, i, tag.name);
        const end = closing === -1 ? html.length : closing;
        tokens.push({ type: 'text', text: html.slice(i, end) });
        i = end;
      }
      continue;
    }
    // a '<' that opens nothing is text
    text += '<';
    i += 1;
  }
  flushText();
  return tokens;
}

function findRawTextEnd(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let at = from;
  while (true) {
    const found = lower.indexOf(`</${name}`, at);
    if (found === -1) return -1;
    const after = html[found + 2 + name.length];
    if (after === undefined || after === '>' || after === '/' || WHITESPACE.test(after)) return found;
    at = found + 1;
  }
}

/** `<!-- … -->`, `<!DOCTYPE …>`, `<![CDATA[…]]>` (bogus in HTML) and other `<!…>`; answers the index after it. */
function skipMarkupDeclaration(html: string, from: number): number {
  if (html.startsWith('--', from)) {
    let at = from + 2;
    // '<!-->' and '<!--->' close at once
    if (html[at] === '>') return at + 1;
    if (html.startsWith('->', at)) return at + 2;
    while (at < html.length) {
      const dash = html.indexOf('--', at);
      if (dash === -1) return html.length;
      if (html[dash + 2] === '>') return dash + 3;
      if (html.startsWith('!>', dash + 2)) return dash + 4;
      at = dash + 1;
    }
    return html.length;
  }
  const close = html.indexOf('>', from);
  return close === -1 ? html.length : close + 1;
}

interface ReadTag {
  name: string;
  attributes: [string, string][];
  selfClosing: boolean;
  end: number;
}

function readTag(html: string, from: number): ReadTag {
  let i = from;
  let name = '';
  while (i < html.length && !WHITESPACE.test(html[i]!) && html[i] !== '/' && html[i] !== '>') {
    name += html[i];
    i += 1;
  }
  const attributes: [string, string][] = [];
  const seen = new Set<string>();
  let selfClosing = false;
  while (i < html.length) {
    const c = html[i]!;
    if (WHITESPACE.test(c)) {
      i += 1;
      continue;
    }
    if (c === '>') return { name: name.toLowerCase(), attributes, selfClosing, end: i + 1 };
    if (c === '/') {
      selfClosing = html[i + 1] === '>';
      i += 1;
      continue;
    }
    selfClosing = false;
    // attribute name: the first character may be '=' (it is then part of the name)
    let attrName = c;
    i += 1;
    while (i < html.length && !WHITESPACE.test(html[i]!) && !'/>='.includes(html[i]!)) {
      attrName += html[i];
      i += 1;
    }
    while (i < html.length && WHITESPACE.test(html[i]!)) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && WHITESPACE.test(html[i]!)) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        const end = close === -1 ? html.length : close;
        value = html.slice(i + 1, end);
        i = close === -1 ? html.length : close + 1;
      } else {
        while (i < html.length && !WHITESPACE.test(html[i]!) && html[i] !== '>') {
          value += html[i];
          i += 1;
        }
      }
    }
    const key = attrName.toLowerCase();
    // the first of duplicate attributes wins, as in browsers
    if (!seen.has(key)) {
      seen.add(key);
      attributes.push([key, decodeEntities(value)]);
    }
  }
  // an unterminated tag at the end of input is dropped by browsers
  return { name: name.toLowerCase(), attributes: [], selfClosing: false, end: html.length };
}

/** Named references decoded here; any other `&name;` stays literal text (and is escaped on output). */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  micro: 'µ',
  middot: '·',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  iexcl: '¡',
  iquest: '¿',
  ordf: 'ª',
  ordm: 'º',
  sup1: '¹',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  shy: '\u00ad',
  thinsp: '\u2009',
  ensp: '\u2002',
  emsp: '\u2003',
  szlig: 'ß',
  oelig: 'œ',
  OElig: 'Œ',
  aelig: 'æ',
  AElig: 'Æ',
};
for (const [letter, marks] of Object.entries({
  a: 'grave acute circ tilde uml ring',
  e: 'grave acute circ uml',
  i: 'grave acute circ uml',
  o: 'grave acute circ tilde uml slash',
  u: 'grave acute circ uml',
  y: 'acute uml',
  n: 'tilde',
  c: 'cedil',
})) {
  const combining: Record<string, string> = {
    grave: '\u0300',
    acute: '\u0301',
    circ: '\u0302',
    tilde: '\u0303',
    uml: '\u0308',
    ring: '\u030a',
    cedil: '\u0327',
    slash: '',
  };
  for (const mark of marks.split(' ')) {
    const lower = mark === 'slash' ? 'ø' : (letter + combining[mark]).normalize('NFC');
    const upper = mark === 'slash' ? 'Ø' : (letter.toUpperCase() + combining[mark]).normalize('NFC');
    NAMED[`${letter}${mark}`] = lower;
    NAMED[`${letter.toUpperCase()}${mark}`] = upper;
  }
}

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,8});?|#([0-9]{1,10});?|([A-Za-z][A-Za-z0-9]{0,31});)/g;

/** Decodes character references; invalid code points become U+FFFD, as browsers do. */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(REFERENCE, (whole, hex: string | undefined, dec: string | undefined, named) => {
    if (hex !== undefined || dec !== undefined) {
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec as string, 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED[named as string] ?? whole;
  });
}
