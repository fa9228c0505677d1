import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../../test/test-app';
import { multipartFile, PNG, REFUSED_POLICY_PDFS, textPdf } from '../../../test/upload-kit';
import { systemContext } from '../../platform/request-context';
import { listRetailerSites } from './white-label.repository';
import { unsafeParts, XSS_PAYLOADS } from './xss-payloads';

const A = DEMO.accounts;
const DEMO_HOST = 'demo-retail.localhost:3000';
const OTHER_HOST = 'other-retail.localhost:3000';

let t: TestApp;
const as: Record<string, string> = {};

function multipart(data: Buffer, filename: string) {
  return multipartFile(data, { filename, type: 'application/octet-stream' });
}

const publicGet = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });

const call = (who: string, method: 'GET' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: as[who] as string,
      ...(method === 'PATCH' ? { 'content-type': 'application/merge-patch+json' } : {}),
    },
    ...(payload === undefined
      ? {}
      : { payload: method === 'PATCH' ? JSON.stringify(payload) : (payload as object) }),
  });

const uploadTo = (who: string, url: string, data: Buffer, filename: string) => {
  const body = multipart(data, filename);
  return t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: as[who] as string, ...body.headers },
    payload: body.payload,
  });
};

async function publishedProducts(accountId: string, count: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('products')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'published')
    .orderBy('id')
    .limit(count)
    .execute();
  return rows.map((r) => r.id);
}

