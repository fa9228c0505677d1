import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CustomerDataInput, customerSchema, customerSchemaFor } from './customer';
import { ean13CheckDigit, isValidEan13, withEan13CheckDigit } from './ean13';
import { formatIban, IBAN_LENGTHS, ibanSchema, isValidIban, maskIban, normalizeIban } from './iban';
import { imeiMatchesTac, imeiWarnings, isImeiFormat, isValidImei, passesLuhn } from './imei';
import {
  formatPhoneAsYouType,
  formatPhoneInternational,
  isValidPhone,
  phoneSchema,
  toE164Phone,
} from './phone';
import { isValidPostcode, normalizePostcode, POSTCODE_RULES, postcodeExample } from './postcode';

/** Messages (codes) by path of a failed parse. */
const violations = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('IMEI', () => {
  it('has 15 to 17 digits and nothing else', () => {
    expect(isImeiFormat('490154203237518')).toBe(true);
    expect(isImeiFormat('4901542032375180')).toBe(true);
    expect(isImeiFormat('49015420323751801')).toBe(true);
    expect(isImeiFormat('49015420323751')).toBe(false);
    expect(isImeiFormat('490154203237518012')).toBe(false);
    expect(isImeiFormat('49-015420-323751-8')).toBe(false);
    expect(isImeiFormat('490154/203237518')).toBe(false);
    expect(isImeiFormat(' 490154203237518')).toBe(false);
  });

  it('a 15-digit IMEI must pass its Luhn check digit', () => {
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('356938035643809')).toBe(true);
    expect(isValidImei('490154203237517')).toBe(false);
    // 16 and 17 digits carry no check digit.
    expect(isValidImei('4901542032375170')).toBe(true);
    expect(isValidImei('49015420323751')).toBe(false);
  });

  it('changing any one digit of a valid 15-digit IMEI breaks the check digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const imei = '490154203237518';
        const digit = (Number(imei[pos]) + delta) % 10;
        const changed = imei.slice(0, pos) + digit + imei.slice(pos + 1);
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });

  it('matches a TAC by its first 8 digits', () => {
    expect(imeiMatchesTac('490154203237518', ['35693803', '49015420'])).toBe(true);
    expect(imeiMatchesTac('490154203237518', ['35693803'])).toBe(false);
    expect(imeiMatchesTac('490154203237518', [])).toBe(false);
  });

  it('warns about the check digit and a TAC matching none of the product', () => {
    expect(imeiWarnings('490154203237518', ['49015420'])).toEqual([]);
    expect(imeiWarnings('490154203237517', ['49015420'])).toEqual(['imei_check_digit_invalid']);
    expect(imeiWarnings('490154203237518', ['35693803'])).toEqual(['imei_tac_mismatch']);
    expect(imeiWarnings('490154203237517', ['35693803'])).toEqual([
      'imei_check_digit_invalid',
      'imei_tac_mismatch',
    ]);
    // A product without TAC codes has nothing to compare with.
    expect(imeiWarnings('490154203237518', [])).toEqual([]);
  });
});

