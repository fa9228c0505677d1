import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the files the server reads at run time are: the SQL migrations, the PDF fonts, the built
 * web app. This module is `src/platform/server-files.ts` when run from the sources (tsx, Vitest)
 * and part of `dist/main.js` or `dist/worker-main.js` once built (scripts/build-server.mjs, which
 * copies the migrations into `dist/migrations`), so the paths are taken from apps/server itself.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const built = path.basename(here) === 'dist';

/** apps/server. */
const SERVER_DIR = built ? path.dirname(here) : path.resolve(here, '../..');

export const MIGRATIONS_DIR = built ? path.join(here, 'migrations') : path.join(SERVER_DIR, 'src/migrations');
export const FONTS_DIR = path.join(SERVER_DIR, 'assets/fonts');
export const WEB_DIST_DIR = path.resolve(SERVER_DIR, '../web/dist');
