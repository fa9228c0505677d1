import {
  CO2E_AVOIDED_GRAMS,
  type ControlOutcomeKey,
  controlOutcomeOf,
  type DeviceKind,
  deviceKindOf,
  SECOND_LIFE_OUTCOMES,
  type StatisticsBar,
  type WeeklyFigures,
} from '@reprise/shared';

/**
 * The weekly statistics' roll-up (docs/dashboard.md), pure: the week's facts, grouped by where
 * they happened, become one set of figures per scope that sees them, the way the buyback list's
 * scope reads (modules/buyback-lifecycle/visibility.repository.ts, `buybackScope`):
 * - `retail`: every organisation on the buyback's organisation path (its store, the management
 *   units above, the root): a user sees the subtree of their organisation;
 * - `warehouse`: every organisation on the path of the buyback's destination warehouse;
 * - `buyer`: the buyer account, for the buybacks of the retailers linked to it;
 * - `platform`: every buyback, for platform operators.
 */

/** The nil UUID: the platform scope's id. */
export const PLATFORM_SCOPE_ID = '00000000-0000-0000-0000-000000000000';

export type ScopeKind = 'retail' | 'warehouse' | 'buyer' | 'platform';

/** Where a fact happened, as far as scopes go. */
export interface FactPlace {
  accountId: string;
  organizationPath: string;
  buyerAccountId: string;
  /** The destination warehouse's path and account, when the buyback has one. */
  warehousePath: string | null;
  warehouseAccountId: string | null;
  /** The retailer account is linked to the buyer (account_linked_buyers). */
  linked: boolean;
}

/** Buybacks created in the week, grouped by place and by every dimension. */
export interface BuybackCell extends FactPlace {
  channel: string;
  status: string;
  storeId: string | null;
  storeName: string | null;
  categoryId: string;
  categoryLabel: string;
  paymentType: string;
  count: number;
  valueCents: number;
}

/** Item events of the week, grouped by place, event and the device's root category. */
export interface ControlCell extends FactPlace {
  reason: string | null;
  toStatus: string;
  rootCategoryIdentifier: string | null;
  count: number;
}

/** Refurbishments completed in the week, grouped by place. */
export interface RefurbishmentCell extends FactPlace {
  count: number;
  costCents: number;
  timedCount: number;
  durationSeconds: number;
}

export interface ScopeRow {
  scopeKind: ScopeKind;
  scopeId: string;
  accountId: string | null;
  figures: WeeklyFigures;
}

/** The scopes that see a fact: its ancestors on both paths, its buyer if linked, the platform. */
export function scopesOf(place: FactPlace): { kind: ScopeKind; id: string; accountId: string | null }[] {
  const ids = (path: string) => path.split('/').filter(Boolean);
  return [
    ...ids(place.organizationPath).map((id) => ({ kind: 'retail' as const, id, accountId: place.accountId })),
    ...(place.warehousePath && place.warehouseAccountId
      ? ids(place.warehousePath).map((id) => ({
          kind: 'warehouse' as const,
          id,
          accountId: place.warehouseAccountId,
        }))
      : []),
    ...(place.linked
      ? [{ kind: 'buyer' as const, id: place.buyerAccountId, accountId: place.buyerAccountId }]
      : []),
    { kind: 'platform' as const, id: PLATFORM_SCOPE_ID, accountId: null },
  ];
}

type Bars = Map<string, StatisticsBar>;

class Accumulator {
  count = 0;
  valueCents = 0;
  readonly byChannel: Bars = new Map();
  readonly byStatus: Bars = new Map();
  readonly byStore: Bars = new Map();
  readonly byCategory: Bars = new Map();
  readonly byPaymentType: Bars = new Map();
  readonly controls = new Map<ControlOutcomeKey, number>();
  readonly refurbishment = { count: 0, costCents: 0, timedCount: 0, durationSeconds: 0 };
  readonly secondLife = new Map<DeviceKind, number>();

