import { describe, expect, it } from 'vitest';
import { hostnameOf, resolveSiteHost } from './site-host';

describe('site host resolution', () => {
  it.each([
    ['localhost:3000', 'localhost'],
    ['127.0.0.1:3000', 'localhost'],
    ['[::1]:3000', 'localhost'],
    ['app.reprise.example', 'app.reprise.example'],
    ['APP.Reprise.example.:443', 'app.reprise.example'],
  ])('%s is the back office (base %s)', (host, base) => {
    expect(resolveSiteHost(host, base)).toEqual({ kind: 'back_office' });
  });

  it('a sub-domain of localhost names a site by slug in development', () => {
    expect(resolveSiteHost('demo-retail.localhost:3000', 'localhost')).toEqual({
      kind: 'slug',
      slug: 'demo-retail',
    });
  });

  it('a sub-domain of the base host names a site by slug', () => {
    expect(resolveSiteHost('Demo-Retail.app.reprise.example', 'app.reprise.example')).toEqual({
      kind: 'slug',
      slug: 'demo-retail',
    });
  });

  it('a deeper sub-domain is not a slug', () => {
    expect(resolveSiteHost('a.b.localhost', 'localhost')).toEqual({
      kind: 'domain',
      domain: 'a.b.localhost',
    });
  });

  it('any other host is looked up as an own domain', () => {
    expect(resolveSiteHost('reprise.demo-retail.example:443', 'localhost')).toEqual({
      kind: 'domain',
      domain: 'reprise.demo-retail.example',
    });
  });

  it('reads host names without port', () => {
    expect(hostnameOf('x.localhost:3305')).toBe('x.localhost');
    expect(hostnameOf(undefined)).toBe('');
  });
});
