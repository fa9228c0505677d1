import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The deployment of docs/deployment.md on loopback, for `npm run test:scale-out` and the bench:
 * a database of its own on a PostgreSQL server, API processes (RUN_WORKER=false) and a worker
 * from the compiled build (`npm run build`), in the production profile, behind nginx (Debian)
 * as the round-robin proxy of deploy/nginx.conf. Object storage is the caller's: an S3 peer's
 * settings in `env`.
 */

const root = path.resolve(import.meta.dirname, '..');
const SERVER_MAIN = path.join(root, 'apps/server/dist/main.js');
const WORKER_MAIN = path.join(root, 'apps/server/dist/worker-main.js');
const NGINX = '/usr/sbin/nginx';

/** A 32-byte key, base64: the deployment's DATA_ENCRYPTION_KEY (the seed encrypts with it too). */
const DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
/** The scraper's token of every process (METRICS_TOKEN, docs/metrics.md). */
export const METRICS_TOKEN = 'scale-out-metrics-token-0123456789';

interface Process {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Its standard output and error so far (the JSON log lines). */
  output: () => string;
  /** SIGTERM, then the exit: the graceful stop of docs/deployment.md. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the machine lost. */
  kill: () => Promise<void>;
}

export interface Cluster {
  proxyUrl: string;
  databaseUrl: string;
  apis: Process[];
  worker: Process | null;
  /** Starts one more API process (after a kill, say). */
  startApi: (name: string) => Promise<Process>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Compiles the server and the web app (`npm run build`) unless told the build is there. */
export function ensureBuild(): void {
  if (process.env.SKIP_BUILD === 'true' && existsSync(SERVER_MAIN) && existsSync(WORKER_MAIN)) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status})`);
}

function nginxAvailable(): boolean {
  return existsSync(NGINX);
}

/** A new database on the server of `serverUrl`; `drop` removes it, connections and all. */
export async function scratchDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** `npm run seed:demo` on the deployment's database and bucket: the demo users, catalogue and buybacks. */
export function seedDemo(env: Record<string, string>): void {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/seed/seed-demo.cli.ts')],
    { cwd: root, env: { ...process.env, ...env, NODE_ENV: 'development' }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`seed:demo failed (${result.status})`);
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`not ready within 60 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function startProcess(
  name: string,
  main: string,
  port: number,
  env: Record<string, string>,
  waitFor: 'ready' | 'started',
): Promise<Process> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `reprise-${name}-`));
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const proc: Process = {
    name,
    port,
    url,
    child,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  if (waitFor === 'started') {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const poll = () => {
        if (child.exitCode !== null) reject(new Error(`${name} exited (${child.exitCode}):\n${log}`));
        else if (/running the jobs/.test(log)) resolve(proc);
        else if (Date.now() > deadline) reject(new Error(`${name} did not start:\n${log}`));
        else setTimeout(poll, 100);
      };
      poll();
    });
  }
  return waitReady(url, child, () => log).then(() => proc);
}

/** deploy/nginx.conf with the given upstream ports and listen port, its files in `dir`. */
function nginxConfig(listen: number, upstreams: number[], dir: string): string {
  const servers = upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  const text = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8')
    .replace(/( {4}server api-\d:3000[^\n]*\n)+/, `${servers}\n`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${listen};`)
    .replace(
      /worker_processes auto;/,
      `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`,
    )
    // which process answered, for the tests: the proxy names it in a header of its answers
    .replace(
      /proxy_pass http:\/\/reprise;/,
      'proxy_pass http://reprise;\n      add_header X-Upstream $upstream_addr always;',
    )
    .replace(
      /access_log off;/,
      `access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;`,
    );
  if (!text.includes(`127.0.0.1:${upstreams[0]}`))
    throw new Error('deploy/nginx.conf: no upstream block to fill');
  return text;
}

export interface ClusterOptions {
  /** The database the processes share (migrated and seeded by the caller). */
  databaseUrl: string;
  apis: number;
  worker: boolean;
  /** Settings of every process: the object storage's, above all. */
  env: Record<string, string>;
}

/** The environment of a production process of the deployment (docs/deployment.md). */
export function productionEnv(options: { databaseUrl: string; publicUrl: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    DATA_ENCRYPTION_KEY,
    PUBLIC_URL: options.publicUrl,
    SECURE_COOKIES: 'true',
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
    SFTP_PORT: 'off',
    LOG_LEVEL: 'warn',
    JOB_POLLING_SECONDS: '0.5',
    DATABASE_POOL_SIZE: '4',
    METRICS_TOKEN,
  };
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!nginxAvailable()) throw new Error('nginx is not installed (Debian package nginx-light)');
  const proxyPort = await freePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const env = {
    ...productionEnv({ databaseUrl: options.databaseUrl, publicUrl: proxyUrl }),
    ...options.env,
  };
  const apis: Process[] = [];
  const startApi = async (name: string) => {
    const api = await startProcess(
      name,
      SERVER_MAIN,
      await freePort(),
      { ...env, RUN_WORKER: 'false' },
      'ready',
    );
    apis.push(api);
    return api;
  };
  await Promise.all(Array.from({ length: options.apis }, (_, i) => startApi(`api-${i + 1}`)));
  const worker = options.worker
    ? await startProcess('worker', WORKER_MAIN, await freePort(), env, 'started')
    : null;

  // nginx's workers run as nobody: the folder of its temporary files must be theirs to write
  const dir = mkdtempSync(path.join(tmpdir(), 'reprise-nginx-'));
  chmodSync(dir, 0o777);
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    nginxConfig(
      proxyPort,
      apis.map((a) => a.port),
      dir,
    ),
  );
  const nginx = spawn(NGINX, ['-c', config, '-p', dir, '-e', `${dir}/error.log`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nginxLog = '';
  nginx.stderr?.on('data', (chunk) => {
    nginxLog += chunk;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}): ${nginxLog}`);
    try {
      if ((await fetch(`${proxyUrl}/api/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxLog}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    proxyUrl,
    databaseUrl: options.databaseUrl,
    apis,
    worker,
    startApi,
    stop: async () => {
      nginx.kill('SIGTERM');
      await Promise.all([...apis.map((a) => a.stop()), worker?.stop()]);
      if (nginx.exitCode === null) await new Promise((r) => nginx.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
