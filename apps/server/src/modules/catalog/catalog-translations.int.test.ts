import type {
  BuybackQuestionnaireResponse,
  CategoryResponse,
  DiagnosticQuestionResponse,
  HomePageConfigResponse,
  ProductResponse,
  PublicCategoriesResponse,
  PublicHomeResponse,
  PublicSearchResponse,
} from '@reprise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  C,
  type CatalogKit,
  DEMO,
  expectViolation,
  newCategory,
  newProduct,
  startCatalogKit,
} from './catalog.test-kit';

/** Translations of the catalogue and home page texts (docs/translations.md), back office and public site. */

const DEMO_HOST = 'demo-retail.localhost:3000';
const HOME = `/api/accounts/${DEMO.accounts.demoRetail}/home-page`;

let k: CatalogKit;
beforeAll(async () => {
  k = await startCatalogKit();
}, 120_000);
afterAll(() => k.close());

/** What the public site reads, in a visitor's language (none: the base texts). */
const publicGet = (url: string, language?: string) =>
  k.t.app.inject({
    method: 'GET',
    url,
    headers: { host: DEMO_HOST, ...(language ? { 'accept-language': language } : {}) },
  });

async function visitorGet(url: string, language: string): Promise<LightMyRequestResponse> {
  const visitor = await k.t.app.inject({
    method: 'POST',
    url: '/api/white-label/visitor',
    headers: { host: DEMO_HOST },
  });
  expect(visitor.statusCode, visitor.body).toBe(201);
  const token = visitor.cookies.find((c) => c.name === 'reprise_session')?.value as string;
  return k.t.app.inject({
    method: 'GET',
    url,
    headers: { host: DEMO_HOST, 'accept-language': language },
    cookies: { reprise_session: token },
  });
}

const question = (over: Record<string, unknown> = {}) => ({
  title: 'Le produit s’allume-t-il ?',
  type: 'unique',
  description: 'Appuyez 5 secondes sur le bouton.',
  answers: [
    { title: 'Oui', translations: { 'de-DE': { title: 'Ja' } } },
    { title: 'Non', maxGrade: 'grade_e', priceImpact: { kind: 'percentage', value: -80 } },
  ],
  translations: { 'de-DE': { title: 'Lässt sich das Produkt einschalten?' } },
  ...over,
});

