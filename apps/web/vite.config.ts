import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // the manifest lets scripts/public-bundle-size.mjs measure the public site's initial JavaScript
    manifest: true,
    rollupOptions: {
      // two apps: the back office (index.html) and the retailers' public site (public.html),
      // which loads none of the back office's code
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        public: resolve(import.meta.dirname, 'public.html'),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