const validHome = (overrides: Record<string, unknown> = {}) => ({
  status: 'published',
  metaTitle: 'Demo Retail trade-in',
  metaDescription: 'Sell your devices to Demo Retail.',
  bannerTitle: 'Sell your phone',
  widgets: [
    { type: 'search' },
    { type: 'custom_html', html: '<p>Welcome to our <strong>trade-in</strong> site.</p>' },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const email of [
    'admin@demo.test',
    'root_management_unit_manager@demo.test',
    'root_management_unit_manager@other.test',
    'store_seller@demo.test',
  ])
    as[email] = (await t.login(email)).authorization;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('host resolution and the public config', () => {
  it('an active site answers its config by host, with the fields of the spec and its brand', async () => {
    const res = await publicGet(DEMO_HOST, '/api/white-label/config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'accessibilityStatement',
        'axeptioId',
        'brand',
        'buybackZeroDescription',
        'noSearchResultDescription',
        'cookiesPolicy',
        'dropOffLocationsMapEnabled',
        'externalWebsiteLink',
        'tagManagerId',
      ].sort(),
    );
    expect(body.brand).toMatchObject({ accountId: A.demoRetail, name: 'Demo Retail', mainColor: '#2ed678' });
    expect(body.externalWebsiteLink).toEqual({
      url: 'https://www.demo-retail.test',
      text: 'demo-retail.test',
    });
  });

  it("the config answers the retailer's zero-price and no-result texts of its general settings", async () => {
    await t.db
      .updateTable('organization_root_details')
      .set({ buyback_zero_description: 'Recyclé gratuitement', no_search_result_description: 'Appelez-nous' })
      .where('account_id', '=', A.demoRetail)
      .execute();
    const body = (await publicGet(DEMO_HOST, '/api/white-label/config')).json();
    expect(body.buybackZeroDescription).toBe('Recyclé gratuitement');
    expect(body.noSearchResultDescription).toBe('Appelez-nous');
    await t.db
      .updateTable('organization_root_details')
      .set({ buyback_zero_description: null, no_search_result_description: null })
      .where('account_id', '=', A.demoRetail)
      .execute();
  });

  it.each([
    ['an inactive site', OTHER_HOST],
    ['an unknown slug', 'nobody.localhost:3000'],
    ['an unknown domain', 'shop.example.com'],
    ['the back office host', 'localhost:3000'],
    ['a deeper sub-domain', 'x.demo-retail.localhost:3000'],
  ])('%s answers site_not_available on every public read', async (_name, host) => {
    for (const url of [
      '/api/white-label/config',
      '/api/white-label/home',
      '/api/white-label/stores',
      '/api/white-label/legal',
      '/api/white-label/search?q=iphone',
    ]) {
      const res = await publicGet(host, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('site_not_available');
    }
  });

  it('the public reads need no session', async () => {
    const res = await publicGet(DEMO_HOST, '/api/white-label/home');
    expect(res.statusCode).toBe(200);
  });
});

describe('site activation', () => {
  const url = `/api/accounts/${A.otherRetail}/site`;

  it('a retailer administrator may not activate a site, even their own', async () => {
    const res = await call('root_management_unit_manager@other.test', 'PUT', url, {
      slug: 'other-retail',
      domain: null,
      active: true,
    });
    expect(res.statusCode).toBe(403);
    const list = await call('root_management_unit_manager@demo.test', 'GET', '/api/white-label/sites');
    expect(list.statusCode).toBe(403);
  });

  it("the sites listed are those of the context's accounts: every retailer's for the platform", async () => {
    const idsIn = async (scope: Parameters<typeof systemContext>[1]) =>
      (await listRetailerSites(systemContext(t.deps, scope))).map((s) => s.id).sort();
    expect(await idsIn({ kind: 'account', accountId: A.otherRetail })).toEqual([A.otherRetail]);
    expect(await idsIn({ kind: 'all' })).toEqual([A.demoRetail, A.otherRetail].sort());
  });

  it('rejects an invalid slug or domain, and a slug or domain of another site', async () => {
    const bad = await call('admin@demo.test', 'PUT', url, {
      slug: 'Other_Retail!',
      domain: 'not a domain',
      active: true,
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .violations.map((v: { message: string }) => v.message)
        .sort(),
    ).toEqual(['invalid_domain', 'invalid_slug']);
    const taken = await call('admin@demo.test', 'PUT', url, {
      slug: 'demo-retail',
      domain: null,
      active: true,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().code).toBe('site_slug_not_unique');
    await t.db
      .updateTable('accounts')
      .set({ site_domain: 'reprise.demo-retail.example' })
      .where('id', '=', A.demoRetail)
      .execute();
    const domainTaken = await call('admin@demo.test', 'PUT', url, {
      slug: 'other-retail',
      domain: 'reprise.demo-retail.example',
      active: true,
    });
    expect(domainTaken.json().code).toBe('site_domain_not_unique');
    await t.db.updateTable('accounts').set({ site_domain: null }).where('id', '=', A.demoRetail).execute();
    expect((await publicGet(OTHER_HOST, '/api/white-label/config')).statusCode).toBe(404);
  });

  it('a platform admin activates a site with its own domain; the site answers on both addresses, then not once deactivated', async () => {
    const res = await call('admin@demo.test', 'PUT', url, {
      slug: 'other-retail',
      domain: 'Reprise.Other-Retail.example',
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: A.otherRetail,
      slug: 'other-retail',
      domain: 'reprise.other-retail.example',
      active: true,
      url: 'http://reprise.other-retail.example',
    });
    for (const host of [OTHER_HOST, 'reprise.other-retail.example']) {
      const config = await publicGet(host, '/api/white-label/config');
      expect(config.statusCode, host).toBe(200);
      expect(config.json().brand).toMatchObject({ accountId: A.otherRetail, name: 'Other Retail' });
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select('entity_type')
      .where('entity_id', '=', A.otherRetail)
      .where('entity_type', '=', 'site')
      .execute();
    expect(audit).toHaveLength(1);
    const list = await call('admin@demo.test', 'GET', '/api/white-label/sites');
    expect(list.json().member.map((s: { accountName: string }) => s.accountName)).toEqual([
      'Demo Retail',
      'Other Retail',
    ]);

    await call('admin@demo.test', 'PUT', url, { slug: 'other-retail', domain: null, active: false });
    expect((await publicGet(OTHER_HOST, '/api/white-label/config')).json().code).toBe('site_not_available');
    expect((await publicGet('reprise.other-retail.example', '/api/white-label/config')).statusCode).toBe(404);
  });

  it('a non-retailer account has no site', async () => {
    const res = await call('admin@demo.test', 'PUT', `/api/accounts/${A.demoBuyer}/site`, {
      slug: 'demo-buyer',
      domain: null,
      active: true,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('site configuration', () => {
  const url = `/api/accounts/${A.demoRetail}/white-label`;

  it('validates the tag manager id, the consent id and the external link', async () => {
    const res = await call('root_management_unit_manager@demo.test', 'PATCH', url, {
      tagManagerId: 'UA-1234',
      axeptioId: 'a b',
      externalWebsiteLink: { url: 'javascript:alert(1)', text: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .violations.map((v: { propertyPath: string; message: string }) => `${v.propertyPath}:${v.message}`)
        .sort(),
    ).toEqual([
      'axeptioId:invalid_consent_id',
      'externalWebsiteLink.text:too_short',
      'externalWebsiteLink.url:invalid_url',
      'tagManagerId:invalid_tag_manager_id',
    ]);
  });

  it('saves the configuration and the public config shows it; null removes the external link', async () => {
    const res = await call('root_management_unit_manager@demo.test', 'PATCH', url, {
      tagManagerId: 'GTM-AB12CD3',
      axeptioId: '5f3a9c0e2b1d4e0012ab34cd',
      dropOffLocationsMapEnabled: true,
      externalWebsiteLink: null,
    });
    expect(res.statusCode).toBe(200);
    const config = (await publicGet(DEMO_HOST, '/api/white-label/config')).json();
    expect(config).toMatchObject({
      tagManagerId: 'GTM-AB12CD3',
      axeptioId: '5f3a9c0e2b1d4e0012ab34cd',
      dropOffLocationsMapEnabled: true,
      externalWebsiteLink: null,
    });
    await call('root_management_unit_manager@demo.test', 'PATCH', url, {
      tagManagerId: '',
      externalWebsiteLink: { url: 'https://www.demo-retail.test', text: 'demo-retail.test' },
    });
    expect((await publicGet(DEMO_HOST, '/api/white-label/config')).json().tagManagerId).toBeNull();
  });

  it('needs the design permission, and another retailer sees nothing of it', async () => {
    expect((await call('store_seller@demo.test', 'GET', url)).statusCode).toBe(403);
    expect((await call('root_management_unit_manager@other.test', 'GET', url)).statusCode).toBe(404);
    expect(
      (await call('root_management_unit_manager@other.test', 'PATCH', url, { tagManagerId: 'GTM-EVIL123' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'root_management_unit_manager@other.test',
          'GET',
          `/api/accounts/${A.demoRetail}/home-page`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('policy documents', () => {
  const docUrl = (doc: string) => `/api/accounts/${A.demoRetail}/white-label/documents/${doc}`;

  it('accepts a PDF and the site serves it; the config links it', async () => {
    const file = await textPdf('Cookies policy of Demo Retail');
    const res = await uploadTo(
      'root_management_unit_manager@demo.test',
      docUrl('cookies-policy'),
      file,
      'cookies.pdf',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().cookiesPolicy).toMatch(
      /^\/api\/accounts\/.+\/white-label\/documents\/cookies-policy\?v=/,
    );
    const config = (await publicGet(DEMO_HOST, '/api/white-label/config')).json();
    expect(config.cookiesPolicy).toMatch(/^\/api\/white-label\/documents\/cookies-policy\?v=/);
    expect(config.accessibilityStatement).toBeNull();
    const download = await publicGet(DEMO_HOST, config.cookiesPolicy);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-security-policy']).toBe('sandbox');
    expect(download.rawPayload.equals(file)).toBe(true);
    expect(
      (await publicGet(DEMO_HOST, '/api/white-label/documents/accessibility-statement')).statusCode,
    ).toBe(404);
  });

  it.each([
    [
      'a text file named .pdf',
      () => Promise.resolve(Buffer.from('%PDX not a pdf at all, just text')),
      422,
      'invalid_file',
    ],
    ['a PNG', () => Promise.resolve(PNG), 422, 'invalid_file'],
    ...REFUSED_POLICY_PDFS,
  ])('refuses %s', async (_name, make, status, code) => {
    const res = await uploadTo(
      'root_management_unit_manager@demo.test',
      docUrl('accessibility-statement'),
      await make(),
      'statement.pdf',
    );
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    const row = await t.db
      .selectFrom('white_label_configs')
      .select('accessibility_statement_key')
      .where('account_id', '=', A.demoRetail)
      .executeTakeFirst();
    expect(row?.accessibility_statement_key).toBeNull();
  });

  it('removing a document takes it off the site', async () => {
    await uploadTo(
      'root_management_unit_manager@demo.test',
      docUrl('accessibility-statement'),
      await textPdf('a11y'),
      'a.pdf',
    );
    expect(
      (await publicGet(DEMO_HOST, '/api/white-label/config')).json().accessibilityStatement,
    ).not.toBeNull();
    const res = await call(
      'root_management_unit_manager@demo.test',
      'DELETE',
      docUrl('accessibility-statement'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().accessibilityStatement).toBeNull();
    expect(
      (await publicGet(DEMO_HOST, '/api/white-label/documents/accessibility-statement')).statusCode,
    ).toBe(404);
  });
});

describe('home page configuration', () => {
  const url = `/api/accounts/${A.demoRetail}/home-page`;
  const put = (body: unknown) => call('root_management_unit_manager@demo.test', 'PUT', url, body);
  const violations = (res: { json: () => { violations: { propertyPath: string; message: string }[] } }) =>
    res
      .json()
      .violations.map((v) => `${v.propertyPath}:${v.message}`)
      .sort();

  it.each([
    ['metaTitle', 'x', 'too_short'],
    ['metaTitle', 'x'.repeat(256), 'too_long'],
    ['metaDescription', 'x', 'too_short'],
    ['metaDescription', 'x'.repeat(501), 'too_long'],
    ['bannerTitle', 'x', 'too_short'],
    ['bannerTitle', 'x'.repeat(51), 'too_long'],
  ])('%s of %#: %s', async (field, value, message) => {
    const res = await put(validHome({ [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(violations(res)).toEqual([`${field}:${message}`]);
  });

  it('accepts the limits: title 255, description 500, banner title 50, HTML 20 and 200,000 characters', async () => {
    const filler = `<p>${'a'.repeat(200_000 - 7)}</p>`;
    expect(filler).toHaveLength(200_000);
    const res = await put(
      validHome({
        metaTitle: 't'.repeat(255),
        metaDescription: 'd'.repeat(500),
        bannerTitle: 'b'.repeat(50),
        widgets: [
          { type: 'custom_html', html: 'x'.repeat(20) },
          { type: 'custom_html', html: filler },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('refuses custom HTML under 20 or over 200,000 characters, a status not listed, a widget not known', async () => {
    const res = await put(
      validHome({
        status: 'online',
        widgets: [
          { type: 'custom_html', html: 'x'.repeat(19) },
          { type: 'custom_html', html: 'x'.repeat(200_001) },
          { type: 'video' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    const found = violations(res);
    expect(found).toContain('widgets.0.html:too_short');
    expect(found).toContain('widgets.1.html:too_long');
    expect(found.some((v) => v.startsWith('status:'))).toBe(true);
    expect(found.some((v) => v.startsWith('widgets.2'))).toBe(true);
  });

  it('featured products must be UUIDs of published products of the account; a refused save changes nothing', async () => {
    const [first] = await publishedProducts(A.demoRetail, 1);
    expect(
      (await put(validHome({ widgets: [{ type: 'featured_products', productIds: [first] }] }))).statusCode,
    ).toBe(200);
    const before = await call('root_management_unit_manager@demo.test', 'GET', url);

    const notUuid = await put(validHome({ widgets: [{ type: 'featured_products', productIds: ['abc'] }] }));
    expect(violations(notUuid)).toEqual(['widgets.0.productIds.0:invalid_uuid']);

    const [otherProduct] = await publishedProducts(A.otherRetail, 1);
    const draft = await t.db
      .selectFrom('products')
      .select('id')
      .where('account_id', '=', A.demoRetail)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    const draftId =
      draft?.id ??
      (
        await t.db
          .updateTable('products')
          .set({ status: 'draft' })
          .where('id', '=', (await publishedProducts(A.demoRetail, 2))[1] as string)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const res = await put(
      validHome({
        metaTitle: 'Changed title',
        widgets: [
          {
            type: 'featured_products',
            productIds: [first, otherProduct, draftId, '00000000-0000-4000-8000-00000000ffff'],
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('featured_product_not_published');
    expect(violations(res)).toEqual([
      'widgets.0.productIds.1:This product is not a published product of the catalogue.',
      'widgets.0.productIds.2:This product is not a published product of the catalogue.',
      'widgets.0.productIds.3:This product is not a published product of the catalogue.',
    ]);
    expect((await call('root_management_unit_manager@demo.test', 'GET', url)).json()).toEqual(before.json());
  });

  it('sanitises custom HTML on the server: every known XSS payload is neutralised, allowed markup kept', async () => {
    // a home page holds up to 20 widgets: the payloads go in pages of 20
    for (let start = 0; start < XSS_PAYLOADS.length; start += 20) {
      const payloads = XSS_PAYLOADS.slice(start, start + 20);
      const res = await put(
        validHome({ widgets: payloads.map((p) => ({ type: 'custom_html', html: p.padEnd(20, ' ') })) }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const stored = res.json().widgets as { html: string }[];
      for (const [i, w] of stored.entries()) expect(unsafeParts(w.html), payloads[i]).toEqual([]);
      // the public site serves the sanitised markup
      const home = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
      expect(home.widgets).toHaveLength(payloads.length);
      for (const w of home.widgets) expect(unsafeParts(w.html)).toEqual([]);
    }
    const res = await put(
      validHome({
        widgets: [
          {
            type: 'custom_html',
            html: '<h2 class="title">Offer</h2><p>Up to <strong>40%</strong> <a href="https://example.com/x" target="_blank">more</a></p>',
          },
        ],
      }),
    );
    expect(res.json().widgets[0].html).toBe(
      '<h2 class="title">Offer</h2><p>Up to <strong>40%</strong> <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">more</a></p>',
    );
  });

  it('the public home shows the published configuration in order, featured products still published only', async () => {
    const [a, b] = await publishedProducts(A.demoRetail, 2);
    await put(
      validHome({
        widgets: [
          { type: 'custom_html', html: '<p>First block of the home page.</p>' },
          { type: 'featured_products', productIds: [b, a] },
          { type: 'search' },
        ],
      }),
    );
    let home = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
    expect(home.metaTitle).toBe('Demo Retail trade-in');
    expect(home.banner.title).toBe('Sell your phone');
    expect(home.widgets.map((w: { type: string }) => w.type)).toEqual([
      'custom_html',
      'featured_products',
      'search',
    ]);
    expect(home.widgets[1].products.map((p: { id: string }) => p.id)).toEqual([b, a]);
    expect(home.widgets[1].products[0].maxPrice).toBeGreaterThan(0);

    await t.db
      .updateTable('products')
      .set({ status: 'draft' })
      .where('id', '=', b as string)
      .execute();
    home = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
    expect(home.widgets[1].products.map((p: { id: string }) => p.id)).toEqual([a]);
    await t.db
      .updateTable('products')
      .set({ status: 'published' })
      .where('id', '=', b as string)
      .execute();

    await put(validHome({ status: 'draft' }));
    home = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
    expect(home).toEqual({
      metaTitle: null,
      metaDescription: null,
      banner: { title: null, image: null },
      widgets: [{ type: 'search' }],
    });
    await put(validHome());
  });

  it('the banner image is a JPG or PNG up to 250 kB, checked by content, and shown publicly', async () => {
    const bannerUrl = `${url}/banner`;
    const bad = await uploadTo(
      'root_management_unit_manager@demo.test',
      bannerUrl,
      Buffer.from('not an image, only text'),
      'b.png',
    );
    expect(bad.statusCode).toBe(422);
    const big = await uploadTo(
      'root_management_unit_manager@demo.test',
      bannerUrl,
      Buffer.concat([PNG, Buffer.alloc(250 * 1024)]),
      'b.png',
    );
    expect(big.statusCode).toBe(413);
    const res = await uploadTo('root_management_unit_manager@demo.test', bannerUrl, PNG, 'banner.png');
    expect(res.statusCode).toBe(200);
    const home = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
    expect(home.banner.image).toBe(res.json().bannerImage);
    const image = await publicGet(DEMO_HOST, home.banner.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // saving the configuration keeps the banner
    await put(validHome());
    expect((await publicGet(DEMO_HOST, '/api/white-label/home')).json().banner.image).toBe(home.banner.image);
  });

  it('audits each save', async () => {
    const rows = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', 'home_page_config')
      .where('account_id', '=', A.demoRetail)
      .execute();
    expect(rows.length).toBeGreaterThan(3);
  });
});

describe('public reads are isolated by site', () => {
  beforeAll(async () => {
    await call('admin@demo.test', 'PUT', `/api/accounts/${A.otherRetail}/site`, {
      slug: 'other-retail',
      domain: null,
      active: true,
    });
  });

  it("Other Retail's host never serves Demo Retail's data, and the reverse", async () => {
    const demoHome = (await publicGet(DEMO_HOST, '/api/white-label/home')).json();
    const otherHome = (await publicGet(OTHER_HOST, '/api/white-label/home')).json();
    expect(otherHome.metaTitle).toBeNull();
    expect(JSON.stringify(otherHome)).not.toContain(demoHome.metaTitle);

    const demoIds = new Set(await publishedProducts(A.demoRetail, 10_000));
    const otherIds = new Set(await publishedProducts(A.otherRetail, 10_000));
    const otherSearch = (await publicGet(OTHER_HOST, '/api/white-label/search?q=')).json();
    expect(otherSearch.member.length).toBeGreaterThan(0);
    for (const p of otherSearch.member) expect(otherIds.has(p.id)).toBe(true);
    const demoSearch = (await publicGet(DEMO_HOST, '/api/white-label/search?q=iphone')).json();
    expect(demoSearch.member.length).toBeGreaterThan(0);
    for (const p of demoSearch.member) expect(demoIds.has(p.id)).toBe(true);

    const demoStores = (await publicGet(DEMO_HOST, '/api/white-label/stores')).json();
    const otherStores = (await publicGet(OTHER_HOST, '/api/white-label/stores')).json();
    const demoStoreIds = new Set(
      (
        await t.db.selectFrom('organizations').select('id').where('account_id', '=', A.demoRetail).execute()
      ).map((o) => o.id),
    );
    for (const s of demoStores.member) expect(demoStoreIds.has(s.id)).toBe(true);
    for (const s of otherStores.member) expect(demoStoreIds.has(s.id)).toBe(false);

    // a product image of Demo Retail is not served by Other Retail's site
    const [demoProduct] = await publishedProducts(A.demoRetail, 1);
    expect((await publicGet(OTHER_HOST, `/api/white-label/products/${demoProduct}/image`)).statusCode).toBe(
      404,
    );
    // nor Demo Retail's documents
    expect((await publicGet(OTHER_HOST, '/api/white-label/documents/cookies-policy')).statusCode).toBe(404);
    expect((await publicGet(DEMO_HOST, '/api/white-label/documents/cookies-policy')).statusCode).toBe(200);
  });

  it('/stores lists the active stores while the account accepts drops in store, with their address', async () => {
    const stores = (await publicGet(DEMO_HOST, '/api/white-label/stores')).json();
    const expected = await t.db
      .selectFrom('organizations')
      .select('common_name')
      .where('account_id', '=', A.demoRetail)
      .where('type', '=', 'store')
      .where('status', '=', 'active')
      .execute();
    expect(stores.totalItems).toBe(expected.length);
    expect(stores.member.map((s: { name: string }) => s.name).sort()).toEqual(
      expected.map((e) => e.common_name).sort(),
    );
    expect(stores.member[0]).toHaveProperty('city');

    const dropCircuits = await t.db
      .updateTable('circuits')
      .set({ status: 'inactive' })
      .where('account_id', '=', A.demoRetail)
      .where('channel', '=', 'store')
      .where('deposit_type', '=', 'drop')
      .where('status', '=', 'active')
      .returning('id')
      .execute();
    expect(dropCircuits.length).toBe(1);
    expect((await publicGet(DEMO_HOST, '/api/white-label/stores')).json().member).toEqual([]);
    await t.db
      .updateTable('circuits')
      .set({ status: 'active' })
      .where('id', '=', dropCircuits[0]!.id)
      .execute();
  });

  it('legal pages come from the root details of the site', async () => {
    const legal = (await publicGet(DEMO_HOST, '/api/white-label/legal')).json();
    expect(legal.termsOfUse).toContain('Demo Retail');
    expect(legal.supportEmail).toBe('support@demo-retail.test');
    const other = (await publicGet(OTHER_HOST, '/api/white-label/legal')).json();
    expect(other.termsOfUse).toBeNull();
  });
});
