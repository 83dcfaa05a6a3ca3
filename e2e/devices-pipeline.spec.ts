/**
 * Issue 6 ("Devices and configuration", periodic and triggered measurement, measurement list):
 * "A person can register a device on a point, set its profile and schedule, watch periodic and
 * triggered measurements arrive, filter and download them" — played in the browser as a new user
 * of the demo tenant would, against the real server (scheduler 2048 times faster: sleep code 26,
 * ≈30 min, runs every second) and the simulated plant (its gateway, sensors and trigger device).
 */
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { DeviceItem, TreeNode } from '@overtone/contract';
import { startPlant, type Plant } from '../apps/gateway-sim/src/plant.ts';
import { api, login, startTestServer } from '../apps/server/test/support/test-server.ts';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { launchChromium } from './support/browser.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { pickOption } from './support/select.ts';
import { plantCredentials } from '../apps/server/test/support/edge.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const SHOTS = path.resolve(import.meta.dirname, '../.test-data/screenshots');

/** The Ball fault sensor of the simulated plant: freed from its demo point, then registered on the new one. */
const SENSOR = 'CA:B8:31:00:00:03';
const GATEWAY = 'CA:B8:28:00:00:01';
const TRIGGER = 'CA:B8:25:00:00:11';
const POINT = 'Gearbox input';
/**
 * The browser's time zone: UTC, not the demo customer's (preferences.localization.timeZone 'GMT+3').
 * The app shows dates and computes the measurement filter's range in the customer's zone whatever
 * the browser's, which this run covers (a measurement made after 21:00 UTC is made "today" for the
 * customer, already the next day).
 */
const BROWSER_TIME_ZONE = 'UTC';
/** An instant as the demo customer's date format shows it in its zone: DD-MM-YYYY HH:mm:ss at UTC+3. */
const customerTime = (iso: string) => {
  const [date, time] = new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().split('T');
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y} ${time.slice(0, 8)}`;
};
/** Sleep code 26 is 2^11 = 2048 s; with this factor the scheduler runs it every second. */
const TIME_FACTOR = 2048;

let server: Awaited<ReturnType<typeof startTestServer>>;
let plant: Plant;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let token: string;
let pointId: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  server = await startTestServer({ webDist: WEB_DIST, schedulerTimeFactor: TIME_FACTOR, schedulerPollMs: 100 });
  token = await login(server.url);
  // The plant's trigger device was claimed by the demo admin from the gateway's available devices
  // (a scan registers nothing: docs/devices.md "Ownership"), so it gets MQTT credentials and connects.
  const claimed = await api(server.url, token, 'POST', '/device', { macAddress: TRIGGER, gateway: GATEWAY });
  if (claimed.status !== 200) throw new Error(`claiming the trigger: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  plant = await startPlant({
    mqttUrl: server.mqttUrl,
    credentials: plantCredentials(server),
    scanIntervalMs: 1000,
    acquisitionSpeedup: 20,
  });
  // The browser process runs in UTC (as on a machine set to UTC), three hours behind the customer.
  chromium = await launchChromium(undefined, [], { TZ: BROWSER_TIME_ZONE });
  page = await chromium.context.newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await chromium?.close();
  await plant?.stop();
  await server?.close();
});

const shot = (name: string, fullPage = false) => page.screenshot({ path: path.join(SHOTS, `devices-${name}.png`), fullPage });

/** expect.poll with room for a loaded machine (its default gives up after 1 s). */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15000 });

/** GET on the API as the demo admin; fails the test on anything but 200. */
async function get<T>(p: string): Promise<T> {
  const res = await api<T>(server.url, token, 'GET', p);
  expect(res.status, `GET ${p}`).toBe(200);
  return res.body;
}

/** Picks the option with exactly this text in the antd Select carrying `testId`. */
const pick = (testId: string, text: string) => pickOption(page, testId, text, { exact: true });
/** The <input> of an antd control by its data-testid (on the input itself or on a wrapper). */
const inputOf = (testId: string) => page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();

