// The registry this project installs from serves only the packages of this platform, so `npm install`
// leaves out the other platforms' optional native packages (biome, rollup, esbuild, …) while
// `npm ci` insists that every optional dependency has a lock entry. This adds the missing entries,
// marked optional with their os and cpu, exactly as a lockfile made on a full registry has them;
// `npm ci` then skips them on this platform without fetching anything.
// Run after changing dependencies: `npm install && node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'netbsd',
  'sunos',
  'win32',
  'aix',
  'openharmony',
  'cygwin',
];
const OS_ALIASES = { windows: 'win32', macos: 'darwin', mac: 'darwin', sunos: 'sunos', wasi: 'wasi' };
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'loong64',
  'mips64el',
  'ppc64',
  'riscv64',
  's390x',
  'mips',
  'ppc',
  'x32',
  'wasm32',
];
const CPU_ALIASES = {
  x86_64: 'x64',
  amd64: 'x64',
  aarch64: 'arm64',
  386: 'ia32',
  armv7: 'arm',
  gnueabihf: null,
  musleabihf: null,
};

function platformOf(name) {
  const tokens = name.split('/').pop().split(/[-_.]/);
  const os = tokens.map((t) => OS_ALIASES[t] ?? t).filter((t) => OS.includes(t));
  const cpu = tokens.map((t) => (t in CPU_ALIASES ? CPU_ALIASES[t] : t)).filter((t) => t && CPU.includes(t));
  const libc = tokens.includes('musl') ? ['musl'] : tokens.includes('gnu') ? ['glibc'] : undefined;
  return { os: os.length ? [os[0]] : undefined, cpu: cpu.length ? [cpu[0]] : undefined, libc };
}

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform package: npm resolves it itself
    lock.packages[`node_modules/${dep}`] = {
      version: String(range).replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu } : {}),
      ...(os ? { os } : {}),
      ...(libc ? { libc } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
