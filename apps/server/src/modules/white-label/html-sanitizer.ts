import { type Token, tokenize } from './html-tokenizer';

/**
 * The allow-list sanitiser of the custom HTML widget ("sanitised").
 * The input is tokenized, then written back from scratch: only the elements and attributes below,
 * URLs only with a safe scheme, text and attribute values escaped, elements balanced. Whatever the
 * input, the output is markup we wrote, so no script, event handler, `javascript:` URL, frame,
 * object, form control, style or SVG/MathML can come through.
 */

const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir', 'class', 'role', 'aria-label', 'aria-hidden'];

const ALLOWED: Record<string, readonly string[]> = {
  a: ['href', 'target', 'hreflang'],
  abbr: [],
  article: [],
  aside: [],
  b: [],
  blockquote: ['cite'],
  br: [],
  caption: [],
  cite: [],
  code: [],
  dd: [],
  del: [],
  details: [],
  div: [],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  footer: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  header: [],
  hr: [],
  i: [],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  ins: [],
  li: ['value'],
  mark: [],
  ol: ['start', 'reversed', 'type'],
  p: [],
  pre: [],
  q: ['cite'],
  s: [],
  section: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  summary: [],
  sup: [],
  table: [],
  tbody: [],
  td: ['colspan', 'rowspan', 'headers'],
  tfoot: [],
  th: ['colspan', 'rowspan', 'scope'],
  thead: [],
  time: ['datetime'],
  tr: [],
  u: [],
  ul: [],
};

const VOID = new Set([
  'br',
  'hr',
  'img',
  'wbr',
  'area',
  'base',
  'col',
  'embed',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'param',
  'keygen',
  'frame',
]);

/** Removed with everything inside them (their content is code, or foreign markup with its own parsing rules). */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
  'xmp',
  'plaintext',
  'head',
  'button',
  'video',
  'audio',
  'canvas',
  'portal',
]);

const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  href: ['http', 'https', 'mailto', 'tel'],
  src: ['http', 'https'],
  cite: ['http', 'https'],
};

const ENUMERATED: Record<string, readonly string[]> = {
  target: ['_blank', '_self'],
  dir: ['ltr', 'rtl', 'auto'],
  loading: ['lazy', 'eager'],
  scope: ['row', 'col', 'rowgroup', 'colgroup'],
  'aria-hidden': ['true', 'false'],
  type: ['1', 'a', 'A', 'i', 'I'],
};

const NUMERIC = new Set(['width', 'height', 'colspan', 'rowspan', 'start', 'value']);
const BOOLEAN = new Set(['reversed']);

const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A URL as browsers read it (tabs and newlines removed, surrounding spaces and controls trimmed),
 * or null when its scheme is not one allowed. A URL without a scheme is relative and allowed.
 */
export function safeUrl(value: string, schemes: readonly string[]): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers strip these from URLs
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may stay inside a URL
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(cleaned);
  if (scheme) return schemes.includes(scheme[1]!.toLowerCase()) ? cleaned : null;
  // no scheme: a ':' before any '/', '?' or '#' would make browsers read one
  const beforePath = cleaned.split(/[/?#]/, 1)[0]!;
  return beforePath.includes(':') ? null : cleaned;
}

function attributeValue(element: string, name: string, value: string): string | null {
  if (!GLOBAL_ATTRIBUTES.includes(name) && !ALLOWED[element]!.includes(name)) return null;
  const schemes = URL_ATTRIBUTES[name];
  if (schemes) return safeUrl(value, schemes);
  const allowed = ENUMERATED[name];
  if (allowed) return allowed.includes(value.trim()) ? value.trim() : null;
  if (NUMERIC.has(name)) return /^\s*-?\d{1,6}\s*$/.test(value) ? value.trim() : null;
  if (BOOLEAN.has(name)) return '';
  return value;
}

function startTag(token: Extract<Token, { type: 'start' }>): string {
  const parts = [token.name];
  let blank = false;
  for (const [name, raw] of token.attributes) {
    const value = attributeValue(token.name, name, raw);
    if (value === null) continue;
    if (name === 'target' && value === '_blank') blank = true;
    parts.push(BOOLEAN.has(name) ? name : `${name}="${escapeAttribute(value)}"`);
  }
  // a new tab must not reach back to the site (window.opener)
  if (blank) parts.push('rel="noopener noreferrer"');
  return `<${parts.join(' ')}>`;
}

/** The sanitised markup; see the module comment for what survives. */
export function sanitizeHtml(input: string): string {
  const out: string[] = [];
  const open: string[] = [];
  /** Inside a dropped element: its name and nesting depth, until its end tag. */
  let dropping: { name: string; depth: number } | null = null;

  for (const token of tokenize(input)) {
    if (dropping) {
      if (token.type === 'start' && token.name === dropping.name && !token.selfClosing) dropping.depth += 1;
      if (token.type === 'end' && token.name === dropping.name) {
        dropping.depth -= 1;
        if (dropping.depth === 0) dropping = null;
      }
      continue;
    }
    switch (token.type) {
      case 'text':
        out.push(escapeText(token.text));
        break;
      case 'comment':
        break;
      case 'start': {
        if (DROP_WITH_CONTENT.has(token.name)) {
          if (!VOID.has(token.name) && !token.selfClosing) dropping = { name: token.name, depth: 1 };
          break;
        }
        if (!ALLOWED[token.name]) break; // unknown element: dropped, its content kept
        out.push(startTag(token));
        if (!VOID.has(token.name)) open.push(token.name);
        break;
      }
      case 'end': {
        const at = open.lastIndexOf(token.name);
        if (at === -1) break;
        while (open.length > at) out.push(`</${open.pop()}>`);
        break;
      }
    }
  }
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
}
