import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';
export default mergeConfig(base, defineConfig({ build: { outDir: '/tmp/home-dist-analyze2', emptyOutDir: true, rollupOptions: { output: { manualChunks(id: string) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
  if (pkg) return 'pkg-' + pkg.replace('/', '__');
  const m = /\/src\/i18n\/([^/]+)\/(errors|common|layout|auth|cart)\.json/.exec(id);
  if (m) return 'i18n-' + m[1] + '-' + m[2];
  if (/apps\/web\/src\/app\//.test(id)) return 'app-shell';
} } } } }));
