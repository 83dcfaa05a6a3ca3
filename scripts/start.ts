/**
 * `npm start`: the server (API, web app, embedded database, broker, storage, outbox) and, unless
 * SIMULATOR=off, the simulated plant connected to the server's broker as a real gateway would be.
 * Ctrl+C stops both cleanly.
 *
 * Compiled (`dist/start.js`, scripts/build-server.ts) it runs the compiled server and simulator with
 * plain `node`; run as TypeScript (`npm run dev`) it runs their sources through tsx.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Replaced by `true` in the compiled start script (scripts/build-server.ts `define`). */
declare const __OVERTONE_COMPILED__: boolean | undefined;
const compiled = typeof __OVERTONE_COMPILED__ !== 'undefined' && __OVERTONE_COMPILED__;

const root = path.resolve(import.meta.dirname, '..');
const entries = compiled
  ? { server: 'apps/server/dist/main.js', gatewaySim: 'apps/gateway-sim/dist/main.js', nodeArgs: ['--enable-source-maps'] }
  : { server: 'apps/server/src/main.ts', gatewaySim: 'apps/gateway-sim/src/main.ts', nodeArgs: ['--import', 'tsx'] };
const port = process.env.PORT ?? '8080';
const mqttPort = process.env.MQTT_PORT ?? '1883';
const children: ChildProcess[] = [];
/** Where the server hands the simulated plant its MQTT credentials (apps/server/src/jobs/demo-plant-credentials.ts). */
const credentialsFile = path.join(path.resolve(root, process.env.DATA_DIR ?? 'data'), 'simulator-credentials.json');

function run(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...entries.nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping`);
      void stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children.reverse()) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function waitHealthy(timeoutMs = 120000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** Waits for the server to write the simulator's credentials (after its demo seed). */
async function waitForCredentials(timeoutMs = 60000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && !stopping) {
    if (fs.existsSync(credentialsFile)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

fs.rmSync(credentialsFile, { force: true }); // written anew by this start's server
run('server', entries.server, { PORT: port, MQTT_PORT: mqttPort });
if (process.env.MQTT_URL || process.env.SIMULATOR === 'off') {
  if (process.env.SIMULATOR !== 'off')
    console.log('MQTT_URL is set: start the simulator against that broker with `npm start -w @overtone/gateway-sim`.');
} else if ((await waitHealthy()) && (await waitForCredentials())) {
  // The simulated gateways authenticate like real ones, with the credentials the server issued them.
  run('gateway-sim', entries.gatewaySim, {
    MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
    GATEWAY_CREDENTIALS_FILE: credentialsFile,
  });
} else if (!stopping) {
  console.error('The server wrote no simulator credentials (SEED_DEMO=off?): the simulated plant is not started.');
}
