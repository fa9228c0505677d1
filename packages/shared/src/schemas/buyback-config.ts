import { z } from 'zod';

/** Buyback configuration (foundation.md sections 3 and 5): circuits, dispatch circuit rules, payment modes, transfer-order terms. */

export const CIRCUIT_CHANNELS = ['store', 'web'] as const;
export type CircuitChannel = (typeof CIRCUIT_CHANNELS)[number];

export const DEPOSIT_TYPES = ['collect', 'drop', 'drop_label', 'post'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export const PAYMENT_MODE_TYPES = ['bank_transfer', 'no_iban_transfer', 'gift_card', 'voucher'] as const;
export type PaymentModeType = (typeof PAYMENT_MODE_TYPES)[number];

/** Same shape as the pricing module's Modifier (packages/shared/src/pricing). */
export interface ConfigModifier {
  kind: 'percentage' | 'fixed';
  value: number;
  capCents: number | null;
}

export interface PaymentMethod {
  id: string;
  type: PaymentModeType;
  label: string;
  description: string;
  longDescription: string | null;
  modifier: ConfigModifier | null;
  /** The payment mode needs the customer's IBAN. */
  iban: boolean;
}

export interface ShippingInstruction {
  sequence: number;
  label: string;
  type: string;
}

export interface ShippingMethod {
  /** The circuit's id. */
  id: string;
  name: string;
  channel: CircuitChannel;
  /** Combined type: store_drop, web_post… */
  type: string;
  depositType: DepositType;
  description: string | null;
  /** The circuit's bonus/malus. */
  modifier: ConfigModifier | null;
  /** The dispatch circuit rule's own instructions, else the circuit's defaults. */
  instructions: ShippingInstruction[];
  highlightedInstruction: string | null;
  terms: string | null;
  warehouseId: string | null;
  transferOrderNumberOfCopy: number;
  availableCountries: string[];
  paymentMethods: PaymentMethod[];
}