  addBuybacks(cell: BuybackCell) {
    this.count += cell.count;
    this.valueCents += cell.valueCents;
    const add = (bars: Bars, key: string, label: string | null) => {
      const bar = bars.get(key) ?? { key, label, count: 0, valueCents: 0 };
      bar.count += cell.count;
      bar.valueCents += cell.valueCents;
      bars.set(key, bar);
    };
    add(this.byChannel, cell.channel, null);
    add(this.byStatus, cell.status, null);
    add(this.byStore, cell.storeId ?? 'none', cell.storeName);
    add(this.byCategory, cell.categoryId, cell.categoryLabel);
    add(this.byPaymentType, cell.paymentType, null);
  }

  addControls(cell: ControlCell) {
    const outcome = controlOutcomeOf(cell.reason, cell.toStatus);
    if (!outcome) return;
    this.controls.set(outcome, (this.controls.get(outcome) ?? 0) + cell.count);
    if (SECOND_LIFE_OUTCOMES.includes(outcome)) {
      const kind = deviceKindOf(cell.rootCategoryIdentifier);
      this.secondLife.set(kind, (this.secondLife.get(kind) ?? 0) + cell.count);
    }
  }

  addRefurbishment(cell: RefurbishmentCell) {
    this.refurbishment.count += cell.count;
    this.refurbishment.costCents += cell.costCents;
    this.refurbishment.timedCount += cell.timedCount;
    this.refurbishment.durationSeconds += cell.durationSeconds;
  }

  figures(): WeeklyFigures {
    // the most buybacks first, then by key: the same figures always read the same
    const bars = (map: Bars) =>
      [...map.values()].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
    const byKind = [...this.secondLife.entries()]
      .map(([kind, devices]) => ({ kind, devices, co2eGrams: devices * CO2E_AVOIDED_GRAMS[kind] }))
      .sort((a, b) => b.co2eGrams - a.co2eGrams || a.kind.localeCompare(b.kind));
    return {
      buybacks: { count: this.count, valueCents: this.valueCents },
      byChannel: bars(this.byChannel),
      byStatus: bars(this.byStatus),
      byStore: bars(this.byStore),
      byCategory: bars(this.byCategory),
      byPaymentType: bars(this.byPaymentType),
      controls: [...this.controls.entries()]
        .map(([outcome, count]) => ({ outcome, count }))
        .sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
      refurbishment: { ...this.refurbishment },
      ecoImpact: {
        devices: byKind.reduce((sum, k) => sum + k.devices, 0),
        co2eGrams: byKind.reduce((sum, k) => sum + k.co2eGrams, 0),
        byKind,
      },
    };
  }
}

/** Every scope's figures for the week's facts; a scope no fact reaches gets no row. */
export function rollUp(facts: {
  buybacks: BuybackCell[];
  controls: ControlCell[];
  refurbishments: RefurbishmentCell[];
}): ScopeRow[] {
  const scopes = new Map<
    string,
    { kind: ScopeKind; id: string; accountId: string | null; acc: Accumulator }
  >();
  const each = (place: FactPlace, add: (acc: Accumulator) => void) => {
    for (const scope of scopesOf(place)) {
      const key = `${scope.kind}:${scope.id}`;
      let entry = scopes.get(key);
      if (!entry) {
        entry = { ...scope, acc: new Accumulator() };
        scopes.set(key, entry);
      }
      add(entry.acc);
    }
  };
  for (const cell of facts.buybacks) each(cell, (acc) => acc.addBuybacks(cell));
  for (const cell of facts.controls) each(cell, (acc) => acc.addControls(cell));
  for (const cell of facts.refurbishments) each(cell, (acc) => acc.addRefurbishment(cell));
  return [...scopes.values()].map((s) => ({
    scopeKind: s.kind,
    scopeId: s.id,
    accountId: s.accountId,
    figures: s.acc.figures(),
  }));
}
