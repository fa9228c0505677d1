// `npm test`: every phase, stopping after the first step that fails, then the time each took.
// The first step runs three phases side by side: lint, the type check and the web build are each
// one process on one core (tsc, knip and Rollup do not spread), so on two cores they end together
// in about the type check's time instead of one after the other. Their output is printed whole,
// phase by phase, once each ends. The tests then run one phase at a time: each fills every core.
import { spawn } from 'node:child_process';

const STEPS = [
  [
    ['lint', 'npm run lint'],
    ['type check', 'npm run typecheck'],
    ['web build and bundle budgets', 'npm run build && npm run size:public && npm run size:back-office'],
  ],
  [['unit and integration tests (Vitest)', 'npm run test:unit']],
  // the deployment on loopback (deploy/): the compiled build of the first step behind nginx
  [['scale-out (compiled build, nginx, S3 peer)', 'SKIP_BUILD=true npm run test:scale-out']],
  // the web app is built by the step before: the Playwright server does not build it again
  [['browser tests (Playwright)', 'SKIP_WEB_BUILD=true npm run test:browser']],
];

/** Runs a phase; alone in its step it prints as it goes, beside others once it has ended. */
function run(name, command, alone) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      if (!alone) {
        process.stdout.write(`\n── ${name} (${command})\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, seconds: (Date.now() - start) / 1000, ok: status === 0 });
    });
  });
}

const started = Date.now();
const times = [];
for (const step of STEPS) {
  const results = await Promise.all(step.map(([name, command]) => run(name, command, step.length === 1)));
  times.push(...results);
  if (results.some((result) => !result.ok)) break;
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`;
console.log('\nnpm test, time by phase (the first three side by side):');
for (const { name, seconds, ok } of times)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${minutes(seconds).padStart(13)}  ${name}`);
console.log(`  total  ${minutes((Date.now() - started) / 1000).padStart(13)}`);
const failed = times.filter((result) => !result.ok).map((result) => result.name);
if (failed.length) {
  console.error(`\nnpm test failed in: ${failed.join(', ')}`);
  process.exit(1);
}
