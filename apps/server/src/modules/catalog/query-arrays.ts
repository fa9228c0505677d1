import type { FastifyRequest } from 'fastify';

/** `category[]=a&category[]=b` arrives under the key `category[]`: fold such keys into their plain name. */
export async function foldArrayKeys(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (!key.endsWith('[]')) continue;
    const name = key.slice(0, -2);
    query[name] = [query[name], query[key]].flat().filter((v) => v !== undefined);
    delete query[key];
  }
}
