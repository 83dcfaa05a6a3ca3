import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TreeNode } from '@overtone/contract';
import { api, login, startTestServer } from '../apps/server/test/support/test-server.ts';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { launchChromium } from './support/browser.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { pickOption } from './support/select.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const SHOTS = path.resolve(import.meta.dirname, '../.test-data/screenshots');

let server: Awaited<ReturnType<typeof startTestServer>>;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let token: string;
let imageFile: string;

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  server = await startTestServer({ webDist: WEB_DIST });
  token = await login(server.url);
  chromium = await launchChromium();
  page = await chromium.context.newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
  imageFile = path.join(server.dataDir, 'pump-p1.png');
  await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toFile(imageFile);
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** The tree as the server has it now. */
async function serverTree(): Promise<TreeNode[]> {
  const res = await api<TreeNode[]>(server.url, token, 'GET', '/tree');
  expect(res.status).toBe(200);
  return res.body;
}
const byName = (nodes: TreeNode[], name: string) => {
  const n = nodes.find((x) => x.name === name);
  if (!n) throw new Error(`no node ${name}`);
  return n;
};

/** Picks the option with this text in the antd Select carrying `testId` (typing first filters searchable ones). */
const pick = (testId: string, text: string, type = false) => pickOption(page, testId, text, { type });

/** Opens a node's menu ("more" button) and clicks one entry. */
async function nodeMenu(name: string, entry: 'edit' | 'createPoint' | 'createGroup' | 'delete') {
  await page.getByTestId(`tree-menu-${name}`).click();
  await page.getByTestId(`tree-menu-${entry}`).click();
}

async function createGroup(opener: () => Promise<void>, name: string, tagCode: string) {
  await opener();
  await page.getByTestId('group-name').fill(name);
  await page.getByTestId('group-tag-code').fill(tagCode);
  await page.getByTestId('group-form-ok').click();
  await page.getByTestId(`tree-group-${name}`).waitFor();
}

const section = (s: string) => page.getByTestId(`point-section-${s}`).click();

