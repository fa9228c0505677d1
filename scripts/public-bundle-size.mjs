// The public site's initial JavaScript for its home page, gzipped, from the Vite manifest of
// `npm run build`: the public entry and the chunks it imports statically, plus the visitor's
// translations (one locale, loaded at start-up; the largest counts). Fails above the budget
// (issue 5: 150 kB). Usage: node scripts/public-bundle-size.mjs [--json] (WEB_DIST_DIR: another build)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');

export function measure(distDir = dist) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entry = manifest['public.html'];
  if (!entry) throw new Error('No public.html entry in the Vite manifest: build the web app first.');
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('public.html');
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const chunks = files.map((file) => ({ file, gzip: gz(file) }));
  const locales = Object.entries(manifest)
    .filter(([key]) => /^src\/public\/locales\/[a-zA-Z-]+\.json$/.test(key))
    .map(([key, chunk]) => ({ key, file: chunk.file, gzip: gz(chunk.file) }));
  const largestLocale = locales.sort((a, b) => b.gzip - a.gzip)[0] ?? null;
  // the back office's entry must never be part of the public site's initial load
  const backOffice = manifest['index.html']?.file;
  const total = chunks.reduce((sum, c) => sum + c.gzip, 0) + (largestLocale?.gzip ?? 0);
  return {
    chunks,
    locale: largestLocale,
    total,
    budget: BUDGET_BYTES,
    includesBackOffice: files.includes(backOffice),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = measure();
  if (process.argv.includes('--json')) console.log(JSON.stringify(result, null, 2));
  else {
    for (const c of result.chunks) console.log(`${(c.gzip / 1000).toFixed(1).padStart(7)} kB  ${c.file}`);
    if (result.locale)
      console.log(
        `${(result.locale.gzip / 1000).toFixed(1).padStart(7)} kB  ${result.locale.file} (translations)`,
      );
    console.log(
      `${(result.total / 1000).toFixed(1).padStart(7)} kB  total gzipped (budget ${result.budget / 1000} kB)`,
    );
  }
  if (result.includesBackOffice) {
    console.error('The public site loads the back office entry.');
    process.exit(1);
  }
  if (result.total > result.budget) {
    console.error(
      `The public site's initial JavaScript is over budget by ${((result.total - result.budget) / 1000).toFixed(1)} kB.`,
    );
    process.exit(1);
  }
}
