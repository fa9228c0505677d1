import type { APIRequestContext, Page } from '@playwright/test';
import { axeFindings } from './axe';
import { DEMO_PASSWORD, expect, login, test } from './fixtures';

/** Demo Retail's public site: `demo-retail.localhost` (Chromium resolves *.localhost to loopback). */
const DEMO_RETAIL = '00000000-0000-4000-8000-000000000200';
const siteUrl = (baseURL: string | undefined, slug = 'demo-retail') =>
  (baseURL as string).replace('//localhost', `//${slug}.localhost`);

test.use({ locale: 'fr-FR' });

async function apiAs(request: APIRequestContext, email: string) {
  // the context keeps the session cookie of an earlier sign-in: a cookie write needs our Origin
  const origin = test.info().project.use.baseURL as string;
  const res = await request.post('/api/login', {
    headers: { Origin: origin },
    data: { email, password: DEMO_PASSWORD, tokenRequested: true },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).apiToken}` };
}

async function setTagManager(request: APIRequestContext, tagManagerId: string | null) {
  const headers = await apiAs(request, 'root_management_unit_manager@demo.test');
  const res = await request.patch(`/api/accounts/${DEMO_RETAIL}/white-label`, {
    headers: { ...headers, 'content-type': 'application/merge-patch+json' },
    data: JSON.stringify({ tagManagerId }),
  });
  expect(res.status()).toBe(200);
}

/** The smallest well-formed PDF: header, catalogue, trailer and end-of-file marker. */
const TINY_PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

const gtmScripts = (page: Page) => page.locator('script[src*="googletagmanager.com/gtm.js"]');

test.describe
  .serial("Demo Retail's public site", () => {
    test('home: banner, widgets, consent asked, the tag manager only after consent to analytics', async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await setTagManager(request, 'GTM-E2E0001');
      // the tag manager is Google's: answered here, so the test needs no network
      await page.route('https://www.googletagmanager.com/**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/javascript',
          body: 'window.__gtmLoaded = true;',
        }),
      );
      const site = siteUrl(baseURL);
      await page.goto(site);
      await expect(page.getByRole('heading', { level: 1, name: 'Revendez vos appareils' })).toBeVisible();
      await expect(page).toHaveTitle('Demo Retail – Revendez vos appareils');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Estimez en ligne/);
      await expect(page.getByRole('heading', { name: 'Comment ça marche ?' })).toBeVisible();
      const featured = page.getByRole('region', { name: 'Nos produits à la une' });
      await expect(featured.getByRole('listitem')).toHaveCount(4);
      await expect(featured.getByText(/^Jusqu'à/).first()).toBeVisible();

      const banner = page.getByRole('region', { name: 'Votre vie privée' });
      await expect(banner).toBeVisible();
      await expect(gtmScripts(page)).toHaveCount(0);
      expect(await axeFindings(page, { seriousOnly: true })).toEqual([]);

      // refusing: nothing loads, the choice is remembered
      await banner.getByRole('button', { name: 'Tout refuser' }).click();
      await expect(banner).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Votre vie privée' })).toBeHidden();
      await expect(gtmScripts(page)).toHaveCount(0);

      // choosing analytics from the cookies policy page: saved, the page reloads, the tag manager starts
      await page.getByRole('link', { name: 'Politique de cookies' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Politique de cookies' })).toBeVisible();
      await expect(
        page.getByText('Mesure d’audience : refusée').or(page.getByText("Mesure d'audience : refusée")),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Modifier mes choix' }).click();
      const again = page.getByRole('region', { name: 'Votre vie privée' });
      await again.getByRole('button', { name: 'Choisir' }).click();
      await again.getByRole('checkbox', { name: /Mesure d'audience/ }).check();
      const reloaded = page.waitForEvent('load');
      await again.getByRole('button', { name: 'Enregistrer mes choix' }).click();
      await reloaded;
      await expect(gtmScripts(page)).toHaveCount(1);
      await expect(gtmScripts(page)).toHaveAttribute('src', /id=GTM-E2E0001/);
      const pageViews = () =>
        page.evaluate(() =>
          (window.dataLayer ?? [])
            .filter((e) => (e as { event?: string }).event === 'page_view')
            .map((e) => (e as { page_path: string }).page_path),
        );
      await expect.poll(pageViews).toEqual(['/cookies-policy']);
      await expect(page.getByRole('region', { name: 'Votre vie privée' })).toBeHidden();

      // a page view per navigation
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Magasins' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nos magasins' })).toBeVisible();
      await expect.poll(pageViews).toEqual(['/cookies-policy', '/stores']);
      await setTagManager(request, null);
    });

    test('search from the home banner lists the catalogue products with their price', async ({
      page,
      baseURL,
    }) => {
      await page.goto(siteUrl(baseURL));
      const search = page.getByRole('search', { name: 'Recherche de produit' });
      await search.getByLabel('Nom, marque ou modèle du produit').fill('iphone');
      await search.getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/\/search\?q=iphone$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Résultats pour « iphone »' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /\d+ produits?/ })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /iPhone/ }).first()).toBeVisible();
    });

    test('stores that accept drops, footer pages, redirects, at 360 px', async ({ page, baseURL }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      const site = siteUrl(baseURL);
      await page.goto(`${site}/stores`);
      await expect(page.getByRole('heading', { level: 1, name: 'Nos magasins' })).toBeVisible();
      for (const store of [
        'Demo Retail Paris Rivoli',
        'Demo Retail Lille Rue Neuve',
        'Demo Retail Bruxelles Nieuwstraat',
        'Demo Retail Liège Saint-Lambert',
      ])
        await expect(page.getByRole('heading', { level: 2, name: store })).toBeVisible();
      // no horizontal scrolling at 360 px
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      const footer = page.getByRole('navigation', { name: 'Informations sur le site' });
      await expect(footer.getByRole('link', { name: "Déclaration d'accessibilité" })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: 'demo-retail.test (nouvel onglet)' })).toHaveAttribute(
        'href',
        'https://www.demo-retail.test',
      );
      for (const [link, heading, text] of [
        [
          'CGU',
          "Conditions générales d'utilisation",
          "Conditions générales d'utilisation du site de reprise",
        ],
        ['CGS', 'Conditions générales de service', 'Le prix estimé est confirmé'],
        ['FAQ', 'Questions fréquentes', 'Comment est calculé le prix ?'],
        ['Contact', 'Contact', 'support@demo-retail.test'],
      ] as const) {
        await footer.getByRole('link', { name: link, exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(text).first()).toBeVisible();
      }
      // the accessibility statement exists only when configured
      await page.goto(`${site}/accessibility-statement`);
      await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
      // an unknown path leads home; the create routes lead to the search
      await page.goto(`${site}/no/such/page`);
      await expect(page).toHaveURL(`${site}/`);
      for (const create of ['/create', '/buyback/create']) {
        await page.goto(`${site}${create}`);
        await expect(page).toHaveURL(`${site}/search`);
      }
    });

    test('the language follows the browser, and the visitor may change it', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ locale: 'de-DE' });
      const page = await context.newPage();
      await page.goto(siteUrl(baseURL));
      await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
      await page.getByLabel('Sprache').selectOption('nl-BE');
      await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
      await context.close();
    });

    test('an unknown host and an inactive site show the not-available page', async ({ page, baseURL }) => {
      for (const slug of ['nowhere', 'other-retail']) {
        await page.goto(siteUrl(baseURL, slug));
        await expect(page.getByRole('heading', { level: 1, name: 'Site indisponible' })).toBeVisible();
        await expect(page.getByRole('link')).toHaveCount(0);
      }
      // the back office still answers at the base host
      await page.goto('/login');
      await expect(page.locator('input[autocomplete="username"]')).toBeVisible();
    });

    test('the retailer configures the home page in the back office; the site shows it, sanitised', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      await login(page, 'root_management_unit_manager@demo.test');
      // the menu's entry (the home page may show a shortcut of the same name too)
      await page
        .getByRole('navigation', { name: 'Menu principal' })
        .getByRole('link', { name: 'Accueil du site', exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: "Page d'accueil" })).toBeVisible();
      await expect(page.getByLabel('Titre du bandeau de recherche')).toHaveValue('Revendez vos appareils');
      expect(await axeFindings(page, { seriousOnly: true })).toEqual([]);

      // a title under 2 characters is refused before sending (the field itself stops at 50)
      await page.getByLabel('Titre du bandeau de recherche').fill('x');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Titre du bandeau de recherche' }),
      ).toBeVisible();

      await page.getByLabel('Titre du bandeau de recherche').fill('Vendez malin');
      await page.getByRole('button', { name: 'Bloc HTML' }).click();
      const block = page.getByRole('region', { name: 'Widget 4 : Bloc HTML personnalisé' });
      await block
        .getByLabel('HTML')
        .fill(
          '<p id="promo">Offre <strong>spéciale</strong><img src=x onerror="window.__xss=1"><script>window.__xss=2</script></p>',
        );
      // one more featured product, chosen among the published products by the search
      const featuredWidget = page.getByRole('region', { name: 'Widget 3 : Produits à la une' });
      await expect(
        featuredWidget.getByRole('list', { name: 'Produits à la une' }).getByRole('listitem'),
      ).toHaveCount(4);
      await featuredWidget.getByLabel('Ajouter un produit publié').fill('Galaxy S21');
      await featuredWidget
        .getByRole('button', { name: /^Ajouter .*Galaxy S21/ })
        .first()
        .click();
      await expect(
        featuredWidget.getByRole('list', { name: 'Produits à la une' }).getByRole('listitem'),
      ).toHaveCount(5);
      // the HTML block moved to the top of the page
      for (const position of [4, 3, 2])
        await page.getByRole('button', { name: `Monter le widget ${position}` }).click();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByText("La page d'accueil est enregistrée.")).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Widget 1 : Bloc HTML personnalisé' }).getByLabel('HTML'),
      ).toHaveValue('<p>Offre <strong>spéciale</strong><img src="x" /></p>');

      const site = await page.context().newPage();
      await site.goto(siteUrl(baseURL));
      await expect(site.getByRole('heading', { level: 1, name: 'Vendez malin' })).toBeVisible();
      await expect(site.locator('.widget-html').first()).toContainText('Offre spéciale');
      expect(await site.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await site.locator('.widget-html script, .widget-html [onerror]').count()).toBe(0);
      await expect(
        site.getByRole('region', { name: 'Nos produits à la une' }).getByRole('listitem'),
      ).toHaveCount(5);
      await expect(site.getByRole('heading', { level: 3, name: /Galaxy S21/ })).toBeVisible();
      // the custom HTML block comes first, before the search widget
      await expect(site.locator('.widgets > *').first()).toHaveClass(/widget-html/);
      await site.close();

      await page.getByRole('link', { name: 'Site web', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Site web public' })).toBeVisible();
      await expect(page.getByRole('link', { name: /demo-retail\.localhost/ })).toBeVisible();
      // without the save notification (its close button has no name: a Mantine default of the whole app)
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Site web public' })).toBeVisible();
      expect(await axeFindings(page, { seriousOnly: true })).toEqual([]);

      // the accessibility statement: a PDF checked by its content, then linked from the site's footer
      const statement = page.getByRole('region', { name: "Déclaration d'accessibilité" });
      await statement.locator('input[type="file"]').setInputFiles({
        name: 'statement.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('This is only text pretending to be a PDF document.'),
      });
      await expect(statement.getByRole('alert')).toHaveText(/PDF|fichier/i);
      await statement.locator('input[type="file"]').setInputFiles({
        name: 'statement.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(TINY_PDF, 'latin1'),
      });
      await expect(statement.getByRole('link', { name: 'Ouvrir le document actuel' })).toBeVisible();

      const visitor = await page.context().newPage();
      await visitor.goto(siteUrl(baseURL));
      await visitor.getByRole('link', { name: "Déclaration d'accessibilité" }).click();
      await expect(
        visitor.getByRole('heading', { level: 1, name: "Déclaration d'accessibilité" }),
      ).toBeVisible();
      const href = await visitor
        .getByRole('link', { name: 'Ouvrir le document (PDF, nouvel onglet)' })
        .getAttribute('href');
      const pdf = await visitor.evaluate(async (url) => {
        const res = await fetch(url as string);
        return { type: res.headers.get('content-type'), start: (await res.text()).slice(0, 5) };
      }, href);
      expect(pdf).toEqual({ type: 'application/pdf', start: '%PDF-' });
      await visitor.close();
    });

    test('only a platform admin activates a site: Other Retail opens, then closes again', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await login(page, 'admin@demo.test'); // the platform account speaks English
      await page.goto('/white-label/sites');
      await expect(page.getByRole('heading', { level: 1, name: "Retailers' web sites" })).toBeVisible();
      await page.getByRole('button', { name: 'Edit the web site of Other Retail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Web site of Other Retail' });
      await dialog.getByLabel('Site active').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The site of Other Retail is active.')).toBeVisible();

      const site = await page.context().newPage();
      await site.goto(siteUrl(baseURL, 'other-retail'));
      await expect(site.getByRole('link', { name: 'Other Retail – accueil' })).toBeVisible();
      // its own home: no home page configured, so the default banner; nothing of Demo Retail
      await expect(site.getByRole('heading', { level: 1, name: 'Revendez vos appareils' })).toBeVisible();
      await expect(site.getByText('Comment ça marche ?')).toHaveCount(0);

      await page.getByRole('button', { name: 'Edit the web site of Other Retail' }).click();
      await page.getByRole('dialog').getByLabel('Site active').uncheck();
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await site.reload();
      await expect(site.getByRole('heading', { level: 1, name: 'Site indisponible' })).toBeVisible();
      await site.close();

      // a retailer administrator has no such screen
      await page.context().clearCookies();
      await login(page, 'root_management_unit_manager@demo.test', '/white-label/sites');
      await expect(page).toHaveURL(/\/home$/);
    });
  });
