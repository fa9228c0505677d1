import type { WarehouseDispatchCondition } from '@reprise/shared';

/**
 * How a buyer's warehouse dispatch rules choose the warehouse of a new buyback
 * section 3): the first rule, in the account's order, whose conditions ALL hold; then among its
 * active destinations the nearest to the store when the store and they have coordinates, else the
 * rule's default. No rule holds: the caller keeps the circuit's choice.
 */

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface DispatchRule {
  id: string;
  conditions: readonly WarehouseDispatchCondition[];
  defaultWarehouseId: string;
  destinations: readonly { id: string; active: boolean; coordinates: Coordinates | null }[];
}

/** What the conditions of a new buyback are compared with. */
export interface DispatchSubject {
  brand: string | null;
  /** The buyback's category and its ancestors. */
  categoryIds: readonly string[];
  circuitType: string;
  /** The declared state (grade). */
  productState: string;
}

const folded = (v: string) => v.trim().toLocaleLowerCase('en');

function isAmong(condition: WarehouseDispatchCondition, subject: DispatchSubject): boolean {
  switch (condition.attribute) {
    case 'brand': {
      if (!subject.brand) return false;
      const brand = folded(subject.brand);
      return condition.values.some((v) => folded(v) === brand);
    }
    case 'category':
      return subject.categoryIds.some((id) => condition.values.includes(id));
    case 'circuit':
      return condition.values.includes(subject.circuitType);
    case 'productState':
      return condition.values.includes(subject.productState);
  }
}

const conditionHolds = (condition: WarehouseDispatchCondition, subject: DispatchSubject) =>
  condition.operator === 'is_not' ? !isAmong(condition, subject) : isAmong(condition, subject);

/** A rule without conditions matches nothing (the form and the table require at least one). */
export const ruleMatches = (rule: DispatchRule, subject: DispatchSubject) =>
  rule.conditions.length > 0 && rule.conditions.every((c) => conditionHolds(c, subject));

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * The warehouse a matching rule sends to: the nearest active destination to the store (among
 * those with coordinates), else the default when active, else the first active destination; null
 * when none of its destinations is active any more.
 */
export function destinationOf(rule: DispatchRule, store: Coordinates | null): string | null {
  const active = rule.destinations.filter((d) => d.active);
  const located = active.filter((d) => d.coordinates !== null);
  if (store && located.length > 0) {
    let best = located[0] as (typeof located)[number];
    let bestKm = distanceKm(store, best.coordinates as Coordinates);
    for (const d of located.slice(1)) {
      const km = distanceKm(store, d.coordinates as Coordinates);
      if (km < bestKm) {
        best = d;
        bestKm = km;
      }
    }
    return best.id;
  }
  if (active.some((d) => d.id === rule.defaultWarehouseId)) return rule.defaultWarehouseId;
  return active[0]?.id ?? null;
}

/** The first matching rule that still has an active destination, and that destination; null: none. */
export function chooseDestination(
  rules: readonly DispatchRule[],
  subject: DispatchSubject,
  store: Coordinates | null,
): { warehouseId: string; ruleId: string } | null {
  for (const rule of rules) {
    if (!ruleMatches(rule, subject)) continue;
    const warehouseId = destinationOf(rule, store);
    // a rule left without an active warehouse cannot receive: the circuit's choice stays
    return warehouseId ? { warehouseId, ruleId: rule.id } : null;
  }
  return null;
}
