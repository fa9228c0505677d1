import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../../test/test-keys';
import { loadConfig } from '../../platform/config';
import { isPrivateAddress, urlRefusal } from './outbound-address';
import { signatureHeader } from './webhook-delivery.job';
import { eventOfChange } from './webhook-events';

/** The rules of buyer resale webhooks that need no database (docs/connectors.md, "Buyer resale webhooks"). */

describe('the addresses a webhook may reach', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '::1',
    '::',
    'fd12::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('refuses what is not an http(s) URL, or carries credentials', () => {
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'not a url',
      'https://user:pw@example.com/',
    ])
      expect(urlRefusal(url, true)).toBe('url_not_allowed');
    expect(urlRefusal('https://example.com/hooks', false)).toBeNull();
  });

  it('refuses a private address literal unless the server allows them', () => {
    for (const url of ['http://127.0.0.1:8080/x', 'http://[::1]/x', 'http://169.254.169.254/latest'])
      expect(urlRefusal(url, false)).toBe('address_not_allowed');
    expect(urlRefusal('http://127.0.0.1:8080/x', true)).toBeNull();
  });
});

describe('where private addresses are allowed (WEBHOOK_ALLOW_PRIVATE_HOSTS)', () => {
  it('outside production by default, never in production unless said', () => {
    expect(loadConfig({}).webhookPrivateHosts).toBe(true);
    expect(loadConfig(PRODUCTION_ENV).webhookPrivateHosts).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' }).webhookPrivateHosts).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }).webhookPrivateHosts).toBe(
      true,
    );
  });
});

describe('the signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const t = at.getTime() / 1000;
    const expected = createHmac('sha256', 'secret').update(`${t}.{"a":1}`).digest('hex');
    expect(signatureHeader('secret', '{"a":1}', at)).toBe(`t=${t},v1=${expected}`);
  });
});

describe('the event of a status change', () => {
  const change = {
    buybackId: 'b',
    itemId: 'i',
    fromItemStatus: 'item_awaiting_compliancy_tests',
    toItemStatus: 'item_completed_by_price',
    fromBuybackStatus: 'bb_in_processing',
    toBuybackStatus: 'bb_completed_by_price',
  } as const;

  it('completion, each way, once', () => {
    for (const to of [
      'bb_completed',
      'bb_completed_with_absorption',
      'bb_completed_with_negociation',
    ] as const)
      expect(eventOfChange({ ...change, toBuybackStatus: to })).toBe('buyback.completed');
    expect(eventOfChange(change)).toBe('buyback.completed');
    // already completed (a litigation's answer moving it from one completed status to another)
    expect(
      eventOfChange({
        ...change,
        fromBuybackStatus: 'bb_completed_by_price',
        toBuybackStatus: 'bb_completed',
      }),
    ).toBeNull();
  });

  it('refurbishment finished, and cancellation', () => {
    expect(
      eventOfChange({
        ...change,
        fromItemStatus: 'item_refurb_in_progress',
        toItemStatus: 'item_refurb_completed',
        fromBuybackStatus: 'bb_completed_by_price',
        toBuybackStatus: null,
      }),
    ).toBe('item.refurbished');
    expect(
      eventOfChange({ ...change, toItemStatus: 'item_cancelled', toBuybackStatus: 'bb_cancelled' }),
    ).toBe('buyback.cancelled');
  });

  it('any other change announces nothing', () => {
    expect(
      eventOfChange({
        ...change,
        fromItemStatus: 'item_in_transit',
        toItemStatus: 'item_registered_in_warehouse',
        fromBuybackStatus: 'bb_in_transit',
        toBuybackStatus: 'bb_in_processing',
      }),
    ).toBeNull();
  });
});
