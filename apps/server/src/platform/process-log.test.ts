import { describe, expect, it } from 'vitest';
import { processLog } from './process-log';

function captured(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const log = processLog(env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { log, out, err };
}

describe('the messages of a process', () => {
  it('are plain lines outside production, the fields left out', () => {
    const { log, out, err } = captured({});
    log.info('Migrations applied: 001_init', { migrations: ['001_init'] });
    log.error('Reprise cannot start: no port');
    expect(out).toEqual(['Migrations applied: 001_init\n']);
    expect(err).toEqual(['Reprise cannot start: no port\n']);
  });

  it('are one JSON object a line in production, with the fields of pino and its levels', () => {
    const { log, out, err } = captured({ NODE_ENV: 'production' });
    log.info('Reprise is running at https://reprise.example\nsecond line', {
      publicUrl: 'https://reprise.example',
    });
    log.error('stopping: jobs failed', { step: 'jobs' });
    expect(out).toHaveLength(1);
    expect(out[0]?.endsWith('\n')).toBe(true);
    expect(out[0]?.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(out[0] ?? '')).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      publicUrl: 'https://reprise.example',
      msg: 'Reprise is running at https://reprise.example\nsecond line',
    });
    expect(JSON.parse(err[0] ?? '')).toMatchObject({ level: 50, step: 'jobs', msg: 'stopping: jobs failed' });
  });
});
