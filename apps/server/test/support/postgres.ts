import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForListener } from './net.ts';

/** Debian's PostgreSQL 15 server programs (package `postgresql-15`; `scripts/test.ts` installs it when missing). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why PostgreSQL cannot run here (a missing program), or null when it can. */
export function postgresMissing(): string | null {
  for (const p of ['initdb', 'postgres', 'createdb', 'pg_ctl'])
    if (!fs.existsSync(path.join(POSTGRES_BIN, p)))
      return `${path.join(POSTGRES_BIN, p)} is missing (apt-get install postgresql)`;
  return null;
}

/** A running throw-away PostgreSQL server. */
export interface TestPostgres {
  /** `postgres://…@127.0.0.1:<port>/<database>` of an empty database made for the caller */
  url: string;
  /** a further empty database on the same server */
  createDatabase(name: string): string;
  /** stops the server (fast shutdown) and removes its directory */
  stop(): Promise<void>;
}

/**
 * PostgreSQL refuses to run as root: started as root (CI containers), the server and its tools run
 * as Debian's `postgres` user, in a directory it owns.
 */
const asPostgresUser = process.getuid?.() === 0;
const run = (program: string, args: string[]) =>
  (asPostgresUser ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args]) as [string, string[]];

/**
 * Starts a real PostgreSQL on a free loopback port with a fresh cluster in a temporary directory
 * (`initdb`, trust authentication on loopback, no fsync: nothing here must survive the test) and
 * creates the database `overtone`.
 * @throws Error when the programs are missing ({@link postgresMissing}) or the server does not start
 */
export async function startPostgres(): Promise<TestPostgres> {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-postgres-'));
  const data = path.join(dir, 'data');
  if (asPostgresUser) spawnSync('chown', ['postgres:postgres', dir]);
  const user = 'overtone';
  const init = spawnSync(
    ...run(path.join(POSTGRES_BIN, 'initdb'), ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--no-sync']),
    {
      encoding: 'utf8',
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}${init.stdout}`);
  const port = await freePort();
  let output = '';
  const proc = spawn(
    ...run(path.join(POSTGRES_BIN, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-k',
      dir,
      '-c',
      'fsync=off',
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      // fast shutdown, told to the server itself (a signal to `runuser` does not reach it)
      spawnSync(...run(path.join(POSTGRES_BIN, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w', '-t', '10']));
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const createDatabase = (name: string) => {
    // right after it listens, the server may still answer "the database system is starting up"
    for (let attempt = 0; ; attempt++) {
      const r = spawnSync(
        ...run(path.join(POSTGRES_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, name]),
        {
          encoding: 'utf8',
        },
      );
      if (r.status === 0) return `postgres://${user}@127.0.0.1:${port}/${name}`;
      if (!/starting up/.test(r.stderr) || attempt >= 100) throw new Error(`createdb ${name} failed: ${r.stderr}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100); // 0.1 s, synchronously
    }
  };
  try {
    await waitForListener('postgres', port, proc, 20_000, () => output);
    return { url: createDatabase('overtone'), createDatabase, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
