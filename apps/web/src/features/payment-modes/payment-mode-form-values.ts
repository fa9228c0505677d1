import type {
  BonusMode,
  CreatePaymentModeInput,
  PatchPaymentModeRequest,
  PaymentModeResponse,
  PaymentModeType,
  PaymentProvider,
  Status,
} from '@reprise/shared';

export interface PaymentModeFormValues {
  type: PaymentModeType;
  label: string;
  description: string;
  longDescription: string;
  mailContent: string;
  provider: PaymentProvider;
  bonusMode: BonusMode;
  bonusValue: number | string;
  bonusCap: number | string;
  status: Status;
}

export const emptyPaymentMode = (): PaymentModeFormValues => ({
  type: 'bank_transfer',
  label: '',
  description: '',
  longDescription: '',
  mailContent: '',
  provider: 'none',
  bonusMode: 'disabled',
  bonusValue: '',
  bonusCap: '',
  status: 'active',
});

export function paymentModeFormValues(mode: PaymentModeResponse): PaymentModeFormValues {
  return {
    type: mode.type,
    label: mode.label,
    description: mode.description,
    longDescription: mode.longDescription ?? '',
    mailContent: mode.mailContent ?? '',
    provider: mode.provider,
    bonusMode: mode.bonusMode,
    bonusValue: mode.bonusValue ?? '',
    bonusCap: mode.bonusCap ?? '',
    status: mode.status,
  };
}

const numberOrNull = (value: number | string): number | null => (value === '' ? null : Number(value));
const textOrNull = (value: string) => (value.trim() === '' ? null : value);

export function toPaymentModeRequest(values: PaymentModeFormValues): CreatePaymentModeInput {
  return {
    type: values.type,
    label: values.label,
    description: values.description,
    longDescription: textOrNull(values.longDescription),
    mailContent: textOrNull(values.mailContent),
    provider: values.provider,
    bonusMode: values.bonusMode,
    bonusValue: values.bonusMode === 'disabled' ? null : numberOrNull(values.bonusValue),
    bonusCap: values.bonusMode === 'percentage' ? numberOrNull(values.bonusCap) : null,
    status: values.status,
  };
}

export function paymentModePatch(
  initial: PaymentModeFormValues,
  current: PaymentModeFormValues,
): PatchPaymentModeRequest {
  const before = toPaymentModeRequest(initial) as Record<string, unknown>;
  const after = toPaymentModeRequest(current) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after))
    if (key !== 'type' && JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  return patch as PatchPaymentModeRequest;
}
