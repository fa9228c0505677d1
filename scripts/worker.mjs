// `npm run worker`: runs the job handlers alone (TypeScript through tsx, on the Node pinned in
// devDependencies, as scripts/start.mjs does); needs DATABASE_URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/worker-main.ts'));
