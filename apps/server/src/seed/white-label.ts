import { sql } from 'kysely';
import type { Db } from '../platform/db';
import { HOME_HTML_TRANSLATIONS, HOME_TRANSLATIONS } from './catalog-translations';
import { DEMO } from './demo-ids';

/**
 * Demo Retail's public site (`http://demo-retail.localhost:3000`): its site configuration and a
 * published home page with a banner title, a custom HTML block, the search and featured products
 * (the four best-paid published products of its catalogue), its texts also in en-GB, nl-BE and de-DE.
 * Other Retail's site stays inactive.
 */
export async function seedWhiteLabel(trx: Db): Promise<void> {
  const account = DEMO.accounts.demoRetail;
  await trx
    .insertInto('white_label_configs')
    .values({
      account_id: account,
      tag_manager_id: null,
      axeptio_id: null,
      external_website_url: 'https://www.demo-retail.test',
      external_website_text: 'demo-retail.test',
      drop_off_locations_map_enabled: false,
      cookies_policy_key: null,
      accessibility_statement_key: null,
    })
    .execute();
  const featured = await trx
    .selectFrom('products')
    .select('id')
    .where('account_id', '=', account)
    .where('status', '=', 'published')
    .orderBy('price_grade_a', 'desc')
    .orderBy('id')
    .limit(4)
    .execute();
  const widgets = [
    { type: 'search' },
    {
      type: 'custom_html',
      html:
        '<section><h2>Comment ça marche ?</h2><ol><li>Estimez votre appareil en quelques questions.</li>' +
        '<li>Déposez-le en magasin ou envoyez-le gratuitement.</li>' +
        '<li>Recevez votre paiement ou un bon d&#39;achat.</li></ol>' +
        '<p>Une question ? <a href="/faq">Consultez la FAQ</a> ou <a href="/stores">trouvez un magasin</a>.</p></section>',
      translations: HOME_HTML_TRANSLATIONS,
    },
    { type: 'featured_products', productIds: featured.map((p) => p.id) },
  ];
  await trx
    .insertInto('home_page_configs')
    .values({
      account_id: account,
      status: 'published',
      meta_title: 'Demo Retail – Revendez vos appareils',
      meta_description:
        'Estimez en ligne le prix de reprise de votre smartphone, tablette ou ordinateur et revendez-le à Demo Retail.',
      banner_title: 'Revendez vos appareils',
      banner_image_key: null,
      widgets: JSON.stringify(widgets),
      translations: JSON.stringify(HOME_TRANSLATIONS),
    })
    .execute();
  await trx
    .updateTable('organization_root_details')
    .set({
      eula: "Conditions générales d'utilisation du site de reprise de Demo Retail.\n\nLe site permet d'estimer le prix de reprise d'un appareil et de le revendre à Demo Retail.",
      service_terms:
        "Conditions générales de service.\n\nLe prix estimé est confirmé après le contrôle de l'appareil par notre atelier.",
      faq_and_contact:
        "Comment est calculé le prix ?\nLe prix dépend du modèle et de l'état déclaré de l'appareil.\n\nComment nous contacter ?\nÉcrivez à support@demo-retail.test.",
      updated_at: sql`now()`,
    })
    .where('account_id', '=', account)
    .where('eula', 'is', null)
    .execute();
}
