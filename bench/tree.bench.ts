/**
 * `GET /api/tree` over a tree of 10 020 nodes (20 root groups × 20 groups × 24 points, every point
 * with a sensor and a persisted measurement carrying GRMS on three axes and four other telemetry
 * values) on the embedded database: the server's time for the whole request (routing, tenant and
 * session hooks, the one tree query, serialisation; `app.inject`, no network), against a reference
 * measured in the same run, a plain `SELECT` of the same node rows through the same database, and
 * against the 150 ms target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startServer } from '../apps/server/src/server.ts';
import { newId } from '../apps/server/src/infra/ids.ts';
import { login, testServerConfig } from '../apps/server/test/support/test-server.ts';
import { median } from './timing.ts';
import { launchChromium, CHROMIUM_PATH } from '../e2e/support/browser.ts';
import { closeOnboardingTour, submitLogin } from '../e2e/support/login.ts';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

const ROOTS = 20;
const GROUPS_PER_ROOT = 20;
const POINTS_PER_GROUP = 24;
const TARGET_MS = 150;

/** Median wall time of an async call, ms, after `warmup` calls. */
async function timeAsync(fn: () => Promise<unknown>, runs = 15, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** Inserts rows in chunks (one statement each). */
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export default async function treeBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  // No template here (benchmarks have no global setup): a fresh in-memory database, migrated and seeded.
  const withBrowser = fs.existsSync(path.join(WEB_DIST, 'index.html')) && fs.existsSync(CHROMIUM_PATH);
  const server = await startServer(
    { ...testServerConfig(dataDir), webDist: withBrowser ? WEB_DIST : null },
    { inMemoryDb: true },
  );
  try {
    const db = server.ctx.db;
    const customer = await db.selectFrom('customers').select('id').executeTakeFirstOrThrow();
    const customerId = customer.id;
    const nodes: {
      id: string;
      customer_id: string;
      parent_id: string | null;
      node_type: 'group' | 'point';
      name: string;
      tag_code: string;
      point: string;
    }[] = [];
    const points: string[] = [];
    for (let r = 0; r < ROOTS; r++) {
      const root = newId();
      nodes.push({
        id: root,
        customer_id: customerId,
        parent_id: null,
        node_type: 'group',
        name: `Site ${r}`,
        tag_code: `#B${r}`,
        point: '{}',
      });
      for (let g = 0; g < GROUPS_PER_ROOT; g++) {
        const group = newId();
        nodes.push({
          id: group,
          customer_id: customerId,
          parent_id: root,
          node_type: 'group',
          name: `Line ${r}.${g}`,
          tag_code: `#B${r} ${g}`,
          point: '{}',
        });
        for (let p = 0; p < POINTS_PER_GROUP; p++) {
          const id = newId();
          points.push(id);
          nodes.push({
            id,
            customer_id: customerId,
            parent_id: group,
            node_type: 'point',
            name: `Bearing ${r}.${g}.${p}`,
            tag_code: `$B${r} ${g} ${p}`,
            point: JSON.stringify({ type: ['Bearing'], favoriteTelemetry: p % 2 ? 'GRMS' : null }),
          });
        }
      }
    }
    await insertChunks(nodes, (c) => db.insertInto('tree_nodes').values(c).execute());
    const mac = (i: number) =>
      `BE:NC:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`;
    await insertChunks(points, (c) =>
      db
        .insertInto('devices')
        .values(
          c.map((id) => ({
            id: newId(),
            customer_id: customerId,
            mac: mac(points.indexOf(id)),
            point_id: id,
            gateway_mac: null,
            profile: '{}',
          })),
        )
        .execute(),
    );
    const measurements = points.map((pointId, i) => ({ id: newId(), pointId, mac: mac(i) }));
    await insertChunks(measurements, (c) =>
      db
        .insertInto('measurements')
        .values(
          c.map((m) => ({
            id: m.id,
            customer_id: customerId,
            object_id: m.id,
            point_id: m.pointId,
            device_mac: m.mac,
            measurement_type: 'PERIODIC' as const,
            state: 'persisted' as const,
            range_index: 1,
            rate_index: 5,
            sample_size: 1000,
          })),
        )
        .execute(),
    );
    const values = measurements.flatMap((m) =>
      [
        ['GRMS', 'x'],
        ['GRMS', 'y'],
        ['GRMS', 'z'],
        ['VRMS', 'x'],
        ['PEAK', 'x'],
        ['KURTOSIS', 'x'],
        ['CREST', 'x'],
      ].map(([telemetry, source], k) => ({
        measurement_id: m.id,
        customer_id: customerId,
        point_id: m.pointId,
        telemetry: telemetry!,
        source: source!,
        device_reported: false,
        value: 0.1 * (k + 1),
        unit: 'g',
        measured_at: new Date(),
      })),
    );
    await insertChunks(values, (c) => db.insertInto('telemetry_values').values(c).execute());
    await sql`ANALYZE`.execute(db);

    const token = await login(server.url);
    const inject = () => server.app.inject({ method: 'GET', url: '/api/tree', headers: { host: '127.0.0.1', token } });
    const first = await inject();
    const answer = first.json() as { lastTelemetryValue: unknown }[];
    if (first.statusCode !== 200) throw new Error(`GET /api/tree ${first.statusCode}`);
    const withValue = answer.filter((n) => n.lastTelemetryValue !== null).length;

    const request = await timeAsync(inject);
    const plain = await timeAsync(() =>
      db
        .selectFrom('tree_nodes')
        .select(['id', 'name', 'parent_id', 'node_type', 'tag_code', 'health'])
        .where('customer_id', '=', customerId)
        .orderBy('sort_order')
        .orderBy('name')
        .execute(),
    );
    console.log(
      `${answer.length} nodes (${points.length} points, ${withValue} with a last telemetry value); ${os.availableParallelism()} cores`,
    );
    console.log('                                  median ms   ratio');
    console.log(`GET /api/tree (server, inject)    ${request.toFixed(1).padStart(9)}   1.00`);
    console.log(
      `plain SELECT of the node rows     ${plain.toFixed(1).padStart(9)}   ${(plain / request).toFixed(2)}  (request / plain ${(request / plain).toFixed(1)}×)`,
    );
    console.log(
      `target                            ${TARGET_MS.toFixed(1).padStart(9)}   ${(TARGET_MS / request).toFixed(2)}  (${request < TARGET_MS ? 'met' : 'MISSED'})`,
    );
    if (withBrowser) await browserPart(server.url);
    else console.log('browser part skipped: build the web app (npm run build) and install chromium to measure it');
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 95th percentile of a list (nearest rank). */
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)]!;

