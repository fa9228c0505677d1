import path from 'node:path';

/** Process configuration, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailDir: string;
  filesDir: string;
  webDistDir: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  secureCookies: boolean;
  trustProxy: boolean;
  logLevel: string;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = int(env.PORT, 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Reprise <no-reply@reprise.localhost>',
    mailDir: path.resolve(env.MAIL_DIR ?? path.join(dataDir, 'mail')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
