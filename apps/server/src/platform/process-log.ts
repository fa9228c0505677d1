import { hostname } from 'node:os';

/**
 * The messages of a server or worker process itself (its start, its housekeeping, its stop), as
 * opposed to those of a request (Fastify's logger). Plain lines for a person at a terminal; in
 * production (NODE_ENV=production) one JSON object a line, in the fields pino gives Fastify's
 * request lines (`level`, `time`, `pid`, `hostname`, `msg`), so that one log collector reads both.
 */
export interface ProcessLog {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** pino's numbers for the two levels a process message has. */
const LEVELS = { info: 30, error: 50 } as const;

export function processLog(
  env: NodeJS.ProcessEnv = process.env,
  write: { out: (line: string) => void; err: (line: string) => void } = {
    out: (line) => process.stdout.write(line),
    err: (line) => process.stderr.write(line),
  },
): ProcessLog {
  const json = env.NODE_ENV === 'production';
  const host = hostname();
  const line = (level: keyof typeof LEVELS, message: string, fields?: Record<string, unknown>) =>
    json
      ? `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: host, ...fields, msg: message })}\n`
      : `${message}\n`;
  return {
    info: (message, fields) => write.out(line('info', message, fields)),
    error: (message, fields) => write.err(line('error', message, fields)),
  };
}
