import { z } from 'zod';
import { DEVICE_KINDS } from '../eco-impact';
import { BUYBACK_STATUSES, ITEM_STATUSES } from './buybacks';

/**
 * The home dashboard (docs/dashboard.md): weekly statistics computed every Monday for the ISO
 * week before (Monday 00:00 to Monday 00:00, UTC), read per scope; and the device history.
 */

/** How many computed weeks the week picker offers, the newest first. */
export const STATISTICS_WEEKS_LISTED = 26;
/** At most this many buybacks in a device's history, the newest first. */
export const DEVICE_HISTORY_LIMIT = 100;

const DAY_MS = 86_400_000;

/** `2026-11-23` for a Date at that day's midnight UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** True when `value` is a real day (`YYYY-MM-DD`) that is a Monday. */
export function isWeekStart(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value && date.getUTCDay() === 1;
}

/** The Monday (UTC) of the ISO week holding `instant`. */
export function weekStartOf(instant: Date): string {
  const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return isoDay(new Date(midnight - sinceMonday * DAY_MS));
}

/** The Monday `weeks` weeks after (or before, when negative) the Monday `weekStart`. */
export function addWeeks(weekStart: string, weeks: number): string {
  return isoDay(new Date(Date.parse(`${weekStart}T00:00:00Z`) + weeks * 7 * DAY_MS));
}

/** The week the Monday job computes at `now`: the whole ISO week before the current one. */
export const previousWeekStart = (now: Date) => addWeeks(weekStartOf(now), -1);

/** `[from, to)`: a week's first instant and the next week's. */
export function weekBounds(weekStart: string): { from: Date; to: Date } {
  const from = new Date(`${weekStart}T00:00:00Z`);
  return { from, to: new Date(from.getTime() + 7 * DAY_MS) };
}

const WeekStart = z.string().refine(isWeekStart, { message: 'week_invalid' });

/** `GET /dashboard-data?week=`: a computed week by its Monday; without it the latest computed. */
export const DashboardDataQuery = z.object({ week: WeekStart.optional() });
export type DashboardDataQuery = z.infer<typeof DashboardDataQuery>;

/** How a control (or what follows it) ended, as the statistics and the device history name it. */
const CONTROL_OUTCOME_KEYS = [
  'completed',
  'by_price',
  'absorption',
  'counter_offer',
  'counter_offer_accepted',
  'quarantine',
] as const;
export type ControlOutcomeKey = (typeof CONTROL_OUTCOME_KEYS)[number];

/** The outcome an item event records (modules/warehouse: control, litigation, quarantine), or null. */
export function controlOutcomeOf(reason: string | null, toStatus: string): ControlOutcomeKey | null {
  switch (reason) {
    case 'control':
      if (toStatus === 'item_completed_by_price') return 'by_price';
      if (toStatus === 'item_completed_with_absorption') return 'absorption';
      return toStatus === 'item_completed' ? 'completed' : null;
    case 'counter_offer':
      return 'counter_offer';
    case 'litigation_accepted':
      return 'counter_offer_accepted';
    case 'quarantine':
      return 'quarantine';
    default:
      return null;
  }
}

/** The outcomes that keep the device for reuse: it counts as given a second life (docs/eco-impact.md). */
export const SECOND_LIFE_OUTCOMES: readonly ControlOutcomeKey[] = [
  'completed',
  'by_price',
  'absorption',
  'counter_offer_accepted',
];

const count = z.number().int().nonnegative();

/** One bar of a breakdown: a key (a channel, a status, a store id…), its label if it has one. */
export const StatisticsBar = z.object({
  key: z.string(),
  label: z.string().nullable(),
  count,
  valueCents: z.number().int(),
});
export type StatisticsBar = z.infer<typeof StatisticsBar>;

