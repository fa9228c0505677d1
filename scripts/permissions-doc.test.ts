import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { permissionsMarkdown } from './permissions-doc';

it('docs/permissions.md is the one generated from the registry (run npm run docs:permissions)', () => {
  expect(readFileSync(new URL('../docs/permissions.md', import.meta.url), 'utf8')).toBe(
    permissionsMarkdown(),
  );
});
