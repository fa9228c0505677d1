import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUYBACK_CHANNELS,
  BUYBACK_STATUSES,
  CANCEL_REASONS,
  CONNECTOR_TYPES,
  CONTROL_OUTCOMES,
  DELIVERY_EVENT_CODES,
  DEPOSIT_TYPES,
  GIFT_CARD_KINDS,
  GIFT_CARD_STATUSES,
  IMPORT_STATUSES,
  ITEM_REFURB_STEP_STATUSES,
  ITEM_STATUSES,
  LITIGATION_STATUSES,
  LOCALES,
  NATIVE_STOCK_KINDS,
  ORGANIZATION_TYPES,
  PACKAGE_STATUSES,
  PAYMENT_MODE_TYPES,
  PAYMENT_STATUSES,
  PREMIUM_FEATURES,
  PRODUCT_GRADES,
  QUARANTINE_REASONS,
  REFURB_DIAGNOSIS_STATUSES,
  REFURB_STEP_KINDS,
  SHIPMENT_STATUSES,
  SHIPPING_LABEL_STATUSES,
  TRANSFER_BATCH_STATUSES,
  USER_TYPES,
  WEBHOOK_DELIVERY_STATUSES,
} from '@reprise/shared';
import { describe, expect, it } from 'vitest';

/**
 * The words of the screens (docs/glossary.md): a status or a kind has one name in each language,
 * whichever screen shows it, and no text writes a plural as "ligne(s)" (i18next plurals do).
 */

const root = import.meta.dirname;
const publicLocales = join(root, '../public/locales');

type Texts = Record<string, unknown>;

/** Every text of a locale, back office (`<locale>/*.json`) and public site (`public/locales`). */
function textsOf(locale: string): [string, string][] {
  const texts: [string, string][] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') texts.push([path, value]);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
  };
  for (const file of readdirSync(join(root, locale)).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(root, locale, file), 'utf8')), file.slice(0, -'.json'.length));
  walk(JSON.parse(readFileSync(join(publicLocales, `${locale}.json`), 'utf8')), 'public');
  return texts;
}

/** Every object of a locale's back-office namespaces, with its path (`buybacks.paymentStatus`). */
function objectsOf(locale: string): [string, Texts][] {
  const objects: [string, Texts][] = [];
  const walk = (value: unknown, path: string) => {
    if (!value || typeof value !== 'object') return;
    objects.push([path, value as Texts]);
    for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
  };
  for (const file of readdirSync(join(root, locale)).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(root, locale, file), 'utf8')), file.slice(0, -'.json'.length));
  return objects;
}

/**
 * A plural written with parentheses or a slash inside a word: "ligne(s)", "confirmé(e)s",
 * "item(s)", "batch(es)", "artikel(en)", "Leistung(en)", "Zeile(n)". "http(s)" is a scheme.
 */
const PARENTHESISED_PLURAL = /\p{L}\((?:s|e|es|x|en|n|nen|innen|er|r|ies|e\)s)\)/iu;

describe('plurals', () => {
  it.each(LOCALES)(
    '%s writes no plural in parentheses (i18next plurals: _one, _other and count)',
    (locale) => {
      const offending = textsOf(locale)
        .filter(([, text]) => PARENTHESISED_PLURAL.test(text.replaceAll('http(s)', 'https')))
        .map(([path, text]) => `${path}: ${text}`);
      expect(offending).toEqual([]);
    },
  );

  it('the pattern finds the markers it is meant to', () => {
    for (const text of [
      '2 ligne(s) lue(s)',
      'confirmé(e)s',
      '3 item(s)',
      'batch(es)',
      'artikel(en)',
      'Zeile(n)',
    ])
      expect(PARENTHESISED_PLURAL.test(text), text).toBe(true);
    for (const text of [
      'Une adresse http(s)'.replaceAll('http(s)', 'https'),
      'IMEI (15 chiffres)',
      '(facultatif)',
    ])
      expect(PARENTHESISED_PLURAL.test(text), text).toBe(false);
  });
});

