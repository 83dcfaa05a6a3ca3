import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, GATEWAY_SIM_DIST, ROOT, SERVER_DIST, START_JS } from '../../../scripts/build-server.ts';
import { DEMO_HISTORY_SLEEP_CODE } from '../src/jobs/seed-demo-history.ts';
import { DEMO_HOST, DEMO_POINTS } from '../src/jobs/seed-demo.ts';
import { upsertJob } from '../src/modules/scheduler/repo.ts';
import { startCompiled, type CompiledStart } from './support/compiled-start.ts';
import { insertMeasurement } from './support/points.ts';
import { api, login, startTestServer } from './support/test-server.ts';

/**
 * The production build (docs/architecture.md "Build and start"): scripts/build-server.ts compiles
 * the start script, the server and the simulated plant; `node dist/start.js` runs them with plain
 * node (no tsx, no loader in NODE_OPTIONS) on a data directory holding the migrated, seeded database.
 * The demo's periodic measurements run a simulated day (SCHEDULER_TIME_FACTOR) with the demo trigger
 * firing every few seconds, through the compiled ingest and DSP worker threads; the process tree
 * must stay the start script, the server and the simulator (no child of the server, no zombie), and
 * Ctrl+C (SIGINT) must leave no process behind.
 */

/** One day of the demo points' periodic setting (code 30, 32 768 s ≈ 9.1 h: ≈ 2.6 runs a point) in {@link DAY_MS}. */
const DAY_MS = 20_000;
const TIME_FACTOR = 86_400_000 / DAY_MS;

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  cmd: string;
}

/** Every process on the machine (pid, parent, state letter, command line). */
function processes(): Proc[] {
  return execFileSync('ps', ['-e', '-o', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), state: m[3], cmd: m[4] }));
}

/** The processes below `pid` (children, grandchildren…). */
function descendants(pid: number, all = processes()): Proc[] {
  const out: Proc[] = [];
  const walk = (p: number) => {
    for (const c of all.filter((x) => x.ppid === p)) {
      out.push(c);
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, fn: () => T | Promise<T>, timeoutMs: number): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

let dataDir = '';
let start: ChildProcess | null = null;
let compiled: CompiledStart | null = null;
/** what the start printed so far */
const output = () => compiled?.output() ?? '';

beforeAll(async () => {
  await buildServer();
  // a data directory holding the migrated, seeded template database (as after a first start)
  const first = await startTestServer({}, { persistent: true });
  dataDir = first.dataDir;
  // The demo rig's four points: one measurement each (so the start's demo history, 320 analyses,
  // has nothing to add) and their periodic setting, due every 32 768 s / TIME_FACTOR.
  const points = await first.ctx.db
    .selectFrom('devices as d')
    .innerJoin('customers as c', 'c.id', 'd.customer_id')
    .select(['d.customer_id', 'd.point_id'])
    .where((eb) => eb(eb.val(DEMO_HOST), '=', eb.fn.any('c.hosts')))
    .where(
      'd.mac',
      'in',
      DEMO_POINTS.map((p) => p.mac),
    )
    .where('d.point_id', 'is not', null)
    .execute();
  for (const p of points) {
    await insertMeasurement(first, { customerId: p.customer_id, pointId: p.point_id });
    await upsertJob(first.ctx.db, p.customer_id, p.point_id!, DEMO_HISTORY_SLEEP_CODE, new Date(), TIME_FACTOR);
  }
  await first.close();
  expect(points).toHaveLength(DEMO_POINTS.length);
  // the demo trigger of apps/gateway-sim/plant.json, firing every 3 s instead of 120 s
  const plant = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/gateway-sim/plant.json'), 'utf8')) as {
    triggers: { intervalMs: number }[];
  };
  for (const t of plant.triggers) t.intervalMs = 3000;
  fs.writeFileSync(path.join(dataDir, 'plant.json'), JSON.stringify(plant));

  compiled = await startCompiled(START_JS, dataDir, {
    SCHEDULER_TIME_FACTOR: String(TIME_FACTOR),
    PLANT_CONFIG: path.join(dataDir, 'plant.json'),
    DSP_WORKERS: '2',
  });
  start = compiled.proc;
}, 120_000);

afterAll(async () => {
  if (start?.pid && alive(start.pid)) {
    for (const p of descendants(start.pid)) process.kill(p.pid, 'SIGKILL');
    start.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the production build (node dist/start.js, no tsx)', () => {
  it('serves /api/health and a login, runs a simulated day of the demo plant without a child process, and stops leaving none', async () => {
    const t0 = Date.now();
    const mark = (what: string) => console.log(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    expect(fs.existsSync(path.join(SERVER_DIST, 'dsp-worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(GATEWAY_SIM_DIST, 'main.js'))).toBe(true);
    const url = await until('the server to print its address', () => /running at (http:\/\/\S+)/.exec(output())?.[1], 60_000);
    const base = url.replace('localhost', '127.0.0.1');
    const health = await until(
      '/api/health',
      async () => {
        const r = await fetch(`${base}/api/health`).catch(() => null);
        return r?.ok ? ((await r.json()) as { status: string; database: boolean; broker: boolean }) : null;
      },
      30_000,
    );
    expect(health).toMatchObject({ status: 'ok', database: true, broker: true });
    const token = await login(base);
    mark('healthy, logged in');

    // the simulated plant connected with the credentials the server issued it
    await until('the simulator to connect', () => /gateway-sim connected/.test(output()), 30_000);
    const tree = () => {
      const below = descendants(start!.pid!);
      const server = below.find((p) => p.cmd.includes(path.join('apps', 'server', 'dist', 'main.js')));
      const sim = below.find((p) => p.cmd.includes(path.join('apps', 'gateway-sim', 'dist', 'main.js')));
      return { below, server, sim };
    };
    const first = tree();
    expect(first.server, output()).toBeDefined();
    expect(first.sim, output()).toBeDefined();
    for (const p of first.below) {
      expect(p.cmd).not.toMatch(/tsx/);
      expect(fs.readFileSync(`/proc/${p.pid}/environ`, 'utf8')).not.toMatch(/(^|\0)NODE_OPTIONS=/);
    }

    const count = async () => (await api<{ total: number }>(base, token, 'GET', '/measurement?page=1&pageSize=10')).body.total;
    const before = await count();
    mark(`simulator connected (${before} measurements)`);

    // a simulated day: the process tree is sampled every second and never changes
    const seen = new Set<string>();
    for (const end = Date.now() + DAY_MS; Date.now() < end;) {
      const t = tree();
      seen.add(t.below.map((p) => `${p.pid}:${p.state[0]}`).join(','));
      expect(t.below.filter((p) => p.state.startsWith('Z'))).toEqual([]);
      expect(t.below.map((p) => p.pid).sort()).toEqual([first.server!.pid, first.sim!.pid].sort());
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(descendants(first.server!.pid)).toEqual([]);
    // measurements went through the compiled ingest and DSP worker threads meanwhile
    expect(await count()).toBeGreaterThan(before);
    mark(`a day later (${await count()} measurements)`);

    // Ctrl+C: the start script stops both; nothing of the tree survives
    start!.kill('SIGINT');
    const how = await Promise.race([compiled!.exit, new Promise((r) => setTimeout(() => r('timeout'), 20_000))]);
    expect(how, output().slice(-3000)).toEqual({ code: 0, signal: null });
    for (const p of first.below) expect(alive(p.pid), `${p.cmd} survived`).toBe(false);
    mark('stopped');
  }, 180_000);
});
