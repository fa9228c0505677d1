import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms, user + system) a process has used, or null when it is gone or not on this machine. */
function cpuMsOf(pid: number): number | null {
  try {
    // fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuUse {
  /** ms of CPU of the server process */
  server: number;
  /** ms of CPU of the database backends serving the database (null: not a local PostgreSQL) */
  database: number | null;
}

/**
 * Measures the CPU the server process and the PostgreSQL backends of its database use between
 * `start` and `stop`, from /proc: the backends are those pg_stat_activity lists for the database
 * (on this machine), at start and at stop. Without `databaseUrl` (PGlite runs in the server's own
 * process) only the server is measured.
 */
export async function cpuProbe(serverPid: number, databaseUrl?: string) {
  const admin = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await admin?.connect();
  const backends = async (): Promise<number[]> =>
    admin
      ? (
          await admin.query<{ pid: number }>(
            'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
        ).rows.map((r) => r.pid)
      : [];
  const sample = async () => new Map([serverPid, ...(await backends())].map((pid) => [pid, cpuMsOf(pid)]));
  return {
    async start() {
      return sample();
    },
    async stop(started: Map<number, number | null>): Promise<CpuUse> {
      const ended = await sample();
      for (const pid of started.keys()) if (!ended.has(pid)) ended.set(pid, cpuMsOf(pid));
      const used = (pid: number) => (ended.get(pid) ?? 0) - (started.get(pid) ?? 0);
      const database = [...ended.keys()].filter((pid) => pid !== serverPid);
      const local = database.some((pid) => ended.get(pid) !== null);
      return {
        server: used(serverPid),
        database: admin && local ? database.reduce((sum, pid) => sum + Math.max(0, used(pid)), 0) : null,
      };
    },
    close: async () => {
      await admin?.end();
    },
  };
}

export type CpuProbe = Awaited<ReturnType<typeof cpuProbe>>;
