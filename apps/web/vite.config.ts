import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every built text file over 1 kB, once, at
 * build time: the server sends the smallest one the browser accepts (@fastify/static
 * `preCompressed`) without compressing anything per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  return {
    name: 'reprise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Writes `.vite/chunks.json` beside the manifest: every JavaScript chunk with the chunks it imports
 * statically and the source modules of this app it holds, so that scripts/back-office-bundle-size.mjs
 * finds the chunk of a screen even when Rollup merged it into a shared chunk (the manifest then
 * has no key for it).
 */
function chunkModules(): Plugin {
  return {
    name: 'reprise-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk'
          ? [
              {
                file: chunk.fileName,
                isEntry: chunk.isEntry,
                imports: chunk.imports,
                modules: chunk.moduleIds
                  .filter((id) => id.startsWith(import.meta.dirname) && !id.includes('/node_modules/'))
                  .map((id) => id.slice(import.meta.dirname.length + 1)),
              },
            ]
          : [],
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * The build's version and hash, which the error reports carry (lib/error-reporting.ts): BUILD_ID
 * when the build is given one, else the package's version and the commit, else the version alone.
 */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  const { version } = JSON.parse(readFileSync(resolve(import.meta.dirname, 'package.json'), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

export default defineConfig({
  plugins: [react(), precompress(), chunkModules()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()) },
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
      output: {
        // the back office's shell translations: one chunk per language, loaded before the first
        // render (src/i18n/index.ts), rather than one request per namespace
        manualChunks(id) {
          const shell = /\/src\/i18n\/([a-zA-Z-]+)\/(?:common|layout|errors|auth|cart)\.json$/.exec(id);
          return shell ? `i18n-shell-${shell[1]}` : undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
