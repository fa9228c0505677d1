import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: '10.0.0.0/8' })]);
});
afterAll(() => Promise.all([direct.close(), proxied.close()]));

describe('the request id', () => {
  it('is in every answer and in every problem document, the same, new for each request', async () => {
    const missing = await direct.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(UUID);
    expect(missing.json()).toMatchObject({ code: 'not_found', requestId: missing.headers['x-request-id'] });

    const invalid = await direct.app.inject({ method: 'POST', url: '/api/login', payload: { email: 1 } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      code: 'validation_failed',
      requestId: invalid.headers['x-request-id'],
    });

    const unauthenticated = await direct.app.inject({ method: 'GET', url: '/api/buybacks' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().requestId).toBe(unauthenticated.headers['x-request-id']);

    const health = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-request-id']).toMatch(UUID);
    expect(
      new Set([missing, invalid, unauthenticated, health].map((r) => r.headers['x-request-id'])).size,
    ).toBe(4);
  });

  it("is the trusted proxy's when it sends a well-formed one, never a client's own choice", async () => {
    const sent = { 'x-request-id': 'nginx-7f3a9c01' };
    const viaProxy = await proxied.app.inject({ method: 'GET', url: '/api/nowhere', headers: sent });
    expect(viaProxy.headers['x-request-id']).toBe('nginx-7f3a9c01');
    expect(viaProxy.json().requestId).toBe('nginx-7f3a9c01');
    // no proxy trusted: whoever connects cannot name the request
    const fromClient = await direct.app.inject({ method: 'GET', url: '/api/nowhere', headers: sent });
    expect(fromClient.headers['x-request-id']).toMatch(UUID);
    // what could split or flood a log line is replaced
    for (const bad of ['two words', 'x'.repeat(65), 'id\u00e9']) {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/nowhere',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });
});
