import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A UTF-16 surrogate without its other half: no text encoding can carry it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a character PostgreSQL text refuses (NUL) or that is not text at all. */
export const hasInvalidCharacters = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value);

/** Every string of a request part, keys included, with its path. */
function collectInvalidStrings(value: unknown, path: PropertyKey[], found: PropertyKey[][]): void {
  if (typeof value === 'string') {
    if (hasInvalidCharacters(value)) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectInvalidStrings(item, [...path, index], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasInvalidCharacters(key)) found.push([...path, key]);
      else collectInvalidStrings(item, [...path, key], found);
    }
  }
}

/** Zod's kind of issue for a rule of ours: the violation's code is the issue's message (platform/errors.ts). */
const OUR_RULE = 'custom';

/** Refuses, with `invalid_characters` on its path, any string of a request that holds a NUL or a lone surrogate. */
const wellFormedStrings = z.unknown().superRefine((data, ctx) => {
  const found: PropertyKey[][] = [];
  collectInvalidStrings(data, [], found);
  for (const path of found)
    ctx.addIssue({ code: OUR_RULE, message: 'invalid_characters', path, input: data });
});

/**
 * The validator of every route part (params, query, body, headers): the part's own zod schema,
 * after one check shared by all routes that no string holds characters the database or a text
 * encoding cannot carry.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: wellFormedStrings.pipe(route.schema) });