/** A scope's figures for one week, as stored and as answered (sums; averages by `averagesOf`). */
export const WeeklyFigures = z.object({
  /** Buybacks created in the week: how many, and the sum of their prices. */
  buybacks: z.object({ count, valueCents: z.number().int() }),
  byChannel: z.array(StatisticsBar),
  /** By their status when the week was computed. */
  byStatus: z.array(StatisticsBar),
  /** `key` is the store's id, `none` for buybacks of no store (declared on the web). */
  byStore: z.array(StatisticsBar),
  byCategory: z.array(StatisticsBar),
  byPaymentType: z.array(StatisticsBar),
  /** Item events of the week that end a control (or its counter-offer), per outcome. */
  controls: z.array(z.object({ outcome: z.enum(CONTROL_OUTCOME_KEYS), count })),
  /** Items whose refurbishment completed in the week; the duration runs from their diagnosis. */
  refurbishment: z.object({
    count,
    costCents: z.number().int(),
    timedCount: count,
    durationSeconds: z.number().int(),
  }),
  /** Devices given a second life in the week, and the CO2e that avoided, per kind. */
  ecoImpact: z.object({
    devices: count,
    co2eGrams: count,
    byKind: z.array(z.object({ kind: z.enum(DEVICE_KINDS), devices: count, co2eGrams: count })),
  }),
});
export type WeeklyFigures = z.infer<typeof WeeklyFigures>;

export const EMPTY_FIGURES: WeeklyFigures = {
  buybacks: { count: 0, valueCents: 0 },
  byChannel: [],
  byStatus: [],
  byStore: [],
  byCategory: [],
  byPaymentType: [],
  controls: [],
  refurbishment: { count: 0, costCents: 0, timedCount: 0, durationSeconds: 0 },
  ecoImpact: { devices: 0, co2eGrams: 0, byKind: [] },
};

// the averages and the week-on-week change are plain functions in a module without zod: the home
// page imports them without loading the schemas
export { averagesOf, weekOnWeekChange } from '../weekly-figures';

/** `GET /dashboard-data`: the week's figures in the caller's scope, the week before's, the weeks computed. */
export const DashboardDataResponse = z.object({
  /** The week shown (its Monday), null when no week was computed yet. */
  week: z.string().nullable(),
  computedAt: z.string().nullable(),
  /** The account's currency the values are in. */
  currency: z.string(),
  figures: WeeklyFigures.nullable(),
  /** The week before's, null when that week was not computed. */
  previous: WeeklyFigures.nullable(),
  /** The computed weeks, newest first (at most STATISTICS_WEEKS_LISTED). */
  weeks: z.array(z.string()),
});
export type DashboardDataResponse = z.infer<typeof DashboardDataResponse>;

/** A serial number as the warehouse records it: 4 to 64 letters, digits, `-`, `_`, `.` or `/`. */
const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9._/-]{4,64}$/;

/** `GET /device-history?imei=…` or `?serial=…`: exactly one of the two. */
export const DeviceHistoryQuery = z
  .object({
    imei: z
      .string()
      .trim()
      .regex(/^\d{15,17}$/, { message: 'imei_invalid' })
      .optional(),
    serial: z.string().trim().regex(SERIAL_NUMBER_PATTERN, { message: 'serial_number_invalid' }).optional(),
  })
  .superRefine((query, context) => {
    if ((query.imei === undefined) === (query.serial === undefined))
      context.addIssue({ code: 'custom', path: ['imei'], message: 'device_search_required' });
  });
export type DeviceHistoryQuery = z.infer<typeof DeviceHistoryQuery>;

/** One visit of the device: a buyback of it the caller may see. */
const DeviceHistoryEntry = z.object({
  buybackId: z.uuid(),
  identificationNumber: z.string(),
  itemIdentificationNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(BUYBACK_STATUSES),
  itemStatus: z.enum(ITEM_STATUSES),
  channel: z.string(),
  storeName: z.string().nullable(),
  productName: z.string(),
  imei: z.string().nullable(),
  serialNumber: z.string().nullable(),
  priceCents: z.number().int(),
  currency: z.string(),
  /** The latest control outcome of its item, null before any control. */
  controlOutcome: z.enum(CONTROL_OUTCOME_KEYS).nullable(),
  controlledAt: z.string().nullable(),
});

export const DeviceHistoryResponse = z.object({ member: z.array(DeviceHistoryEntry) });
export type DeviceHistoryResponse = z.infer<typeof DeviceHistoryResponse>;
