import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(REPO, 'apps/server/src/main.ts');

/** A server started as its own process, as an operator starts one (`apps/server/src/main.ts`). */
export interface ServerProcess {
  /** the HTTP address it printed */
  url: string;
  child: ChildProcess;
  /** what it wrote so far (stdout and stderr), for a failing test's message */
  output(): string;
  /** SIGKILL, no chance to finish anything; resolves once the process is gone */
  kill(): Promise<void>;
  /** SIGTERM (a normal stop), SIGKILL after 10 s; removes its data directory */
  stop(): Promise<void>;
}

/**
 * Starts the server in a child process with `env` on top of this one's, on a free port of
 * 127.0.0.1, with a fresh data directory, without the web app and the demo's seeding (the database
 * is another instance's).
 * @param env the instance's variables (docs/operations.md), e.g. `ScaleOutParts.instanceEnv`
 * @throws Error with its output when it exits or prints no address within 90 s
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-process-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: 'off',
      SEED_DEMO: 'off',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server process printed no address in 90 s:\n${out}`)), 90_000);
    const look = () => {
      const m = /Overtone is running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server process exited (${child.exitCode ?? child.signalCode}):\n${out}`));
    });
  });
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    url,
    child,
    output: () => out,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      cleanUp();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}