/** Confirms the open Popconfirm (its primary button). */
const confirmPopover = () => page.locator('.ant-popover:visible .ant-popconfirm-buttons .ant-btn-primary').click();

const tr = (ns: string, key: string): string => {
  let v: unknown = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/locales/tr/${ns}.json`), 'utf8'),
  );
  for (const k of key.split('.')) v = (v as Record<string, unknown>)[k];
  if (typeof v !== 'string') throw new Error(`no tr/${ns}:${key}`);
  return v;
};

/** Rows of the Measurements tab table: id and type, as shown. */
async function tableRows(): Promise<{ id: string; type: string }[]> {
  return page
    .getByTestId('measurements-tab')
    .locator('tr[data-row-key]')
    .evaluateAll((rows) =>
      rows.map((r) => ({
        id: r.getAttribute('data-row-key') ?? '',
        type: (r.querySelector('[data-testid^="measurement-type-"]')?.getAttribute('data-testid') ?? '').replace(
          'measurement-type-',
          '',
        ),
      })),
    );
}

/** Presses Filter and waits for the list request it sends (a query not loaded before); returns that request. */
async function applyFilter(): Promise<Request> {
  const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/measurement' && r.method() === 'GET');
  await page.getByTestId('filter-apply').click();
  const req = await sent;
  await (await req.response())?.finished();
  await settled();
  return req;
}
/** The table's loading spinner is gone. */
const settled = () => page.getByTestId('measurements-tab').locator('.ant-spin-spinning').waitFor({ state: 'detached' });

type ListItem = {
  _id: string;
  createdAt: string;
  measurementType: string;
  macAddress: string;
  state: string;
  point: { _id: string } | null;
};

describe('a new user registers a device on a point, schedules it, watches measurements arrive, filters and downloads them', () => {
  it('frees the Ball fault sensor: deletes the device from its demo point (confirmed)', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_TIME_ZONE);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);

    await page.getByTestId('tree-node-Ball fault').click();
    const mac = inputOf('device-mac');
    await expect.poll(() => mac.inputValue(), { timeout: 20000 }).toBe(SENSOR);
    await page.getByTestId('device-delete').click();
    await page.getByTestId('device-delete-ok').click();
    await eventually(() => mac.inputValue()).toBe('');
    await eventually(() => page.getByTestId('profile-section').count()).toBe(0);
    await shot('01-freed');
    const device = await get<{ point: unknown; kind: string }>(`/device/${SENSOR}`);
    expect(device).toMatchObject({ point: null, kind: 'SENSEWAY' });
  });

  it('creates a point on the rig with the sensor mounted turned (sensor X → machine Y, Y → X)', async () => {
    await page.getByTestId('tree-menu-CWRU test rig').click();
    await page.getByTestId('tree-menu-createPoint').click();
    await page.getByTestId('point-name').fill(POINT);
    await page.getByTestId('point-tag-code').fill('gb1');
    await pick('point-coordinateXAxis', tr('pointForm', 'axis.yAxis'));
    await pick('point-coordinateYAxis', tr('pointForm', 'axis.xAxis'));
    await page.getByTestId('point-dialog-ok').click();
    await page.getByTestId(`tree-node-${POINT}`).waitFor();
    const node = (await get<TreeNode[]>('/tree')).find((n) => n.name === POINT);
    expect(node).toBeDefined();
    pointId = node!._id;
    expect(await get(`/point/${pointId}`)).toMatchObject({ coordinateXAxis: 'yAxis', coordinateYAxis: 'xAxis' });
    expect(await get(`/point/${pointId}/config`)).toMatchObject({ device: null, profile: null });
  });

  it('registers the sensor with its gateway, saves a profile, a periodic schedule and assigns the trigger', async () => {
    await page.getByTestId(`tree-node-${POINT}`).click();
    await page.locator(`[data-testid="point-tab"][data-point-id="${pointId}"]`).waitFor();
    const card = page.getByTestId('point-config');
    await card.getByTestId('device-section').waitFor();
    // Without a device there is no profile to set.
    expect(await card.getByTestId('profile-section').count()).toBe(0);

    // Device: typed in lower case (upper-cased by the form), gateway chosen.
    await inputOf('device-mac').fill(SENSOR.toLowerCase());
    await page.keyboard.press('Escape');
    await eventually(() => inputOf('device-mac').inputValue()).toBe(SENSOR);
    await pick('device-gateway', GATEWAY);
    await page.getByTestId('device-save').click();
    await card.getByTestId('profile-section').waitFor();
    expect(await get(`/point/${pointId}/config`)).toMatchObject({
      device: { macAddress: SENSOR, gateway: GATEWAY, kind: 'SENSEWAY' },
      profile: null,
    });

    // Profile: the resolution follows the rate and the sample size (rate / size, 4 decimals).
    const resolution = page.getByTestId('profile-resolution');
    await eventually(() => resolution.innerText()).toContain('3.2000 Hz'); // defaults: 3200 Hz / 1000
    await pick('profile-rate', tr('pointConfig', 'hz').replace('{{value}}', '6400'));
    await eventually(() => resolution.innerText()).toContain('6.4000 Hz');
    await inputOf('profile-sample-size').fill('2560');
    await eventually(() => resolution.innerText()).toContain('2.5000 Hz');
    await page.getByTestId('profile-save').click();
    await eventually(async () => (await get<{ profile: unknown }>(`/point/${pointId}/config`)).profile).toMatchObject({
      sampleSize: 2560,
      samplingRate: 8,
    });

    // Periodic: ≈30 min (code 26); the card shows the scheduler job with its next run.
    const periodic = page.getByTestId('periodic-section');
    await eventually(() => periodic.innerText()).toContain(tr('pointConfigSchedule', 'notPeriodic'));
    expect(await page.getByTestId('scheduler-job').count()).toBe(0);
    await pick('sleep-amount', tr('pointConfigSchedule', 'durations.26'));
    const saved = Date.now();
    await page.getByTestId('periodic-save').click();
    const job = page.getByTestId('scheduler-job');
    await job.waitFor();
    expect(await job.innerText()).toContain(tr('pointConfigSchedule', 'nextRun'));
    type Periodic = { sleepAmount: number; schedulerJob: { nextRunAt: string } };
    const schedule = await get<Periodic>(`/point/${pointId}/periodic`);
    // …the stored next run, in the customer's date format and zone (DD-MM-YYYY HH:mm:ss, GMT+3),
    // although the browser is in UTC. (The scheduler runs every second here and the card follows
    // it, so the two are compared as read together.)
    await eventually(async () => {
      const shown = await job.innerText();
      return shown.includes(customerTime((await get<Periodic>(`/point/${pointId}/periodic`)).schedulerJob.nextRunAt));
    }).toBe(true);
    expect(schedule.sleepAmount).toBe(26);
    // The first run is one interval (2048 s / 2048) after the save.
    expect(Date.parse(schedule.schedulerJob.nextRunAt) - saved).toBeGreaterThan(0);
    expect(Date.parse(schedule.schedulerJob.nextRunAt) - saved).toBeLessThan(5000);

    // Trigger: the plant's gateway hears the trigger device and reports it in its scans; the admin
    // claimed it (beforeAll), so it is the customer's and its last gateway is the plant's. The user
    // finds it in the admin panel's triggers, then assigns it on the card.
    await eventually(async () =>
      (await get<DeviceItem[]>(`/device?macAddress=${encodeURIComponent(TRIGGER)}&kind=TRIGGER`)).map((d) => ({
        macAddress: d.macAddress,
        kind: d.kind,
        lastGateway: d.lastGateway,
      })),
    ).toEqual([{ macAddress: TRIGGER, kind: 'TRIGGER', lastGateway: GATEWAY }]);
    const admin = await chromium.context.newPage();
    try {
      await admin.goto(`${server.url}/admin?tab=gateways`);
      await admin.getByTestId('gateways-view-triggers').click();
      await admin.getByTestId(`trigger-row-${TRIGGER}`).waitFor();
      await admin.locator('.ant-segmented-thumb').waitFor({ state: 'detached' }); // the switch's motion, for the screenshot
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: path.join(SHOTS, 'devices-02a-trigger-learned.png') });
    } finally {
      await admin.close();
      await page.bringToFront(); // back to the user's first tab
    }
    const triggers = page.getByTestId('trigger-section');
    expect(await triggers.getByTestId('assigned-trigger').count()).toBe(0);
    await inputOf('trigger-mac').fill(TRIGGER.slice(0, 14));
    expect(await page.getByTestId('trigger-assign').isDisabled()).toBe(true);
    await inputOf('trigger-mac').fill(TRIGGER);
    await page.getByTestId('trigger-assign').click();
    await eventually(() => triggers.getByTestId('assigned-trigger').allInnerTexts()).toEqual([expect.stringContaining(TRIGGER)]);
    expect(await get<{ triggers: { macAddress: string }[] }>(`/point/${pointId}/trigger`)).toMatchObject({
      triggers: [{ macAddress: TRIGGER }],
    });
    await page.evaluate(() => globalThis.scrollTo(0, 0));
    await shot('02-configured', true);
  });

  it('periodic measurements arrive on the point; the schedule is stopped; firing the trigger adds a triggered one', async () => {
    const latest = page.getByTestId('point-measurements');
    const count = (type: string) => latest.getByTestId(`measurement-type-${type}`).count();
    const refreshedCount = (type: string) => async () => {
      await page.getByTestId('point-measurements-refresh').click();
      return count(type);
    };
    await expect.poll(refreshedCount('PERIODIC'), { timeout: 30000, interval: 1000 }).toBeGreaterThanOrEqual(1);
    expect(await count('TRIGGERED')).toBe(0);
    // The card follows the scheduler without a reload: "last run" is no longer "never".
    await eventually(() => page.getByTestId('scheduler-job').innerText()).not.toContain(tr('pointConfigSchedule', 'never'));

    // Stop the schedule (confirmed), so that the lists below hold still.
    await page.getByTestId('periodic-delete').click();
    await confirmPopover();
    await page.getByTestId('scheduler-job').waitFor({ state: 'detached' });
    expect(await get(`/point/${pointId}/periodic`)).toEqual({ sleepAmount: null, schedulerJob: null });

    await plant.triggers[0].fire();
    await expect.poll(refreshedCount('TRIGGERED'), { timeout: 30000, interval: 1000 }).toBe(1);
    await latest.scrollIntoViewIfNeeded();
    await shot('03-arrived');

    // Every measurement of the point is the sensor's, each PERIODIC or TRIGGERED; wait until they are all stored.
    const listOfPoint = () => get<{ measurements: ListItem[] }>(`/measurement?page=1&pageSize=75&points=${pointId}`);
    await expect
      .poll(async () => (await listOfPoint()).measurements.filter((m) => m.state !== 'persisted').map((m) => m.state), {
        timeout: 20000,
      })
      .toEqual([]);
    const list = await listOfPoint();
    expect(list.measurements.every((m) => m.macAddress === SENSOR)).toBe(true);
    expect(list.measurements.filter((m) => m.measurementType === 'TRIGGERED')).toHaveLength(1);
    expect(list.measurements.filter((m) => m.measurementType === 'PERIODIC').length).toBeGreaterThanOrEqual(1);
  });

  it('the Measurements tab filters by MAC, by type (TRIGGERED only, then cleared) and by the last-week shortcut', async () => {
    await page.locator('.ant-tabs-tab[data-node-key="measurements"]').click();
    await page.getByTestId('measurement-filters').waitFor();
    await inputOf('filter-mac').fill(SENSOR);
    const first = await applyFilter();
    // The default range ends with the customer's today (GMT+3), sent with its offset, whatever the
    // browser's zone: a measurement made after 21:00 UTC is listed.
    const customerToday = customerTime(new Date().toISOString()).slice(0, 10).split('-').reverse().join('-');
    expect(new URL(first.url()).searchParams.get('endDate')).toBe(`${customerToday}T23:59:59.999+03:00`);
    // The same as the API lists without any date bound.
    const expected = await get<{ total: number; measurements: ListItem[] }>(
      `/measurement?page=1&pageSize=10&macAddress=${encodeURIComponent(SENSOR)}`,
    );
    await eventually(async () => (await tableRows()).map((r) => r.id)).toEqual(expected.measurements.map((m) => m._id));
    // Each one dated in the customer's zone and format, the zone named in the column's title.
    expect(await page.getByTestId('measurement-created-at').allInnerTexts()).toEqual(
      expected.measurements.map((m) => customerTime(m.createdAt)),
    );
    expect(await page.getByTestId('measurements-tab').locator('th', { hasText: 'GMT+3' }).count()).toBe(1);
    // At 1440 px with the asset tree shown every column is visible: nothing to scroll sideways, and
    // the last column (favourite) ends inside the table.
    const table = page.getByTestId('measurements-tab').locator('.ant-table-content');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const lastHeader = await table.locator('th').last().boundingBox();
    const tableBox = await table.boundingBox();
    expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width + 0.5);
    const before = await tableRows();
    expect(before.map((r) => r.type)).toEqual(expected.measurements.map((m) => m.measurementType));
    expect(new Set(before.map((r) => r.type))).toEqual(new Set(['PERIODIC', 'TRIGGERED']));
    await shot('04-list');

    await pick('filter-type', tr('measurements', 'type.TRIGGERED'));
    const typed = await applyFilter();
    expect(new URL(typed.url()).searchParams.get('measurementType')).toBe('TRIGGERED');
    await eventually(async () => (await tableRows()).length).toBeLessThan(before.length);
    const triggered = await tableRows();
    expect(triggered.map((r) => r.type)).toEqual(['TRIGGERED']);
    await shot('05-triggered-only');

    // Clear the type (the Select's clear icon) and filter again: the periodic ones are back.
    await page.getByTestId('filter-type').hover();
    await page.getByTestId('filter-type').locator('.ant-select-clear').click();
    await eventually(() => page.getByTestId('filter-type').innerText()).toBe(tr('measurements', 'filters.type'));
    // The same query as the first one: the list may come from the cache, without a request.
    await page.getByTestId('filter-apply').click();
    await settled();
    await eventually(async () => (await tableRows()).map((r) => r.id)).toEqual(before.map((r) => r.id));

    // Date shortcut "last week": the request spans 7 days back to the end of today.
    await page.getByTestId('filter-range').first().click();
    await page
      .locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: tr('measurements', 'filters.lastWeek') })
      .click();
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    const ranged = await applyFilter();
    const q = new URL(ranged.url()).searchParams;
    expect(q.get('endDate')).toBe(`${customerToday}T23:59:59.999+03:00`);
    const days = (Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(7);
    expect(days).toBeLessThan(8);
    await eventually(async () => (await tableRows()).map((r) => r.id)).toEqual(before.map((r) => r.id));
    await shot('06-last-week');
  });

  it('downloads the selection: a zip with one raw-data file per selected measurement, with units, sampling rate and axis mapping', async () => {
    const rows = await tableRows();
    // The triggered one and two periodic ones.
    const pickRows = [...rows.filter((r) => r.type === 'TRIGGERED'), ...rows.filter((r) => r.type === 'PERIODIC').slice(0, 2)];
    expect(pickRows.map((r) => r.type)).toEqual(['TRIGGERED', 'PERIODIC', 'PERIODIC']);
    for (const r of pickRows) await page.locator(`tr[data-row-key="${r.id}"] .ant-checkbox-input`).check();
    const selected = pickRows.map((r) => r.id).sort();
    await eventually(() => page.getByTestId('measurements-download').innerText()).toContain(`(${selected.length})`);
    await eventually(() => page.locator('tr[data-row-key] .ant-checkbox-checked').count()).toBe(selected.length);
    await page.waitForTimeout(300); // the checkbox animation, for the screenshot
    await shot('07-selected');

    const download = page.waitForEvent('download', { timeout: 30000 });
    const listRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/measurement/download');
    await page.getByTestId('measurements-download').click();
    expect(new URL((await listRequest).url()).searchParams.get('ids')?.split(',').sort()).toEqual(selected);
    const d = await download;
    expect(d.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = await d.path();
    const files = unzipSync(new Uint8Array(fs.readFileSync(zipPath)));
    await shot('08-downloaded');

    // index.csv: one line per selected measurement, nothing else.
    const index = strFromU8(files['index.csv']).trim().split('\n');
    expect(index[0]).toBe(
      'id,createdAt,point,gateway,macAddress,measurementType,state,tags,samplingRateHz,sampleSize,rangeG,file',
    );
    const lines = index.slice(1).map((l) => l.split(','));
    expect(lines.map((c) => c[0]).sort()).toEqual(selected);
    for (const c of lines)
      expect([c[4], c[5], c[6], c[9], c[11]]).toEqual([
        SENSOR,
        pickRows.find((r) => r.id === c[0])!.type,
        'persisted',
        '2560',
        `${c[0]}.csv`,
      ]);
    expect(Object.keys(files).sort()).toEqual(['index.csv', ...selected.flatMap((id) => [`${id}.csv`, `${id}.json`])].sort());

    for (const row of pickRows) {
      const meta = JSON.parse(strFromU8(files[`${row.id}.json`])) as {
        macAddress: string;
        measurementType: string;
        state: string;
        units: Record<string, string>;
        samplingRateHz: number;
        nominalSamplingRateHz: number;
        sampleSize: number;
        point: { id: string; path: string[] };
        axes: { column: string; sensorAxis: string; pointAxis: string }[];
        waveformFile: string;
      };
      expect(meta).toMatchObject({
        macAddress: SENSOR,
        measurementType: row.type,
        state: 'persisted',
        units: { time: 's', acceleration: 'g' },
        nominalSamplingRateHz: 6400,
        sampleSize: 2560,
        point: { id: pointId, path: ['Demo Plant', 'CWRU test rig', POINT] },
        waveformFile: `${row.id}.csv`,
      });
      expect(meta.axes).toEqual([
        { column: 'accelerometer_x_g', sensorAxis: 'x', pointAxis: 'yAxis' },
        { column: 'accelerometer_y_g', sensorAxis: 'y', pointAxis: 'xAxis' },
        { column: 'accelerometer_z_g', sensorAxis: 'z', pointAxis: 'zAxis' },
      ]);
      // The sampling rate is the one the sensor reported (calibrated), as the API has it.
      const stored = await get<{ calibratedSamplingRate: number; data: Record<string, number[]> }>(`/measurement/${row.id}`);
      expect(meta.samplingRateHz).toBe(stored.calibratedSamplingRate);

      // The raw data: 2560 rows of time (s) and three axes (g), the samples the API serves.
      const csv = strFromU8(files[`${row.id}.csv`]).trim().split('\n');
      expect(csv[0]).toBe('time_s,accelerometer_x_g,accelerometer_y_g,accelerometer_z_g');
      const data = csv.slice(1).map((l) => l.split(',').map(Number));
      expect(data).toHaveLength(2560);
      expect(data[1][0]).toBeCloseTo(1 / meta.samplingRateHz, 12);
      expect(data[2559][0]).toBeCloseTo(2559 / meta.samplingRateHz, 9);
      for (const [col, axis] of [
        [1, 'accelerometer_x'],
        [2, 'accelerometer_y'],
        [3, 'accelerometer_z'],
      ] as const) {
        const values = data.map((r) => r[col]);
        expect(values.every((v, i) => Math.abs(v - stored.data[axis][i]) < 1e-9)).toBe(true);
      }
      // Not a flat line: a real vibration record.
      expect(Math.max(...data.map((r) => r[1])) - Math.min(...data.map((r) => r[1]))).toBeGreaterThan(0.01);
    }
  });
});
