// `npm start`: builds the web app when its build is missing or stale, then runs the server
// (TypeScript through tsx, on the Node pinned in devDependencies).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtIndex = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(builtIndex) ||
  Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(root, 'packages/shared/src')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    statSync(path.join(web, 'public.html')).mtimeMs,
  ) > statSync(builtIndex).mtimeMs;

if (stale && process.env.SKIP_WEB_BUILD !== 'true') {
  console.log('Building the web app…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
