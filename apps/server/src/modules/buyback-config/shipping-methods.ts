import type { ShippingMethod } from '@reprise/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db.types';
import { AppError } from '../../platform/errors';

/**
 * The shipping methods (circuits with their payment methods) a product may be bought back with,
 * on a channel and optionally for a customer's country. Throws `product_not_found`,
 * `no_transport_mode`, `no_payment_mode`, `no_warehouse`.
 * (Interface fixed by CONTRACT-issue4.md; body in progress.)
 */
export async function resolveShippingMethods(
  _db: Kysely<Database> | Transaction<Database>,
  _accountId: string,
  _productId: string,
  _channel: 'store' | 'web',
  _country?: string,
): Promise<ShippingMethod[]> {
  throw new AppError('not_found', 'Shipping methods are not resolved yet.');
}
