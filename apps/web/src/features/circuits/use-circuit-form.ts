import { type UseFormReturnType, useForm } from '@mantine/form';
import { CreateCircuitRequest } from '@reprise/shared';
import { zodValidator } from '../../ui/forms';
import { type CircuitFormValues, toCircuitRequest } from './circuit-form-values';

export type CircuitForm = UseFormReturnType<CircuitFormValues>;

/** The circuit form, validated by the shared request schema (the same rules as the server). */
export function useCircuitForm(initialValues: CircuitFormValues): CircuitForm {
  const validateRequest = zodValidator<unknown>(CreateCircuitRequest);
  return useForm<CircuitFormValues>({
    mode: 'controlled',
    initialValues,
    validate: (values) => validateRequest(toCircuitRequest(values)),
  });
}
