import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiKit, startApiKit } from '../../../test/api-kit';
import { DEMO } from '../../../test/test-app';

const O = DEMO.orgs;
let kit: ApiKit;

beforeAll(async () => {
  kit = await startApiKit();
});
afterAll(() => kit.close());

const statusOf = async (id: string) =>
  (await kit.t.db.selectFrom('organizations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
const violations = (res: { json(): { violations?: { propertyPath: string; code: string }[] } }) =>
  res.json().violations?.map((v) => `${v.propertyPath}:${v.code}`);

describe("an organisation's own users cannot cut off their branch", () => {
  it('a management unit manager cannot deactivate its own management unit', async () => {
    const res = await kit.patch('mu', `/api/organizations/${O.muFrance}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('own_organization_protected');
    expect(violations(res)).toEqual(['status:own_organization_protected']);
    expect(await statusOf(O.muFrance)).toBe('active');
  });

  it('a management unit manager cannot move its own management unit', async () => {
    const res = await kit.patch('mu', `/api/organizations/${O.muFrance}`, {
      parentOrganizationId: O.muBenelux,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(violations(res)).toContain('parentOrganizationId:own_organization_protected');
  });

  it('the root management unit manager cannot deactivate the root management unit', async () => {
    const res = await kit.patch('rmu', `/api/organizations/${O.retailRoot}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(422);
    expect(violations(res)).toEqual(['status:own_organization_protected']);
    expect(await statusOf(O.retailRoot)).toBe('active');
  });

  it('an organisation above the manager is out of its reach: 404, and nothing changes', async () => {
    const res = await kit.patch('mu', `/api/organizations/${O.retailRoot}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(404);
    expect(await statusOf(O.retailRoot)).toBe('active');
  });

  it('a platform admin cannot deactivate the platform organisation', async () => {
    const res = await kit.patch('admin', `/api/organizations/${O.platform}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(422);
    expect(violations(res)).toEqual(['status:own_organization_protected']);
    expect(await statusOf(O.platform)).toBe('active');
  });

  it('a manager still edits its own organisation otherwise, and deactivates or moves those below it', async () => {
    const renamed = await kit.patch('mu', `/api/organizations/${O.muFrance}`, {
      commonName: 'Direction France Nord',
      status: 'active',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const below = await kit.patch('mu', `/api/organizations/${O.storeLille}`, { status: 'inactive' });
    expect(below.statusCode, below.body).toBe(200);
    expect(await statusOf(O.storeLille)).toBe('inactive');
    const moved = await kit.patch('rmu', `/api/organizations/${O.storeLille}`, {
      parentOrganizationId: O.muBenelux,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('a platform admin deactivates a root management unit of a retailer', async () => {
    const res = await kit.patch('admin', `/api/organizations/${O.otherRoot}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(O.otherRoot)).toBe('inactive');
  });
});
