import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from './vite.config';
import { writeFileSync } from 'node:fs';
function analyze(): Plugin {
  return {
    name: 'analyze',
    generateBundle(_o, bundle) {
      const out: Record<string, unknown> = {};
      for (const [name, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const groups: Record<string, number> = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          const pkg = (/node_modules\/@mantine\/core\/esm\/components\/([^/]+)/.exec(id)?.[1] ? "mantine:" + /node_modules\/@mantine\/core\/esm\/components\/([^/]+)/.exec(id)?.[1] : undefined) ?? /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? id.replace(/.*\/apps\/web\/src\//, 'src/').replace(/.*\/packages\//, 'packages/');
          groups[pkg] = (groups[pkg] ?? 0) + m.renderedLength;
        }
        out[name] = { size: chunk.code.length, imports: chunk.imports, dyn: chunk.dynamicImports.length, groups: Object.fromEntries(Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 60)) };
      }
      writeFileSync('/tmp/home-analyze.json', JSON.stringify(out, null, 1));
    },
  };
}
export default mergeConfig(base, defineConfig({ plugins: [analyze()], build: { outDir: '/tmp/home-dist-analyze', emptyOutDir: true } }));