describe('a maintenance engineer models a plant: groups, points with bearing, gearbox and image, a move, a route', () => {
  it('builds a root group with two sub-groups', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);

    await createGroup(() => page.getByTestId('tree-create-root-group').click(), 'North Hall', 'nh-1');
    await createGroup(() => nodeMenu('North Hall', 'createGroup'), 'Line 1', 'L1');
    await createGroup(() => nodeMenu('North Hall', 'createGroup'), 'Line 2', 'L2');
    const nodes = await serverTree();
    expect(byName(nodes, 'North Hall')).toMatchObject({ parent: 'root', tagCode: '#NH1' });
    expect(byName(nodes, 'Line 1').parent).toBe(byName(nodes, 'North Hall')._id);
  });

  it('creates a pump point with its bearing, gearbox and a photo, and a fan point', async () => {
    await nodeMenu('Line 1', 'createPoint');
    await page.getByTestId('point-name').fill('Pump P1');
    await page.getByTestId('point-tag-code').fill('p1');
    await pick('point-type', tr('pointForm', 'pointType.GearBox'), true);
    await pick('point-type', localeBearing(), true);
    await page.keyboard.press('Escape');

    await section('bearing');
    await pick('point-bearing-brand', 'SKF');
    await pick('point-bearing-number', '6205-2RS', true);
    await expect.poll(() => page.getByTestId('point-bearing-bpfo').inputValue()).toMatch(/^3\.5/);

    await section('gearbox');
    await pick('point-gearbox-type', localeGearbox(), false);
    await pick('point-shaft', localeShaftInput(), false);
    await page.getByTestId('point-teeth-driver').fill('20');
    await page.getByTestId('point-teeth-driven').fill('40');

    await section('images');
    await page.locator('.ant-modal input[type="file"]').setInputFiles(imageFile);
    await page.getByTestId('point-image-name').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'tree-01-point-form.png') });
    await page.getByTestId('point-dialog-ok').click();
    await page.getByTestId('tree-node-Pump P1').waitFor();

    await nodeMenu('Line 1', 'createPoint');
    await page.getByTestId('point-name').fill('Fan F1');
    await page.getByTestId('point-tag-code').fill('F1');
    await page.getByTestId('point-dialog-ok').click();
    await page.getByTestId('tree-node-Fan F1').waitFor();

    const pump = byName(await serverTree(), 'Pump P1');
    const res = await api<Record<string, unknown>>(server.url, token, 'GET', `/point/${pump._id}`);
    expect(res.body).toMatchObject({
      tagCode: '$P1',
      type: expect.arrayContaining(['Bearing', 'GearBox']),
      bearing: { brand: 'SKF', bearing_number: '6205-2RS', type: 'DEFAULT' },
      shaftOfSensorAttachedTo: 'input',
      numberOfGearTeethAtDriverShaft: 20,
      numberOfGearTeethAtDrivenShaft: 40,
      numberOfGearTeethAtRingGear: null,
    });
    await expect
      .poll(
        async () => ((await api<{ images: unknown[] }>(server.url, token, 'GET', `/point/${pump._id}`)).body.images ?? []).length,
      )
      .toBe(1);
  });

  it("shows the pump's photo on its point tab", async () => {
    await page.getByTestId('tree-node-Pump P1').click();
    const img = page.getByTestId('point-info-images').locator('img').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(64);
    await page.screenshot({ path: path.join(SHOTS, 'tree-02-point-tab.png') });
  });

  it('moves the fan to Line 2 by drag and drop, saves, and finds it there after a reload', async () => {
    await page.getByTestId('tree-move-toggle').click();
    await page.getByTestId('tree-move-bar').waitFor();
    await dragInto(page.getByTestId('tree-node-Fan F1'), page.getByTestId('tree-group-Line 2'));
    await expect.poll(() => page.getByTestId('tree-move-count').getAttribute('data-count')).toBe('1');
    await page.screenshot({ path: path.join(SHOTS, 'tree-03-move.png') });
    await page.getByTestId('tree-move-save').click();
    await expect
      .poll(async () => {
        const nodes = await serverTree();
        return byName(nodes, 'Fan F1').parent === byName(nodes, 'Line 2')._id;
      })
      .toBe(true);

    await page.reload();
    await page.getByTestId('tree-node-Fan F1').waitFor();
    const titles = await page
      .locator('[data-testid^="tree-group-"], [data-testid^="tree-node-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    const at = (id: string) => titles.indexOf(id);
    expect(at('tree-node-Fan F1')).toBeGreaterThan(at('tree-group-Line 2'));
    expect(at('tree-node-Pump P1')).toBeLessThan(at('tree-group-Line 2'));
  });

  it('creates a route of the two points', async () => {
    await page.locator('.ant-tabs-tab', { hasText: localeRoutesTab() }).click();
    await page.getByTestId('route-create-name').fill('Morning round');
    await page.getByTestId('route-pick-Pump P1').click();
    await page.getByTestId('route-pick-Fan F1').click();
    await page.getByTestId('route-create-submit').click();
    const card = page.getByTestId('route-card-Morning round');
    await card.waitFor();
    expect(await card.getByTestId('route-point-count').innerText()).toContain('2');
    await page.screenshot({ path: path.join(SHOTS, 'tree-04-route.png') });
    const routes = await api<{ name: string; points: string[] }[]>(server.url, token, 'GET', '/route');
    expect(routes.body.map((r) => [r.name, r.points.length])).toEqual([['Morning round', 2]]);
  });
});

/**
 * HTML5 drag and drop with the mouse, dropping *into* the target: rc-tree reads an inner drop from
 * a pointer right of the target's title start, so the pointer ends inside the title, moved right.
 */
async function dragInto(source: Locator, target: Locator) {
  const s = await source.boundingBox();
  const t = await target.boundingBox();
  if (!s || !t) throw new Error('drag source or target not visible');
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(s.x + s.width / 2 + 10, s.y + s.height / 2 + 5, { steps: 5 });
  await page.mouse.move(t.x + t.width / 2 + 40, t.y + t.height / 2, { steps: 10 });
  await page.mouse.move(t.x + t.width / 2 + 48, t.y + t.height / 2, { steps: 5 });
  await page.mouse.up();
}

const tr = (ns: string, key: string): string => {
  let v: unknown = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/locales/tr/${ns}.json`), 'utf8'),
  );
  for (const k of key.split('.')) v = (v as Record<string, unknown>)[k];
  if (typeof v !== 'string') throw new Error(`no tr/${ns}:${key}`);
  return v;
};
const localeBearing = () => tr('pointForm', 'pointType.Bearing');
const localeGearbox = () => tr('pointForm', 'gearboxTypes.helicalGearReducer');
const localeShaftInput = () => tr('pointForm', 'shafts.input');
const localeRoutesTab = () => tr('routes', 'tab');
