import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('makes zod jitless without importing it: zod reads the flag set before it loads', async () => {
    await import('./zod-jitless');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // an object schema parses without zod's eval probe
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
