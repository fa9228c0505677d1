import { PERMISSION_NAMES, type Permission } from '@reprise/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app';
import { mayUse, registerAuth } from './auth-hook';
import { loadConfig } from './config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sampleUrl = (url: string) => url.replace(/:(\w+)/g, DEMO.orgs.storeParis);

describe('route permissions', () => {
  it('refuses at start-up a route that declares no permission', async () => {
    const probe = Fastify();
    registerAuth(probe, t.db, loadConfig({}));
    expect(() => probe.get('/api/undeclared', async () => 'x')).toThrow(/declares no permission/);
  });

  it('every API route declares a permission of the registry, public or authenticated', () => {
    const names = new Set<string>(PERMISSION_NAMES);
    expect(t.app.apiRoutes.length).toBeGreaterThan(5);
    for (const route of t.app.apiRoutes) {
      const label = `${route.method} ${route.url}`;
      expect(Boolean(route.permission || route.public || route.authenticated), label).toBe(true);
      for (const permission of [route.permission ?? []].flat())
        expect(names.has(permission), label).toBe(true);
    }
  });

  it('every route that is not public answers 401 without a session', async () => {
    for (const route of t.app.apiRoutes.filter((r) => !r.public)) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it('serves the OpenAPI document without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/login']).toBeDefined();
  });

  it('reads field[]=a&field[]=b as an array and keeps order[field] keys', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/organizations?type[]=warehouse&type[]=buyer&order[commonName]=desc&itemsPerPage=50',
      headers: { authorization: admin.authorization },
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().member.map((o: { commonName: string }) => o.commonName);
    expect(names).toEqual(['Entrepôt Saint-Priest', 'Demo Buyer', 'Atelier Roubaix']);
  });

  it('a route answers 403 to a signed-in user without its permission', async () => {
    const seller = await t.login('store_seller@demo.test');
    const sellerPermissions = new Set((seller.user.frontPermissions as Record<string, Permission[]>).tim);
    const denied = t.app.apiRoutes.filter(
      (r) => r.permission && !mayUse(sellerPermissions, r.permission) && r.method === 'GET',
    );
    expect(denied.length).toBeGreaterThan(0);
    for (const route of denied) {
      const res = await t.app.inject({
        method: 'GET',
        url: sampleUrl(route.url),
        headers: { authorization: seller.authorization },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
