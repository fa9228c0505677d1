import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { mayReload, readVisitor, startVisitor, VISITOR_KEY, type VisitorDeps } from './visitor';

const ACCOUNT = '00000000-0000-4000-8000-000000000200';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function deps(
  storage: ReturnType<typeof memoryStorage>,
  features: Array<() => Promise<{ features: string[]; connectorActions?: string[] }>>,
) {
  let made = 0;
  const createVisitor = vi.fn(async () => ({ id: `visitor-${++made}`, accountId: ACCOUNT }));
  const premiumFeatures = vi.fn(async () => {
    const next = features.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { storage, createVisitor, premiumFeatures } satisfies VisitorDeps;
}

const ok = (features: string[]) => async () => ({ features });
const fail = (status: number) => async () => {
  throw new ApiError(status, null);
};

describe('visitor start-up', () => {
  it('makes a visitor when this browser has none, keeps only its id, then reads the premium features', async () => {
    const storage = memoryStorage();
    const d = deps(storage, [ok(['multi_product_cart'])]);
    const result = await startVisitor(ACCOUNT, d);
    expect(result).toEqual({
      kind: 'ready',
      visitor: { id: 'visitor-1', accountId: ACCOUNT },
      features: ['multi_product_cart'],
      connectorActions: [],
    });
    expect(d.createVisitor).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.data.get(VISITOR_KEY) ?? '')).toEqual({ id: 'visitor-1', accountId: ACCOUNT });
  });

  it("passes on the account's premium-feature connector actions (search by IMEI)", async () => {
    const d = deps(memoryStorage(), [async () => ({ features: [], connectorActions: ['imei_lookup'] })]);
    expect(await startVisitor(ACCOUNT, d)).toMatchObject({
      kind: 'ready',
      connectorActions: ['imei_lookup'],
    });
  });

  it('reuses the visitor of this browser for the same site, not for another', async () => {
    const storage = memoryStorage({ [VISITOR_KEY]: JSON.stringify({ id: 'kept', accountId: ACCOUNT }) });
    const d = deps(storage, [ok([])]);
    expect(await startVisitor(ACCOUNT, d)).toMatchObject({ kind: 'ready', visitor: { id: 'kept' } });
    expect(d.createVisitor).not.toHaveBeenCalled();
    expect(readVisitor(storage, 'another-account')).toBeNull();
  });

  it('a 401 on the premium features drops the visitor and makes a new one', async () => {
    const storage = memoryStorage({ [VISITOR_KEY]: JSON.stringify({ id: 'expired', accountId: ACCOUNT }) });
    const d = deps(storage, [fail(401), ok(['payment_bonus'])]);
    const result = await startVisitor(ACCOUNT, d);
    expect(result).toMatchObject({
      kind: 'ready',
      visitor: { id: 'visitor-1' },
      features: ['payment_bonus'],
    });
    expect(d.createVisitor).toHaveBeenCalledTimes(1);
    expect(readVisitor(storage, ACCOUNT)?.id).toBe('visitor-1');
  });

  it('another failure asks for a reload (and so does a second 401)', async () => {
    expect(await startVisitor(ACCOUNT, deps(memoryStorage(), [fail(500)]))).toEqual({ kind: 'reload' });
    expect(await startVisitor(ACCOUNT, deps(memoryStorage(), [fail(0)]))).toEqual({ kind: 'reload' });
    expect(await startVisitor(ACCOUNT, deps(memoryStorage(), [fail(401), fail(401)]))).toEqual({
      kind: 'reload',
    });
  });

  it('a visitor that cannot be made rejects', async () => {
    const d = deps(memoryStorage(), [ok([])]);
    d.createVisitor.mockRejectedValueOnce(new ApiError(404, null));
    await expect(startVisitor(ACCOUNT, d)).rejects.toBeInstanceOf(ApiError);
  });

  it('reloads at most once a minute', () => {
    const storage = memoryStorage();
    expect(mayReload(storage, 1_000_000)).toBe(true);
    expect(mayReload(storage, 1_030_000)).toBe(false);
    expect(mayReload(storage, 1_061_000)).toBe(true);
  });
});
