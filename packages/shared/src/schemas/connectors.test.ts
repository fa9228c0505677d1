import { describe, expect, it } from 'vitest';
import {
  type ConnectorPropertyDefinition,
  connectorPropertyViolations,
  normalizedPropertyValue,
} from './connectors';

/** The values of a connector configuration checked by their property's kind (docs/connectors.md). */

const def = (kind: ConnectorPropertyDefinition['kind'], over: Partial<ConnectorPropertyDefinition> = {}) => ({
  name: 'value',
  required: true,
  secret: false,
  kind,
  ...over,
});

const code = (kind: ConnectorPropertyDefinition['kind'], value: string) => {
  const result = normalizedPropertyValue(def(kind), value);
  return 'code' in result ? result.code : null;
};

describe('property kinds', () => {
  it.each([
    ['text', 'x'.repeat(255), null],
    ['text', 'x'.repeat(256), 'too_long'],
    ['url', 'https://carrier.test/api', null],
    ['url', 'http://localhost:8080', null],
    ['url', 'ftp://carrier.test', 'invalid_url'],
    ['url', 'carrier.test', 'invalid_url'],
    ['integer', '22', null],
    ['integer', '-3', null],
    ['integer', '2.5', 'invalid_integer'],
    ['amount', '150000', null],
    ['amount', '0', null],
    ['amount', '-1', 'invalid_amount'],
    ['amount', '12,50', 'invalid_amount'],
    ['iban', 'FR76 3000 6000 0112 3456 7890 189', null],
    ['iban', 'FR7630006000011234567890188', 'iban_invalid'],
    ['bic', 'AGRIFRPP', null],
    ['bic', 'agrifrppxxx', null],
    ['bic', 'AGRIFRPPXX', 'invalid_bic'],
    ['email', 'ops@demo-retail.test', null],
    ['email', 'ops@demo', 'invalid_email'],
    ['email', 'not an address', 'invalid_email'],
    ['text', '   ', 'required'],
  ] as const)('%s %j → %s', (kind, value, expected) => {
    expect(code(kind, value)).toBe(expected);
  });

  it('stores an IBAN and a BIC normalised, a text trimmed, a secret as typed', () => {
    expect(normalizedPropertyValue(def('iban'), 'fr76 3000 6000 0112 3456 7890 189')).toEqual({
      value: 'FR7630006000011234567890189',
    });
    expect(normalizedPropertyValue(def('bic'), ' agrifrpp ')).toEqual({ value: 'AGRIFRPP' });
    expect(normalizedPropertyValue(def('text'), '  Demo  ')).toEqual({ value: 'Demo' });
    expect(normalizedPropertyValue(def('text', { secret: true }), ' pass ')).toEqual({ value: ' pass ' });
  });
});

describe('connectorPropertyViolations', () => {
  const definitions: ConnectorPropertyDefinition[] = [
    def('text', { name: 'merchant_id' }),
    def('text', { name: 'item_code', required: false }),
    def('text', { name: 'passphrase', secret: true }),
  ];

  it('on create: every required property, no unknown one', () => {
    const { violations } = connectorPropertyViolations(definitions, { merchant_id: 'M', colour: 'red' });
    expect(violations).toEqual([
      { propertyPath: 'properties.colour', code: 'unknown_property' },
      { propertyPath: 'properties.passphrase', code: 'required' },
    ]);
  });

  it('needs at least one value', () => {
    const optional = [def('integer', { name: 'minimum_matches', required: false })];
    expect(connectorPropertyViolations(optional, {}).violations).toEqual([
      { propertyPath: 'properties', code: 'at_least_one_property' },
    ]);
    expect(
      connectorPropertyViolations(optional, { minimum_matches: null }, ['minimum_matches']).violations,
    ).toEqual([{ propertyPath: 'properties', code: 'at_least_one_property' }]);
  });

  it('on update: null removes an optional value, never a required one; what is not sent is kept', () => {
    const stored = ['merchant_id', 'item_code', 'passphrase'];
    expect(connectorPropertyViolations(definitions, { item_code: null }, stored)).toEqual({
      values: { item_code: null },
      violations: [],
    });
    expect(
      connectorPropertyViolations(definitions, { merchant_id: null, passphrase: '' }, stored).violations,
    ).toEqual([
      { propertyPath: 'properties.merchant_id', code: 'required' },
      { propertyPath: 'properties.passphrase', code: 'required' },
    ]);
  });
});
