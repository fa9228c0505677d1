/**
 * A request body still to be validated by its schema: every field present, a missing required value
 * undefined (for the schema to report as `required`).
 */
export type Draft<T> = { [K in keyof Required<T>]: T[K] | undefined };
