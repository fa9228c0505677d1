// `npm test`: every phase in turn, stopping at the first that fails, then the time each took.
import { spawnSync } from 'node:child_process';

const PHASES = [
  ['lint', 'npm run lint'],
  ['type check', 'npm run typecheck'],
  ['unit and integration tests (Vitest)', 'npm run test:unit'],
  ['web build and bundle budgets', 'npm run build && npm run size:public && npm run size:back-office'],
  ['browser tests (Playwright)', 'npm run test:browser'],
];

const times = [];
let failed = null;
for (const [name, command] of PHASES) {
  const start = Date.now();
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  times.push([name, (Date.now() - start) / 1000, status === 0]);
  if (status !== 0) {
    failed = name;
    break;
  }
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nnpm test, time by phase:');
for (const [name, seconds, ok] of times)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${minutes(seconds).padStart(13)}  ${name}`);
console.log(`  total  ${minutes(times.reduce((sum, [, s]) => sum + s, 0)).padStart(13)}`);
if (failed) {
  console.error(`\nnpm test failed in: ${failed}`);
  process.exit(1);
}
