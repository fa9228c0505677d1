import { describe, expect, it } from 'vitest';
import {
  itemRefusal,
  needsLabel,
  packageNumber,
  type ShippableItem,
  storePackageRefusal,
  trackingNumber,
} from './expedition.rules';

const STORE = 'store-1';
const WAREHOUSE = 'warehouse-1';

const item = (over: Partial<ShippableItem> = {}): ShippableItem => ({
  status: 'item_awaiting_inventory',
  circuit_type: 'store_drop',
  store_id: STORE,
  warehouse_id: WAREHOUSE,
  destination_warehouse_id: WAREHOUSE,
  dispatched_at: null,
  ...over,
});

describe('a store package', () => {
  it('takes an item of its store awaiting inventory', () => {
    expect(itemRefusal('store', item(), STORE)).toBeNull();
  });

  it("refuses another store's item as not awaiting shipment", () => {
    expect(itemRefusal('store', item({ store_id: 'store-2' }), STORE)).toBe(
      'expedition_not_awaiting_shipment',
    );
    expect(itemRefusal('store', item({ store_id: null }), STORE)).toBe('expedition_not_awaiting_shipment');
  });

  it('refuses the circuits the customer or a carrier ships: no manual shipment', () => {
    for (const circuit of ['web_post', 'store_collect', 'web_collect'])
      expect(itemRefusal('store', item({ circuit_type: circuit }), STORE)).toBe(
        'expedition_no_manual_shipment',
      );
  });

  it('refuses an item in transit or further as already processed, one not dropped yet as not awaiting shipment', () => {
    for (const status of ['item_in_transit', 'item_registered_in_warehouse', 'item_completed_by_price'])
      expect(itemRefusal('store', item({ status }), STORE)).toBe('expedition_already_processed');
    for (const status of ['item_created', 'item_awaiting_store_drop', 'item_cancelled', 'item_lost_store'])
      expect(itemRefusal('store', item({ status }), STORE)).toBe('expedition_not_awaiting_shipment');
  });

  it('needs a label for the drop-with-label circuits only', () => {
    expect(needsLabel('store_drop_label')).toBe(true);
    expect(needsLabel('web_drop_label')).toBe(true);
    expect(needsLabel('store_drop')).toBe(false);
    expect(needsLabel('web_drop')).toBe(false);
    const labelled = item({ circuit_type: 'store_drop_label' });
    expect(storePackageRefusal(labelled, { withLabel: false, destinationId: null })).toBe(
      'expedition_item_needs_label',
    );
    expect(storePackageRefusal(item(), { withLabel: true, destinationId: null })).toBe(
      'expedition_item_no_label',
    );
    expect(storePackageRefusal(labelled, { withLabel: true, destinationId: null })).toBeNull();
  });

  it("goes to its first item's warehouse: another destination is refused", () => {
    expect(storePackageRefusal(item(), { withLabel: false, destinationId: WAREHOUSE })).toBeNull();
    expect(
      storePackageRefusal(item({ warehouse_id: 'w-2' }), { withLabel: false, destinationId: WAREHOUSE }),
    ).toBe('expedition_other_destination');
    // an item without its own warehouse goes to its buyback's destination
    expect(
      storePackageRefusal(item({ warehouse_id: null, destination_warehouse_id: 'w-2' }), {
        withLabel: false,
        destinationId: WAREHOUSE,
      }),
    ).toBe('expedition_other_destination');
  });
});

describe('a warehouse package', () => {
  const awaiting = (over: Partial<ShippableItem> = {}) =>
    item({ status: 'item_completed_by_price', ...over });

  it('takes the items of its warehouse awaiting dispatch or refurbished', () => {
    for (const status of [
      'item_completed',
      'item_completed_by_price',
      'item_completed_with_absorption',
      'item_completed_with_negociation',
      'item_refurb_completed',
    ])
      expect(itemRefusal('warehouse', awaiting({ status }), WAREHOUSE)).toBeNull();
  });

  it('refuses a dispatched item as already processed, other statuses and warehouses as not awaiting shipment', () => {
    expect(itemRefusal('warehouse', awaiting({ dispatched_at: new Date() }), WAREHOUSE)).toBe(
      'expedition_already_processed',
    );
    for (const status of ['item_in_transit', 'item_refurb_in_progress', 'item_in_quarantine'])
      expect(itemRefusal('warehouse', awaiting({ status }), WAREHOUSE)).toBe(
        'expedition_not_awaiting_shipment',
      );
    expect(itemRefusal('warehouse', awaiting({ warehouse_id: 'w-2' }), WAREHOUSE)).toBe(
      'expedition_not_awaiting_shipment',
    );
  });
});

describe('numbers', () => {
  it('numbers a package PK and ten digits', () => {
    expect(packageNumber(42)).toBe('PK0000000042');
    expect(packageNumber('1234567890')).toBe('PK1234567890');
  });

  it('derives a tracking number with a check digit from the package number', () => {
    expect(trackingNumber('PK0000000042')).toMatch(/^RP0000000042\d$/);
    expect(trackingNumber('PK0000000042')).not.toBe(trackingNumber('PK0000000043'));
    // the check digit makes the weighted sum a multiple of ten
    const digits = trackingNumber('PK0000000042').slice(2);
    const sum = [...digits]
      .reverse()
      .reduce((acc, d, i) => acc + Number(d) * (i === 0 ? 1 : i % 2 === 1 ? 3 : 1), 0);
    expect(sum % 10).toBe(0);
  });
});
