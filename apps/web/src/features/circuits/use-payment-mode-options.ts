import type { CircuitResponse, Collection, PaymentModeResponse } from '@reprise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session';
import { api } from '../../lib/api';
import { paymentModesKeys } from '../payment-modes';
import type { PaymentModeOption } from './circuit-form';

/**
 * The payment modes a circuit may offer: the account's (for those who configure them), plus the
 * circuit's own, so that a reader without that right still sees them.
 */
export function usePaymentModeOptions(circuit?: CircuitResponse): PaymentModeOption[] {
  const { can } = useSession();
  const query = { itemsPerPage: 100, 'order[label]': 'asc' };
  const modes = useQuery({
    queryKey: paymentModesKeys.list(query),
    enabled: can('payment_modes'),
    queryFn: ({ signal }) => api.get<Collection<PaymentModeResponse>>('/payment-modes', { query, signal }),
  });
  const options = new Map<string, PaymentModeOption>();
  for (const p of circuit?.paymentModes ?? []) options.set(p.id, p);
  for (const p of modes.data?.member ?? [])
    options.set(p.id, { id: p.id, label: p.label, type: p.type, status: p.status });
  return [...options.values()];
}
