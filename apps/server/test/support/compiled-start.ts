import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { freePort } from './net.ts';

/** A running `node dist/start.js` of a test (production-build, production-install). */
export interface CompiledStart {
  proc: ChildProcess;
  /** what it printed so far, stdout and stderr together */
  output(): string;
  /** settles when it exits */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * This process's environment without what the test runner, tsx and npm set for it: the compiled
 * start must run on plain node (no loader in `NODE_OPTIONS`).
 */
export function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(NODE_OPTIONS|VITEST.*|TSX.*|npm_.*|INIT_CWD)$/i.test(k)) env[k] = v;
  return env;
}

/**
 * Starts a compiled start script (scripts/start.ts built by scripts/build-server.ts) with plain
 * node on `dataDir`, on free loopback ports, with the captcha made cheap for `login`.
 * @param startJs path of the compiled `dist/start.js`
 * @param dataDir the data directory (a seeded database, as after a first start)
 * @param env more environment (overrides the defaults)
 */
export async function startCompiled(startJs: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<CompiledStart> {
  const proc = spawn(process.execPath, [startJs], {
    cwd: os.tmpdir(),
    env: {
      ...plainEnv(),
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      MQTT_HOST: '127.0.0.1',
      CAPTCHA_MAX_NUMBER: '1000',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    proc.once('exit', (code, signal) => r({ code, signal })),
  );
  return { proc, output: () => output, exit };
}
