// `npm run build` (after the web app): the server and the worker compiled to plain JavaScript in
// apps/server/dist, run with `node` alone (`npm run start:prod`, `npm run worker:prod`). esbuild
// bundles apps/server/src and the TypeScript sources of @reprise/shared; the npm packages stay
// external, loaded from node_modules as they are (PGlite's wasm, pdfkit's data files). The SQL
// migrations are copied beside the bundles (platform/server-files.ts finds them there).
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');

const dependencies = (dir) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).dependencies ?? {});
// every npm package the server or the shared package depends on, but the shared package itself
const external = [...new Set([...dependencies('apps/server'), ...dependencies('packages/shared')])].filter(
  (name) => name !== '@reprise/shared',
);

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [path.join(server, 'src/main.ts'), path.join(server, 'src/worker-main.ts')],
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(server, 'src/migrations'), path.join(dist, 'migrations'), {
  recursive: true,
  filter: (source) => !path.basename(source).includes('.') || source.endsWith('.sql'),
});
console.log(`Server built in apps/server/dist (${Date.now() - started} ms)`);
