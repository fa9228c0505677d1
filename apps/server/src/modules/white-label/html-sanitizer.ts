import sanitize from 'sanitize-html';

/**
 * The allow-list sanitiser of the custom HTML widget ("sanitised"), on the sanitize-html library.
 * The input is parsed, then written back from scratch: only the elements and attributes below,
 * URLs only with a safe scheme, text and attribute values escaped, elements balanced. Whatever the
 * input, the output is markup the library wrote, so no script, event handler, `javascript:` URL,
 * frame, object, form control, style or SVG/MathML can come through.
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

/** Removed with everything inside them (their content is code, or foreign markup with its own parsing rules). */
const DROP_WITH_CONTENT = [
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
];

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

/** The value kept for an attribute of an allowed element, or null when the attribute is dropped. */
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

/** An allowed element's attributes with their values checked, plus `rel` on a link opening a new tab. */
function checkedAttributes(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  if (!ALLOWED[tagName]) return { tagName, attribs };
  const checked: sanitize.Attributes = {};
  for (const [name, raw] of Object.entries(attribs)) {
    const value = attributeValue(tagName, name, raw);
    if (value !== null) checked[name] = value;
  }
  // a new tab must not reach back to the site (window.opener)
  if (checked.target === '_blank') checked.rel = 'noopener noreferrer';
  return { tagName, attribs: checked };
}

const allAttributes = [...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(ALLOWED).flat()])];

/** `allowedEmptyAttributes` is an option of the library that its type definitions do not list yet. */
const OPTIONS: sanitize.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: Object.keys(ALLOWED),
  allowedAttributes: {
    '*': GLOBAL_ATTRIBUTES,
    ...Object.fromEntries(Object.entries(ALLOWED).map(([tag, names]) => [tag, [...names]])),
    a: [...ALLOWED.a!, 'rel'],
  },
  // an attribute given empty stays empty (`title=""`); a boolean one is written bare
  allowedEmptyAttributes: allAttributes.filter((name) => !BOOLEAN.has(name)),
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { a: [...URL_ATTRIBUTES.href!] },
  allowedSchemesAppliedToAttributes: Object.keys(URL_ATTRIBUTES),
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'img'],
  transformTags: { '*': checkedAttributes },
};

/** The sanitised markup; see the module comment for what survives. */
export function sanitizeHtml(input: string): string {
  return sanitize(input, OPTIONS);
}
