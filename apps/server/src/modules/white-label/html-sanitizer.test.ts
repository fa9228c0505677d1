import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './html-sanitizer';
import { unsafeParts, XSS_PAYLOADS } from './xss-payloads';

function assertNeutral(output: string) {
  expect(unsafeParts(output)).toEqual([]);
}

describe('custom HTML sanitiser', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const output = sanitizeHtml(payload);
    assertNeutral(output);
    // sanitising is stable: the output is already canonical
    expect(sanitizeHtml(output)).toBe(output);
  });

  it('removes scripts with their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert("x")</script><p>there</p>')).toBe('<p>Hi</p><p>there</p>');
  });

  it('removes event handlers and keeps the other attributes', () => {
    expect(sanitizeHtml('<p class="lead" onclick="alert(1)" title="t">x</p>')).toBe(
      '<p class="lead" title="t">x</p>',
    );
  });

  it('removes a javascript: link but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">Offer</a>')).toBe('<a>Offer</a>');
  });

  it('removes iframes and objects with their content', () => {
    expect(
      sanitizeHtml('<iframe src="https://x.test">fallback</iframe><object data="x"><p>in</p></object>ok'),
    ).toBe('ok');
  });

  it('keeps the allowed markup of a real promotion block', () => {
    const html =
      '<section class="promo"><h2>Trade in your phone</h2><p>Get <strong>up to 40%</strong> more with a <em>voucher</em>.</p>' +
      '<ul><li>Fast</li><li>Simple</li></ul><img src="https://cdn.example.com/promo.jpg" alt="Phones" width="320" height="200">' +
      '<a href="https://example.com/offer" target="_blank">See the offer</a> <a href="/stores">Stores</a> <a href="mailto:help@example.com">Mail</a></section>';
    expect(sanitizeHtml(html)).toBe(
      '<section class="promo"><h2>Trade in your phone</h2><p>Get <strong>up to 40%</strong> more with a <em>voucher</em>.</p>' +
        '<ul><li>Fast</li><li>Simple</li></ul><img src="https://cdn.example.com/promo.jpg" alt="Phones" width="320" height="200" />' +
        '<a href="https://example.com/offer" target="_blank" rel="noopener noreferrer">See the offer</a> <a href="/stores">Stores</a> <a href="mailto:help@example.com">Mail</a></section>',
    );
  });

  it('unwraps unknown elements, keeping their text', () => {
    expect(sanitizeHtml('<font color="red">Red</font> <center>mid</center>')).toBe('Red mid');
  });

  it('balances elements left open or closed out of order', () => {
    // as in a browser, an end tag `</p>` with no paragraph open reads as an empty paragraph
    expect(sanitizeHtml('<div><p><strong>bold</div>after</p>')).toBe(
      '<div><p><strong>bold</strong></p></div>after<p></p>',
    );
  });

  it('escapes text and decodes character references once', () => {
    expect(sanitizeHtml('<p>5 &lt; 6 &amp; caf&eacute; &#233; 1 < 2</p>')).toBe(
      '<p>5 &lt; 6 &amp; café é 1 &lt; 2</p>',
    );
  });

  it('drops numeric attributes that are not numbers and enumerated values not listed', () => {
    expect(sanitizeHtml('<img src="/a.png" alt="" width="100%" loading="auto">')).toBe(
      '<img src="/a.png" alt="" />',
    );
  });

  it('keeps any input neutral (property over generated markup)', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '\n',
      '&',
      '#',
      ';',
      ':',
      '-',
      '!',
      '?',
      'script',
      'img',
      'a',
      'p',
      'svg',
      'style',
      'iframe',
      'on',
      'onerror',
      'href',
      'src',
      'javascript',
      'x',
      '<!--',
      '-->',
      '&#106;',
      '&colon;',
      'noscript',
      'title',
      'textarea',
      'math',
      'template',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const output = sanitizeHtml(pieces.join(''));
        assertNeutral(output);
        expect(sanitizeHtml(output)).toBe(output);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the neutrality check itself', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src="x" onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<p style="x">x</p>',
    '<iframe></iframe>',
  ])('finds what is unsafe in %s', (markup) => {
    expect(unsafeParts(markup)).not.toEqual([]);
  });
});

describe('safe URLs', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['/stores', '/stores'],
    ['page?x=a:b', 'page?x=a:b'],
    ['#top', '#top'],
    ['  https://x.test  ', 'https://x.test'],
    ['tel:+33100000000', 'tel:+33100000000'],
  ])('accepts %s', (value, expected) => {
    expect(safeUrl(value, ['http', 'https', 'mailto', 'tel'])).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x', 'x:y', 'a\u0001b', 'feed:x'])(
    'refuses %j',
    (value) => {
      expect(safeUrl(value, ['http', 'https', 'mailto', 'tel'])).toBeNull();
    },
  );
});