/**
 * The same 10 020-node tree in headless Chromium: time from navigation to the first tree row, the
 * rows the virtual list keeps in the DOM, and frame times while the tree is scrolled (60 steps of
 * 600 px, one per animation frame), against the frame time of the same page idle (the reference).
 */
async function browserPart(url: string) {
  const chromium = await launchChromium();
  try {
    const page = await chromium.context.newPage();
    await page.goto(`${url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page).catch(() => undefined);
    const loads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await page.goto(`${url}/`);
      await page.getByTestId('tree-group-Site 0').waitFor({ timeout: 60000 });
      loads.push(performance.now() - t0);
    }
    const rows = await page.locator('.ant-tree-treenode').count();
    const frames = (scroll: boolean) =>
      page.evaluate(async (doScroll) => {
        const holder = document.querySelector<HTMLElement>('[data-testid="asset-tree"] .ant-tree-list-holder');
        const times: number[] = [];
        let last = performance.now();
        for (let i = 0; i < 60; i++) {
          if (doScroll && holder) holder.scrollTop += 600;
          await new Promise((r) => requestAnimationFrame(() => r(null)));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        return times;
      }, scroll);
    const idle = await frames(false);
    const scrolled = await frames(true);
    console.log('in Chromium (headless)                median ms   p95 ms   ratio p95/idle p95');
    console.log(`navigation to first tree row          ${median(loads).toFixed(1).padStart(9)}`);
    console.log(
      `frame, idle page (reference)          ${median(idle).toFixed(1).padStart(9)} ${p95(idle).toFixed(1).padStart(8)}   1.00`,
    );
    console.log(
      `frame while scrolling the tree        ${median(scrolled).toFixed(1).padStart(9)} ${p95(scrolled).toFixed(1).padStart(8)}   ${(p95(scrolled) / p95(idle)).toFixed(2)}`,
    );
    console.log(`tree rows in the DOM: ${rows} of 10 020 (virtual list)`);
  } finally {
    await chromium.close();
  }
}