describe('EAN-13', () => {
  it('computes the GS1 check digit', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(withEan13CheckDigit('590123412345')).toBe('5901234123457');
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    expect(isValidEan13('400638133393')).toBe(false);
    expect(() => ean13CheckDigit('12345')).toThrow(RangeError);
  });

  it('every 12-digit body gives a valid code, and one wrong digit is detected', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{12}$/),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (body, pos, delta) => {
          const code = withEan13CheckDigit(body);
          expect(isValidEan13(code)).toBe(true);
          const changed = code.slice(0, pos) + ((Number(code[pos]) + delta) % 10) + code.slice(pos + 1);
          expect(isValidEan13(changed)).toBe(false);
        },
      ),
    );
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs with spaces, in any case', () => {
    expect(isValidIban('FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    expect(isValidIban('fr7630006000011234567890189')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('BE68 5390 0754 7034')).toBe(true);
    expect(isValidIban('NL91ABNA0417164300')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('NO9386011117947')).toBe(true);
  });

  it('refuses a wrong check, length, country or character', () => {
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('FR763000600001123456789018')).toBe(false);
    expect(isValidIban('DE8937040044053201300')).toBe(false);
    expect(isValidIban('XX89370400440532013000')).toBe(false);
    expect(isValidIban('FR76-3000-6000-0112-3456-7890-189')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('refuses check digits 00, 01 and 99 even when MOD 97 passes', () => {
    // 99 = 02 + 97 and 00/01 = 97/98 − 97 give the same remainder: only 02 to 98 are check digits.
    expect(isValidIban('DE02120300000000202051')).toBe(true);
    expect(isValidIban('DE99120300000000202051')).toBe(false);
    expect(isValidIban('BE68539007547034')).toBe(true);
    expect(isValidIban('BE00539007547034')).toBe(false);
  });

  it('knows the length of every registry country', () => {
    expect(IBAN_LENGTHS.FR).toBe(27);
    expect(IBAN_LENGTHS.BE).toBe(16);
    expect(IBAN_LENGTHS.NL).toBe(18);
    expect(IBAN_LENGTHS.DE).toBe(22);
    expect(Object.values(IBAN_LENGTHS).every((n) => n >= 15 && n <= 34)).toBe(true);
  });

  it('formats in groups of four and masks all but the ends', () => {
    expect(normalizeIban(' fr76 3000 6000 0112 3456 7890 189 ')).toBe('FR7630006000011234567890189');
    expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(maskIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR76 **** **** **** **** ***0 189');
    expect(maskIban('BE68539007547034')).toBe('BE68 **** **** 7034');
  });

  it('the schema requires a valid IBAN and answers it normalised', () => {
    expect(ibanSchema.parse('fr76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
    expect(violations(ibanSchema.safeParse(''))).toEqual({ '': 'required' });
    expect(violations(ibanSchema.safeParse(undefined))).toEqual({ '': 'required' });
    expect(violations(ibanSchema.safeParse('FR7630006000011234567890188'))).toEqual({ '': 'iban_invalid' });
  });
});

describe('phone', () => {
  it('reads national French numbers and answers E.164', () => {
    expect(toE164Phone('06 12 34 56 78')).toBe('+33612345678');
    expect(toE164Phone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(toE164Phone('+32 470 12 34 56')).toBe('+32470123456');
    expect(toE164Phone('+49 30 123456')).toBe('+4930123456');
  });

  it('refuses numbers of an impossible length or without digits', () => {
    expect(isValidPhone('06 12 34')).toBe(false);
    expect(isValidPhone('06 12 34 56 78 90 12')).toBe(false);
    expect(isValidPhone('hello')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('formats for display and while typing', () => {
    expect(formatPhoneInternational('0612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhoneInternational('12')).toBe('12');
    expect(formatPhoneAsYouType('0612')).toBe('06 12');
  });

  it('the schema answers E.164 with stable codes', () => {
    expect(phoneSchema.parse(' 06 12 34 56 78 ')).toBe('+33612345678');
    expect(violations(phoneSchema.safeParse(''))).toEqual({ '': 'required' });
    expect(violations(phoneSchema.safeParse('06 12'))).toEqual({ '': 'phone_invalid' });
  });
});

describe('customer form', () => {
  const now = () => new Date('2026-03-10T12:00:00Z');
  const valid: CustomerDataInput = {
    firstName: ' Camille ',
    lastName: 'Durand',
    email: 'Camille.Durand@Example.com',
    phone: '06 12 34 56 78',
    street: '12 rue de la Paix',
    streetMore: '',
    zip: '75002',
    city: 'Paris',
    country: 'fr',
    identification: { type: 'identity_card', number: 'X4RTBPFW4', deliveryDate: '', issuingAuthority: '' },
    iban: 'FR76 3000 6000 0112 3456 7890 189',
  };
  const strict = customerSchemaFor({ identityDocumentRequired: true, ibanRequired: true, now });
  const loose = customerSchemaFor({ identityDocumentRequired: false, ibanRequired: false, now });
  const withId = {
    ...valid,
    identification: {
      ...valid.identification,
      deliveryDate: '2020-05-04',
      issuingAuthority: 'Préfecture de Paris',
    },
  };

  it('accepts a customer and answers it clean', () => {
    expect(loose.parse(valid)).toEqual({
      firstName: 'Camille',
      lastName: 'Durand',
      email: 'camille.durand@example.com',
      phone: '+33612345678',
      street: '12 rue de la Paix',
      streetMore: null,
      zip: '75002',
      city: 'Paris',
      country: 'FR',
      identification: {
        type: 'identity_card',
        number: 'X4RTBPFW4',
        deliveryDate: null,
        issuingAuthority: null,
      },
      iban: null,
    });
    expect(strict.parse(withId)).toMatchObject({
      identification: { deliveryDate: '2020-05-04', issuingAuthority: 'Préfecture de Paris' },
      iban: 'FR7630006000011234567890189',
    });
    expect(customerSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['firstName', 'C', 'too_short'],
    ['firstName', 'C'.repeat(256), 'too_long'],
    ['lastName', '', 'required'],
    ['street', 'x'.repeat(126), 'too_long'],
    ['streetMore', 'x'.repeat(126), 'too_long'],
    ['zip', '7', 'too_short'],
    ['zip', '75002-12345', 'too_long'],
    ['zip', '75#02', 'zip_invalid'],
    ['city', 'P', 'too_short'],
    ['city', 'x'.repeat(46), 'too_long'],
    ['country', '', 'required'],
    ['country', 'FRA', 'invalid_country'],
    ['email', 'camille@', 'invalid_email'],
    ['email', '', 'required'],
    ['phone', '06 12', 'phone_invalid'],
    ['phone', undefined, 'required'],
  ])('%s = %j → %s', (field, value, code) => {
    expect(violations(loose.safeParse({ ...valid, [field]: value }))).toEqual({ [field]: code });
  });

  it('accepts the bounds of each text', () => {
    const r = loose.safeParse({
      ...valid,
      firstName: 'Jo',
      lastName: 'x'.repeat(255),
      street: 'x'.repeat(125),
      streetMore: 'x'.repeat(125),
      zip: 'B-10',
      city: 'x'.repeat(45),
      // a country without a known postcode format: the generic rule
      country: 'AR',
    });
    expect(violations(r)).toEqual({});
  });

  it.each([
    ['type', '', 'required'],
    ['type', 'student_card', 'invalid_value'],
    ['number', '', 'required'],
    ['number', 'AB12', 'too_short'],
    ['number', 'A'.repeat(21), 'too_long'],
    ['number', 'AB-1234', 'identification_number_invalid'],
  ])('identification %s = %j → %s', (field, value, code) => {
    const r = loose.safeParse({ ...valid, identification: { ...valid.identification, [field]: value } });
    expect(violations(r)).toEqual({ [`identification.${field}`]: code });
  });

  it('the identity document needs a delivery date and an issuing authority when the account requires it', () => {
    expect(violations(strict.safeParse({ ...withId, identification: valid.identification }))).toEqual({
      'identification.deliveryDate': 'required',
      'identification.issuingAuthority': 'required',
    });
    expect(violations(loose.safeParse(valid))).toEqual({});
  });

  it('the delivery date is a real date, not in the future', () => {
    const at = (deliveryDate: string) =>
      violations(strict.safeParse({ ...withId, identification: { ...withId.identification, deliveryDate } }));
    expect(at('2026-03-10')).toEqual({});
    // 12:00 UTC on the 10th is already the 11th east of UTC+12: still today somewhere.
    expect(at('2026-03-11')).toEqual({});
    expect(at('2026-03-12')).toEqual({ 'identification.deliveryDate': 'date_in_future' });
    expect(at('2026-02-30')).toEqual({ 'identification.deliveryDate': 'invalid_date' });
    expect(at('10/03/2026')).toEqual({ 'identification.deliveryDate': 'invalid_date' });
    // Checked when given, even when not required.
    expect(
      violations(
        loose.safeParse({
          ...valid,
          identification: { ...valid.identification, deliveryDate: '2027-01-01' },
        }),
      ),
    ).toEqual({ 'identification.deliveryDate': 'date_in_future' });
  });

  it('the issuing authority has 2 to 255 characters', () => {
    const r = strict.safeParse({
      ...withId,
      identification: { ...withId.identification, issuingAuthority: 'P' },
    });
    expect(violations(r)).toEqual({ 'identification.issuingAuthority': 'too_short' });
  });

  it('the IBAN is required and checked only when the payment mode needs one', () => {
    expect(violations(strict.safeParse({ ...withId, iban: '' }))).toEqual({ iban: 'required' });
    expect(violations(strict.safeParse({ ...withId, iban: undefined }))).toEqual({ iban: 'required' });
    expect(violations(strict.safeParse({ ...withId, iban: 'FR7630006000011234567890188' }))).toEqual({
      iban: 'iban_invalid',
    });
    expect(loose.parse({ ...valid, iban: 'not an iban' }).iban).toBeNull();
  });

  it('a missing identification is required', () => {
    expect(violations(loose.safeParse({ ...valid, identification: undefined }))).toEqual({
      identification: 'required',
    });
  });

  it('a French postcode of letters is refused: the postcode follows the country', () => {
    expect(violations(loose.safeParse({ ...valid, zip: 'ABCDE' }))).toEqual({ zip: 'zip_country_format' });
    expect(violations(loose.safeParse({ ...valid, zip: '7500' }))).toEqual({ zip: 'zip_country_format' });
    expect(violations(loose.safeParse({ ...valid, zip: '1000', country: 'BE' }))).toEqual({});
    expect(violations(loose.safeParse({ ...valid, zip: '75002', country: 'BE' }))).toEqual({
      zip: 'zip_country_format',
    });
    // checked while other fields are still missing, as a form shows every error at once
    expect(
      violations(
        loose.safeParse({ ...valid, zip: 'ABCDE', identification: { ...valid.identification, type: '' } }),
      ),
    ).toEqual({ zip: 'zip_country_format', 'identification.type': 'required' });
    expect(violations(loose.safeParse(undefined))).toEqual({ '': 'required' });
    // a zip already wrong by its own rule reports that rule only
    expect(violations(loose.safeParse({ ...valid, zip: '75#02' }))).toEqual({ zip: 'zip_invalid' });
  });

  it('answers the postcode in its country canonical form', () => {
    expect(loose.parse({ ...valid, zip: '1012ab', country: 'NL' }).zip).toBe('1012 AB');
    expect(loose.parse({ ...valid, zip: 'sw1a1aa', country: 'gb' }).zip).toBe('SW1A 1AA');
  });

  it('a country the circuits do not serve is refused when the served countries are given', () => {
    const served = customerSchemaFor({
      identityDocumentRequired: false,
      ibanRequired: false,
      now,
      countries: ['FR', 'BE'],
    });
    expect(violations(served.safeParse(valid))).toEqual({});
    expect(violations(served.safeParse({ ...valid, country: 'DE', zip: '10115' }))).toEqual({
      country: 'country_not_served',
    });
    expect(violations(served.safeParse({ ...valid, country: 'DE', zip: 'ABCDE' }))).toEqual({
      country: 'country_not_served',
      zip: 'zip_country_format',
    });
  });
});

describe('postcodes by country', () => {
  it.each([
    ['FR', ['75001', '97400', '20000'], ['ABCDE', '7500', '750011', '75 001']],
    ['MC', ['98000'], ['75001']],
    ['BE', ['1000', '9999'], ['0999', '10000', 'B-1000']],
    ['NL', ['1012 AB', '1012AB', '9999 ZZ'], ['0123 AB', '1012 SA', '1012', '1012 A1']],
    ['DE', ['10115', '01067'], ['00123', '1011', 'D-10115']],
    ['LU', ['L-1009', '1009'], ['L1009', '10090']],
    ['GB', ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A1BB', 'GIR 0AA'], ['SW1A', '12345']],
    ['ES', ['28013', '01001', '52001'], ['53001', '00123', '2801']],
    ['IT', ['00184', '20121'], ['0018', 'I-00184']],
    ['CH', ['8001', '1200'], ['0800', '80010']],
    ['AT', ['1010', '6020'], ['0101', '10100']],
    ['PT', ['1100-148', '4000-322'], ['1100148', '1100', '0100-148']],
    ['PL', ['00-950'], ['00950']],
    ['IE', ['D02 X285', 'A65F4E2', 'D6W 1234'], ['D02', '12345']],
  ])('%s accepts %j and refuses %j', (country, good, bad) => {
    for (const zip of good) expect(isValidPostcode(country, zip), zip).toBe(true);
    for (const zip of bad) expect(isValidPostcode(country, zip), zip).toBe(false);
  });

  it('every known format accepts its own example, in lower case too', () => {
    for (const [country, rule] of Object.entries(POSTCODE_RULES)) {
      expect(isValidPostcode(country, rule.example), country).toBe(true);
      expect(isValidPostcode(country.toLowerCase(), rule.example.toLowerCase()), country).toBe(true);
      expect(postcodeExample(country)).toBe(rule.example);
    }
  });

  it('a country without a known format takes letters and digits separated by one space or dash', () => {
    expect(postcodeExample('JP')).toBeNull();
    for (const zip of ['100-0001', '10', 'C1425', 'AB 12 CD'])
      expect(isValidPostcode('JP', zip), zip).toBe(true);
    for (const zip of ['-100', '100-', '1--0', 'A', '12345678901', '1#2'])
      expect(isValidPostcode('JP', zip), zip).toBe(false);
  });

  it('normalises spaces and case, and places the space where the country prints it', () => {
    expect(normalizePostcode('FR', ' 75001 ')).toBe('75001');
    expect(normalizePostcode('NL', '1012  ab')).toBe('1012 AB');
    expect(normalizePostcode('GB', 'ec1a1bb')).toBe('EC1A 1BB');
    expect(normalizePostcode('JP', ' 100-0001')).toBe('100-0001');
  });
});