/**
 * The enums the screens name. A "label set" of an enum is an object of the translations holding a
 * text for each of its values (help texts aside): every label set of an enum names each value the
 * same way, so a status reads the same on every screen.
 */
const ENUMS: Record<string, readonly string[]> = {
  BUYBACK_STATUSES,
  ITEM_STATUSES,
  PAYMENT_STATUSES,
  TRANSFER_BATCH_STATUSES,
  IMPORT_STATUSES,
  DELIVERY_EVENT_CODES,
  SHIPMENT_STATUSES,
  SHIPPING_LABEL_STATUSES,
  ITEM_REFURB_STEP_STATUSES,
  REFURB_DIAGNOSIS_STATUSES,
  QUARANTINE_REASONS,
  CONTROL_OUTCOMES,
  REFURB_STEP_KINDS,
  PAYMENT_MODE_TYPES,
  GIFT_CARD_KINDS,
  GIFT_CARD_STATUSES,
  NATIVE_STOCK_KINDS,
  PREMIUM_FEATURES,
  PACKAGE_STATUSES,
  LITIGATION_STATUSES,
  WEBHOOK_DELIVERY_STATUSES,
  CANCEL_REASONS,
  BUYBACK_CHANNELS,
  DEPOSIT_TYPES,
  USER_TYPES,
  ORGANIZATION_TYPES,
  PRODUCT_GRADES,
  CONNECTOR_TYPES,
};

/** Objects whose texts explain each value rather than name it. */
const HELP = /help|hint|description/i;

function labelSets(locale: string, values: readonly string[]): [string, Texts][] {
  return objectsOf(locale).filter(
    ([path, texts]) =>
      !HELP.test(path.split('.').at(-1) ?? '') && values.every((value) => typeof texts[value] === 'string'),
  );
}

describe('one name per status', () => {
  for (const [name, values] of Object.entries(ENUMS)) {
    it.each(LOCALES)(`%s names each of ${name} the same on every screen`, (locale) => {
      const sets = labelSets(locale, values);
      expect(sets.length, `no label set of ${name}`).toBeGreaterThan(0);
      const drifting = values.flatMap((value) => {
        const names = new Set(sets.map(([, texts]) => texts[value]));
        return names.size > 1
          ? [`${value}: ${sets.map(([path, texts]) => `${path} "${texts[value]}"`).join(', ')}`]
          : [];
      });
      expect(drifting).toEqual([]);
    });
  }

  // the statuses of a buyback, its item and its payment have one key set each, which every
  // screen reads (the payment's: PaymentStatusBadge and the payment search's filter)
  it.each(LOCALES)('%s has one key set of payment, buyback and item statuses', (locale) => {
    expect(labelSets(locale, PAYMENT_STATUSES).map(([path]) => path)).toEqual(['buybacks.paymentStatus']);
    expect(labelSets(locale, BUYBACK_STATUSES).map(([path]) => path)).toEqual(['buybacks.status']);
    expect(labelSets(locale, ITEM_STATUSES).map(([path]) => path)).toEqual(['buybacks.itemStatus']);
    // and no other object names even two payment statuses (a partial copy would drift too)
    const partial = objectsOf(locale)
      .filter(
        ([, texts]) => PAYMENT_STATUSES.filter((status) => typeof texts[status] === 'string').length >= 2,
      )
      .map(([path]) => path);
    expect(partial).toEqual(['buybacks.paymentStatus']);
  });

  it.each(LOCALES)('%s gives two payment statuses two names', (locale) => {
    const [[, texts]] = labelSets(locale, PAYMENT_STATUSES) as [[string, Texts]];
    const names = PAYMENT_STATUSES.map((status) => texts[status]);
    expect(new Set(names).size).toBe(names.length);
  });
});