describe('category translations', () => {
  it('are saved, returned and replaced whole by a patch; markup is stripped as in the base description', async () => {
    const res = await k.post(
      'rmu',
      '/api/categories',
      newCategory({
        translations: {
          'de-DE': { label: 'Kameras', description: '<b>Digitale</b> Kameras' },
          'en-GB': { label: 'Cameras', description: '' },
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created: CategoryResponse = res.json();
    expect(created.translations).toEqual({
      'de-DE': { label: 'Kameras', description: 'Digitale Kameras' },
      'en-GB': { label: 'Cameras' },
    });
    expect((await k.get('analyst', `/api/categories/${created.id}`)).json().translations).toEqual(
      created.translations,
    );
    const patched = await k.patch('rmu', `/api/categories/${created.id}`, {
      translations: { 'nl-BE': { label: 'Camera’s' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().translations).toEqual({ 'nl-BE': { label: 'Camera’s' } });
  });

  it('refuses a translated label too short, an unknown language and a field that is not translatable', async () => {
    expectViolation(
      await k.post('rmu', '/api/categories', newCategory({ translations: { 'de-DE': { label: 'K' } } })),
      'too_short',
      'translations.de-DE.label',
    );
    expectViolation(
      await k.post(
        'rmu',
        '/api/categories',
        newCategory({ translations: { 'es-ES': { label: 'Cámaras' } } }),
      ),
      'invalid_locale',
      'translations',
    );
    const unknownField = await k.post(
      'rmu',
      '/api/categories',
      newCategory({ translations: { 'de-DE': { identifier: 'kameras' } } }),
    );
    expect(unknownField.statusCode, unknownField.body).toBe(422);
  });

  it("refuses a translation into the account's own language: the category's text is that language's", async () => {
    const res = await k.post(
      'rmu',
      '/api/categories',
      newCategory({ translations: { 'fr-FR': { label: 'Appareils photo' } } }),
    );
    expectViolation(res, 'translation_of_base_language', 'translations.fr-FR');
    expect(res.json().code).toBe('translation_of_base_language');
  });
});

describe('product translations', () => {
  it('are saved, returned and patched; the account language is refused', async () => {
    const res = await k.post(
      'rmu',
      '/api/products',
      newProduct({ name: 'Appareil photo compact', translations: { 'de-DE': { name: 'Kompaktkamera' } } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const product: ProductResponse = res.json();
    expect(product.translations).toEqual({ 'de-DE': { name: 'Kompaktkamera' } });
    const patched = await k.patch('rmu', `/api/products/${product.id}`, {
      translations: { 'de-DE': { name: 'Kompakte Kamera' }, 'en-GB': { name: 'Compact camera' } },
    });
    expect(patched.json().translations).toEqual({
      'de-DE': { name: 'Kompakte Kamera' },
      'en-GB': { name: 'Compact camera' },
    });
    expectViolation(
      await k.patch('rmu', `/api/products/${product.id}`, {
        translations: { 'fr-FR': { name: 'Appareil' } },
      }),
      'translation_of_base_language',
      'translations.fr-FR',
    );
  });
});

describe('question and answer translations', () => {
  it('are saved with the question and its answers, and a PUT without them clears them', async () => {
    const res = await k.post('rmu', `/api/categories/${C.audio}/questions`, question());
    expect(res.statusCode, res.body).toBe(201);
    const created: DiagnosticQuestionResponse = res.json();
    expect(created.translations).toEqual({ 'de-DE': { title: 'Lässt sich das Produkt einschalten?' } });
    expect(created.answers.map((a) => a.translations)).toEqual([{ 'de-DE': { title: 'Ja' } }, {}]);
    const { translations: _t, ...withoutTranslations } = question();
    const replaced = await k.put('rmu', `/api/questions/${created.id}`, {
      ...withoutTranslations,
      answers: created.answers.map((a) => ({ id: a.id, title: a.title })),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().translations).toEqual({});
    expect(
      replaced.json().answers.map((a: DiagnosticQuestionResponse['answers'][number]) => a.translations),
    ).toEqual([{}, {}]);
  });

  it("refuses an answer translated into the account's language, and a translated help too long", async () => {
    expectViolation(
      await k.post(
        'rmu',
        `/api/categories/${C.audio}/questions`,
        question({
          answers: [{ title: 'Oui', translations: { 'fr-FR': { title: 'Oui oui' } } }, { title: 'Non' }],
        }),
      ),
      'translation_of_base_language',
      'answers.0.translations.fr-FR',
    );
    expectViolation(
      await k.post(
        'rmu',
        `/api/categories/${C.audio}/questions`,
        question({ translations: { 'en-GB': { title: 'Does it start?', description: 'x'.repeat(3001) } } }),
      ),
      'too_long',
      'translations.en-GB.description',
    );
  });
});

describe('home page translations', () => {
  it('are saved, and a translated custom HTML block is sanitised exactly as the base one', async () => {
    const current: HomePageConfigResponse = (await k.get('rmu', HOME)).json();
    const res = await k.put('rmu', HOME, {
      status: current.status,
      metaTitle: current.metaTitle,
      metaDescription: current.metaDescription,
      bannerTitle: current.bannerTitle,
      widgets: current.widgets.map((w) =>
        w.type === 'custom_html'
          ? {
              type: 'custom_html',
              html: w.html,
              translations: {
                'de-DE': { html: '<p onclick="steal()">So funktioniert es</p><script>steal()</script>' },
              },
            }
          : w,
      ),
      translations: { ...current.translations, 'en-GB': { bannerTitle: 'Sell your old devices' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved: HomePageConfigResponse = res.json();
    const block = saved.widgets.find((w) => w.type === 'custom_html');
    expect(block?.type === 'custom_html' && block.translations['de-DE']?.html).toBe(
      '<p>So funktioniert es</p>',
    );
    expect(saved.translations['en-GB']).toEqual({ bannerTitle: 'Sell your old devices' });
    expect(saved.translations['de-DE']?.bannerTitle).toBe('Verkaufen Sie Ihre Geräte');
  });

  it("refuses a translation into the account's language, for the texts and for a block", async () => {
    const current: HomePageConfigResponse = (await k.get('rmu', HOME)).json();
    const base = {
      status: current.status,
      metaTitle: current.metaTitle,
      metaDescription: current.metaDescription,
      bannerTitle: current.bannerTitle,
      widgets: [{ type: 'search' }],
    };
    expectViolation(
      await k.put('rmu', HOME, { ...base, translations: { 'fr-FR': { bannerTitle: 'Revendez' } } }),
      'translation_of_base_language',
      'translations.fr-FR',
    );
    expectViolation(
      await k.put('rmu', HOME, {
        ...base,
        widgets: [
          {
            type: 'custom_html',
            html: '<p>Bienvenue chez nous !</p>',
            translations: { 'fr-FR': { html: '<p>Bienvenue à tous !</p>' } },
          },
        ],
      }),
      'translation_of_base_language',
      'widgets.0.translations.fr-FR',
    );
  });
});

describe('the public site in the visitor’s language', () => {
  it('answers the home page in German, and in the base language where a text has no translation', async () => {
    const german: PublicHomeResponse = (await publicGet('/api/white-label/home', 'de-DE,de;q=0.9')).json();
    expect(german.banner.title).toBe('Verkaufen Sie Ihre Geräte');
    expect(german.metaTitle).toBe('Demo Retail – Verkaufen Sie Ihre Geräte');
    const html = german.widgets.find((w) => w.type === 'custom_html');
    expect(html?.type === 'custom_html' && html.html).toBe('<p>So funktioniert es</p>');
    const res = await publicGet('/api/white-label/home', 'en-GB');
    expect(res.headers.vary).toContain('Accept-Language');
    const english: PublicHomeResponse = res.json();
    expect(english.banner.title).toBe('Sell your old devices');
    // the block has no English translation: the French one shows
    const englishHtml = english.widgets.find((w) => w.type === 'custom_html');
    expect(englishHtml?.type === 'custom_html' && englishHtml.html).toContain('Comment ça marche');
    const french: PublicHomeResponse = (await publicGet('/api/white-label/home')).json();
    expect(french.banner.title).toBe('Revendez vos appareils');
  });

  it('answers the categories and the product cards in German, falling back to French', async () => {
    await k.t.db
      .updateTable('organization_root_details')
      .set({ category_navigation_enabled: true })
      .where('account_id', '=', DEMO.accounts.demoRetail)
      .execute();
    const categories: PublicCategoriesResponse = (
      await publicGet('/api/white-label/categories', 'de')
    ).json();
    const consoles = categories.member.find((c) => c.id === C.consoles);
    expect(consoles).toMatchObject({ label: 'Spielkonsolen', slug: 'spielkonsolen' });
    expect(consoles?.description).toBe('Heim- und Handheld-Konsolen.');
    // a brand sub-category has no translation
    expect(categories.member.find((c) => c.id === C['smartphones-apple'])?.label).toBe('Apple');

    const product = (
      await k.post(
        'rmu',
        '/api/products',
        newProduct({
          name: 'Appareil photo reflex Zorblax',
          status: 'published',
          translations: { 'de-DE': { name: 'Spiegelreflexkamera Zorblax' } },
        }),
      )
    ).json() as ProductResponse;
    const search = async (language: string) =>
      (
        (await publicGet('/api/white-label/search?q=zorblax', language)).json() as PublicSearchResponse
      ).member.find((p) => p.id === product.id)?.name;
    expect(await search('de-DE')).toBe('Spiegelreflexkamera Zorblax');
    expect(await search('nl-BE')).toBe('Appareil photo reflex Zorblax');
  });

  it('finds a product by its translated name, on the site and in the back office, as by its base name', async () => {
    const product = (
      await k.post('rmu', '/api/products', newProduct({ name: 'Tondeuse Quarvix', status: 'published' }))
    ).json() as ProductResponse;
    const found = async (q: string, language: string) =>
      (
        (
          await publicGet(`/api/white-label/search?q=${encodeURIComponent(q)}`, language)
        ).json() as PublicSearchResponse
      ).member.find((p) => p.id === product.id)?.name;
    expect(await found('rasenmaher', 'de-DE')).toBeUndefined();
    // a translation added later is indexed with the product's write
    const patched = await k.send(
      'PATCH',
      'rmu',
      `/api/products/${product.id}`,
      {
        translations: { 'de-DE': { name: 'Rasenmäher Quarvix' }, 'en-GB': { name: 'Lawnmower Quarvix' } },
      },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    // the German word, accents folded, typed by a German reader; a typo is corrected from it too
    expect(await found('Rasenmäher', 'de-DE')).toBe('Rasenmäher Quarvix');
    expect(await found('rasenmahre', 'de-DE')).toBe('Rasenmäher Quarvix');
    expect(await found('lawnmow', 'en-GB')).toBe('Lawnmower Quarvix');
    // the base name still finds it, in any language
    expect(await found('tondeuse', 'de-DE')).toBe('Rasenmäher Quarvix');
    const backOffice = await k.get('analyst', '/api/search/products?q=lawnmower');
    expect(backOffice.json().member.map((h: { id: string }) => h.id)).toContain(product.id);
    // dropping the translations takes their words out of the product's document
    await k.send(
      'PATCH',
      'rmu',
      `/api/products/${product.id}`,
      { translations: {} },
      {
        'content-type': 'application/merge-patch+json',
      },
    );
    expect(await found('rasenmaher', 'de-DE')).toBeUndefined();
  });

  it("answers a product's questions and answers in German on the site, each missing text in French", async () => {
    const category = (
      await k.post('rmu', '/api/categories', newCategory({ parentCategoryId: C.audio }))
    ).json();
    await k.post('rmu', `/api/categories/${category.id}/questions`, question());
    const product = (
      await k.post('rmu', '/api/products', newProduct({ mainCategoryId: category.id, status: 'published' }))
    ).json() as ProductResponse;
    const res = await visitorGet(`/api/products/${product.id}/buyback-questionnaire`, 'de-DE');
    expect(res.statusCode, res.body).toBe(200);
    const german: BuybackQuestionnaireResponse = res.json();
    // the audio questions from the seed, then the new one
    expect(german.questions[0]?.title).toBe('Zustand des Gehäuses');
    expect(german.questions[0]?.categoryLabel).toBe('Audio');
    const own = german.questions.at(-1);
    expect(own?.title).toBe('Lässt sich das Produkt einschalten?');
    // no German help: the French one
    expect(own?.description).toBe('Appuyez 5 secondes sur le bouton.');
    expect(own?.answers.map((a) => a.title)).toEqual(['Ja', 'Non']);
  });

  it("shows the store wizard's questions in the seller's language", async () => {
    const product = (await k.post('rmu', '/api/products', newProduct({ status: 'published' }))).json();
    const read = (language: string) =>
      k.send('GET', 'seller', `/api/products/${product.id}/buyback-questionnaire`, undefined, {
        'accept-language': language,
      });
    const dutch: BuybackQuestionnaireResponse = (await read('nl-BE')).json();
    expect(dutch.questions.map((q) => q.title)).toContain('Staat van het scherm');
    expect(
      dutch.questions.find((q) => q.title === 'Is Zoek mijn iPhone uitgeschakeld?')?.answers[0]?.title,
    ).toBe('Ja, uitgeschakeld');
    const french: BuybackQuestionnaireResponse = (await read('fr-FR')).json();
    expect(french.questions.map((q) => q.title)).toContain("État de l'écran");
  });
});

describe('a second tenant', () => {
  it("sees none of another retailer's translations and cannot write them", async () => {
    const category = (
      await k.post('rmu', '/api/categories', newCategory({ translations: { 'de-DE': { label: 'Drohnen' } } }))
    ).json() as CategoryResponse;
    expect((await k.get('otherRmu', `/api/categories/${category.id}`)).statusCode).toBe(404);
    expect(
      (
        await k.patch('otherRmu', `/api/categories/${category.id}`, {
          translations: { 'de-DE': { label: 'X y' } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await k.get('otherRmu', HOME)).statusCode).toBe(404);
    const product = (await k.post('rmu', '/api/products', newProduct({ status: 'published' }))).json();
    const res = await k.send(
      'GET',
      'otherSeller',
      `/api/products/${product.id}/buyback-questionnaire`,
      undefined,
      {
        'accept-language': 'de-DE',
      },
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Zustand');
    const stored = await k.t.db
      .selectFrom('categories')
      .select('translations')
      .where('id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(stored.translations).toEqual({ 'de-DE': { label: 'Drohnen' } });
  });
});
