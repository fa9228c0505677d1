import { z } from 'zod';
import { isValidImei } from '../customer/imei';

/**
 * The stolen-device check (docs/device-check.md): an IMEI blacklist provider, configured as a
 * `device_check` connector, says whether a device is reported lost or stolen. Each answer is
 * stored (`device_checks`), and a device reported lost or stolen flags its buyback.
 */

/** What a check found: the provider's answer, or `not_checked` (no answer: outage, rate limit). */
export const DEVICE_CHECK_RESULTS = ['clean', 'lost', 'stolen', 'unknown', 'not_checked'] as const;
export type DeviceCheckResult = (typeof DEVICE_CHECK_RESULTS)[number];

/** Where a check was made. */
const DEVICE_CHECK_SOURCES = ['wizard', 'checkout', 'check_in', 'retry'] as const;
export type DeviceCheckSource = (typeof DEVICE_CHECK_SOURCES)[number];

/** The results that flag a buyback. */
export const DEVICE_CHECK_FLAGS = ['lost', 'stolen'] as const;
export type DeviceCheckFlag = (typeof DEVICE_CHECK_FLAGS)[number];

export const isFlaggedResult = (result: string): result is DeviceCheckFlag =>
  (DEVICE_CHECK_FLAGS as readonly string[]).includes(result);

/** The account setting: what the store wizard does with a flagged device. */
export const DEVICE_CHECK_FLAGGED_ACTIONS = ['warn', 'block'] as const;
export type DeviceCheckFlaggedAction = (typeof DEVICE_CHECK_FLAGGED_ACTIONS)[number];

/** An IMEI the provider may be asked about: 15 to 17 digits, a 15-digit one passing Luhn. */
const checkableImei = () =>
  z
    .string({ message: 'imei_required' })
    .trim()
    .min(1, { message: 'imei_required' })
    .refine(isValidImei, { message: 'imei_invalid' });

/** `POST /device-checks`: the store wizard checks the IMEI the seller entered. */
export const DeviceCheckRequest = z.object({ imei: checkableImei() }).strict();
export type DeviceCheckRequest = z.infer<typeof DeviceCheckRequest>;

/**
 * The answer to the wizard: the result and what the wizard does with it (`none`, `warn`, `block`,
 * by the account's settings). No connector configured: `result` is null and `action` none.
 */
export const DeviceCheckResponse = z.object({
  imei: z.string(),
  result: z.enum(DEVICE_CHECK_RESULTS).nullable(),
  action: z.enum(['none', 'warn', 'block']),
  checkedAt: z.string().nullable(),
});
export type DeviceCheckResponse = z.infer<typeof DeviceCheckResponse>;

/** One check of an item, as the back office reads them. */
export const DeviceCheckEntry = z.object({
  id: z.uuid(),
  imei: z.string(),
  result: z.enum(DEVICE_CHECK_RESULTS),
  source: z.enum(DEVICE_CHECK_SOURCES),
  providerSummary: z.string(),
  checkedAt: z.string(),
});
export type DeviceCheckEntry = z.infer<typeof DeviceCheckEntry>;

export const DeviceCheckListResponse = z.object({ member: z.array(DeviceCheckEntry) });
export type DeviceCheckListResponse = z.infer<typeof DeviceCheckListResponse>;

// ---------- the sandbox provider ----------

/** What the sandbox answers for an IMEI (`outage`: 503; `timeout`: no answer in time). */
const SANDBOX_DEVICE_CHECK_ANSWERS = ['clean', 'lost', 'stolen', 'unknown', 'outage', 'timeout'] as const;

/** Any text up to 32 characters: the sandbox refuses one that is not 15 to 17 digits itself (422). */
export const SandboxDeviceCheckImeiParams = z.object({ imei: z.string().min(1).max(32) });

/** `PUT /sandbox-device-check/imeis/{imei}`: how the sandbox answers this IMEI from now on. */
export const SandboxDeviceCheckAnswerRequest = z
  .object({ answer: z.enum(SANDBOX_DEVICE_CHECK_ANSWERS, { message: 'invalid_value' }) })
  .strict();

/** The sandbox's answer to a lookup (`GET /sandbox-device-check/imeis/{imei}`). */
export const SandboxDeviceCheckLookupResponse = z.object({
  imei: z.string(),
  status: z.enum(['clean', 'lost', 'stolen', 'unknown']),
  reference: z.string(),
});

export const SandboxDeviceCheckAccountResponse = z.object({ id: z.uuid(), apiKey: z.string() });

export const SandboxDeviceCheckRequestsResponse = z.object({ imei: z.string(), count: z.number().int() });
