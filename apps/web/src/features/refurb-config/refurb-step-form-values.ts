import type { RefurbStepKind, RefurbStepRequest, RefurbStepResponse } from '@reprise/shared';
import { type NumberField, toCents, toUnits } from '../../ui/money';

/** The service form: its costs by warehouse id, in currency units as typed ('' when none). */
export interface RefurbStepFormValues {
  name: string;
  description: string;
  stockId: string | null;
  kind: RefurbStepKind;
  erasureMethod: string;
  costs: Record<string, NumberField>;
}

export const emptyRefurbStep = (): RefurbStepFormValues => ({
  name: '',
  description: '',
  stockId: null,
  kind: 'standard',
  erasureMethod: '',
  costs: {},
});

export const refurbStepFormValues = (step: RefurbStepResponse): RefurbStepFormValues => ({
  name: step.name,
  description: step.description ?? '',
  stockId: step.stock.id,
  kind: step.kind,
  erasureMethod: step.erasureMethod ?? '',
  costs: Object.fromEntries(step.costs.map((c) => [c.warehouseId, toUnits(c.costCents)])),
});

/**
 * What the API takes: a cost (in cents) for each warehouse given one, a warehouse left empty costs
 * nothing; a standard service sends no erasure method.
 */
export function toRefurbStepRequest(values: RefurbStepFormValues): RefurbStepRequest {
  const costs = Object.entries(values.costs).flatMap(([warehouseId, value]) => {
    const cents = toCents(value);
    return cents === null ? [] : [{ warehouseId, costCents: cents }];
  });
  return {
    name: values.name,
    description: values.description,
    stockId: values.stockId ?? '',
    kind: values.kind,
    erasureMethod: values.kind === 'data_erasure' ? values.erasureMethod : null,
    costs,
  };
}

/** The form path of a request's field: a cost is typed under `costs.<warehouseId>`. */
export function formPathOf(path: readonly PropertyKey[], request: RefurbStepRequest): string {
  if (path[0] === 'costs' && path.length > 1) {
    const cost = request.costs[Number(path[1])];
    return cost ? `costs.${cost.warehouseId}` : 'costs';
  }
  return path.map(String).join('.');
}
