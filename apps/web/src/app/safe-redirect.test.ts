import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const ORIGIN = 'https://reprise.example';

/** True when a browser at ORIGIN, going to `path`, stays on ORIGIN without any re-reading of the path. */
function staysHome(path: string): boolean {
  const url = new URL(path, ORIGIN);
  const decoded = decodeURIComponent(url.pathname);
  return url.origin === ORIGIN && !decoded.startsWith('//') && !decoded.includes('\\');
}

const TRICKY = [
  '/\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/\u0000/evil.example',
  '/\u001f/evil.example',
  '/\u007f/evil.example',
  '\t/home',
  '/home\t',
  '/ho\nme',
  ' /home',
  '/home ',
  '/ /evil.example',
  '/\u00a0/evil.example',
  '/\u2028/evil.example',
  '/\ufeff/evil.example',
  '//evil.example',
  '///evil.example',
  '//evil.example/home',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%00',
  '/%E0%A4%A',
  '/..//evil.example',
  '/./..//evil.example',
  '/a/../..//evil.example',
  '/%2E%2E//evil.example',
  'https://evil.example',
  'https://evil.example/home',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example@reprise.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'mailto:someone@evil.example',
  'evil.example',
  'home',
  '.',
  '..',
  '',
  ' ',
  '?redirect=/home',
  '#/home',
];

describe('the redirect after sign-in accepts only paths of the app itself', () => {
  it.each(TRICKY)('refuses %j and goes home', (target) => {
    expect(safeRedirect(target)).toBe('/home');
  });

  it('goes home without a target', () => {
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect(undefined)).toBe('/home');
  });

  it.each([
    ['/home', '/home'],
    ['/buybacks', '/buybacks'],
    ['/buybacks/123e4567-e89b-42d3-a456-426614174000', '/buybacks/123e4567-e89b-42d3-a456-426614174000'],
    ['/users?page=2&search=dupont', '/users?page=2&search=dupont'],
    ['/products?search=a%2Fb', '/products?search=a%2Fb'],
    ['/users#top', '/users#top'],
    ['/catalog/caf%C3%A9', '/catalog/caf%C3%A9'],
    ['/café', '/caf%C3%A9'],
    ['/a/./b/../c', '/a/c'],
    ['/..', '/'],
    ['/', '/'],
  ])('keeps the app path %j as %j', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it('whatever the input, the answer is a path that stays on our origin', () => {
    const pieces = [
      '/',
      '\\',
      '.',
      '..',
      '%2F',
      '%5C',
      '%2E',
      '\t',
      '\n',
      ' ',
      'evil.example',
      ':',
      '@',
      '?',
      '#',
      'a',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 5000; i += 1) {
      let target = '';
      const length = 1 + (next() % 6);
      for (let j = 0; j < length; j += 1) target += pieces[next() % pieces.length];
      const answer = safeRedirect(target);
      expect(answer.startsWith('/') && staysHome(answer), `${JSON.stringify(target)} → ${answer}`).toBe(true);
    }
    for (const target of TRICKY) expect(staysHome(safeRedirect(target))).toBe(true);
  });
});
