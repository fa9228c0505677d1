import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The deepest nesting of arrays and objects a JSON request body may have (docs/security.md, "Input
 * validation"). No request schema nests half as deep; the walks that check a body (the validator's
 * character check, zod) recurse once per level, so a bound here keeps them far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, read in one pass without
 * recursion (brackets inside strings do not count), before anything parses or walks it.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

const tooDeep = () =>
  new AppError(
    'body_too_deep',
    `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
  );

/**
 * The JSON body parsers of the API (`application/json`, `application/merge-patch+json`): the
 * depth is bounded first (400 `body_too_deep`), then Fastify's own parser reads the text, which
 * refuses `__proto__` and `constructor.prototype` keys. An empty merge patch is `{}`.
 */
export function registerJsonParsers(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  const guarded =
    (emptyAsObject: boolean) =>
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (emptyAsObject && text === '') return done(null, {});
      if (jsonDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep());
      parse(request, text, done);
    };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, guarded(false));
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, guarded(true));
}
