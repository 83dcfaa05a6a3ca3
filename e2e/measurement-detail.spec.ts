import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { customerPreferences, timeZoneOffsetMinutes } from '@overtone/contract';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { launchChromium } from './support/browser.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { motionSettled } from './support/motion.ts';
import { SHOTS, startPlantSession, type PlantSession } from './support/plant-session.ts';

/**
 * Issue 7, the measurement details screen played as a user: the eight analysis domains, the FFT
 * keyboard, the PNG export, the compare basket and the share link (read-only view, foreign id,
 * revocation) in a browser that never logged in.
 */

const POINT = 'Inner race fault';

let session: PlantSession;
let server: PlantSession['server'];
let guest: Awaited<ReturnType<typeof launchChromium>> | undefined;
let page: Page;
/** The two measurements of the point, older first. */
const ids: string[] = [];
let shareLink = '';

/** A screenshot; a full page one from the top (a scrolled page repeats its sticky header mid-picture). */
async function shot(p: Page, name: string, fullPage = true) {
  if (fullPage) {
    await p.evaluate(() => globalThis.scrollTo(0, 0));
    await p.waitForTimeout(200);
  }
  await p.screenshot({ path: path.join(SHOTS, `detail-${name}.png`), fullPage });
}
/** Error toasts (antd message or notification) currently shown. */
const errorToasts = (p: Page) => p.locator('.ant-message-error, .ant-notification-notice-icon-error');
const idOf = (href: string | null) => decodeURIComponent(href?.split('/').at(-1) ?? '');

beforeAll(async () => {
  session = await startPlantSession();
  ({ server, page } = session);
});
afterAll(async () => {
  await guest?.close();
  await session?.close();
});

/** Measures the open point once; returns the new measurement's id (from the success notification's link). */
async function measureOnce(): Promise<string> {
  const measure = page.getByTestId('measure-button');
  await expect.poll(() => measure.isEnabled(), { timeout: 20000 }).toBe(true);
  await measure.click();
  await page.getByTestId('measure-confirm').click();
  const known = ids.map((id) => `:not([href$="${id}"])`).join('');
  const link = page.locator(`[data-testid="go-last-measurement"]${known}`);
  // a measurement takes seconds; on a loaded CI machine, tens of them
  await link.waitFor({ timeout: 60000 });
  const id = idOf(await link.getAttribute('href'));
  expect(id).toMatch(/\S/);
  expect(ids).not.toContain(id);
  ids.push(id);
  return id;
}

/** Waits for the FFT of the page to be computed (its peak readout carries a frequency). */
async function fftReady(p: Page) {
  const peak = p.getByTestId('spectrum-peak');
  await peak.waitFor({ timeout: 30000 });
  await expect.poll(async () => Number(await peak.getAttribute('data-frequency-hz')), { timeout: 30000 }).toBeGreaterThan(0);
  await p.getByTestId('spectrum-chart').locator('canvas').first().waitFor({ timeout: 10000 });
}

/** Opens the share dialog from the tools menu of the logged-in page. */
async function openShareDialog() {
  await page.getByTestId('tools-menu').click();
  // The owner's menu offers share and delete: the visitor's must not.
  await page.getByTestId('tools-delete').waitFor({ state: 'visible', timeout: 5000 });
  await page.getByTestId('tools-share').click();
  await page.getByTestId('share-expiry').waitFor({ state: 'visible', timeout: 10000 });
  await motionSettled(page.locator('.ant-modal').filter({ has: page.getByTestId('share-expiry') }));
}

describe('issue 7: the measurement details screen', () => {
  it('measures the inner-race point twice and opens the latest measurement', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);
    await page.getByTestId(`tree-node-${POINT}`).click();

    await measureOnce();
    await measureOnce();
    expect(ids).toHaveLength(2);

    await page.locator(`[data-testid="go-last-measurement"][href$="${ids[1]}"]`).click();
    await page.waitForURL((u) => u.pathname.endsWith(`/measurement/${ids[1]}`));
    await expect
      .poll(() => page.getByTestId('measurement-detail').getAttribute('data-measurement-id'), { timeout: 30000 })
      .toBe(ids[1]);
    expect(await page.getByTestId('measurement-point-path').innerText()).toContain(POINT);
    await fftReady(page);
    await shot(page, '01-latest');
    expect(await errorToasts(page).count()).toBe(0);
  });

  it('renders a chart in each of the eight domains, without an error', async () => {
    // Tab → its chart element and the drawing in it (uPlot or heat-map canvas); the polar plots are an SVG themselves.
    const charts: Record<string, [testId: string, drawing: string | null]> = {
      time: ['time-chart', 'canvas'],
      fft: ['spectrum-chart', 'canvas'],
      cepstrum: ['cepstrum-chart', 'canvas'],
      envelope: ['envelope-chart', 'canvas'],
      spectrogram: ['spectrogram-chart', 'canvas'],
      polar: ['polar-chart', null],
      orbit: ['orbit-chart', null],
      autoCorrelation: ['autocorrelation-chart', 'canvas'],
    };
    const tabs = page.getByTestId('domain-tabs').locator('[data-testid^="domain-tab-"]');
    expect((await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).sort()).toEqual(
      Object.keys(charts)
        .map((d) => `domain-tab-${d}`)
        .sort(),
    );
    const signalCharts = page.getByTestId('signal-charts');
    for (const [domain, [testId, drawing]] of Object.entries(charts)) {
      await page.getByTestId(`domain-tab-${domain}`).click();
      await expect.poll(() => signalCharts.getAttribute('data-domain')).toBe(domain);
      const chart = page.getByTestId(testId);
      await chart.waitFor({ state: 'visible', timeout: 30000 });
      const drawn = drawing ? chart.locator(drawing).first() : chart;
      if (!drawing) expect(await chart.evaluate((e) => e.tagName.toLowerCase())).toBe('svg');
      await drawn.waitFor({ state: 'visible', timeout: 30000 });
      const box = await drawn.boundingBox();
      expect(box?.width ?? 0, `${domain} chart width`).toBeGreaterThan(100);
      expect(box?.height ?? 0, `${domain} chart height`).toBeGreaterThan(80);
      expect(await signalCharts.locator('.ant-alert-error').count(), `${domain}: error alert`).toBe(0);
      expect(await signalCharts.locator('.ant-tabs-tabpane-active .ant-empty').count(), `${domain}: empty state`).toBe(0);
      await signalCharts.screenshot({ path: path.join(SHOTS, `detail-02-domain-${domain}.png`) });
    }
    expect(await errorToasts(page).count()).toBe(0);
    await page.getByTestId('domain-tab-fft').click();
    await fftReady(page);
  });

  it('steps the FFT with the keyboard: → one line, Alt+→ ten lines, ↑ zooms in', async () => {
    const plot = page.getByTestId('spectrum-plot');
    const cursor = page.getByTestId('spectrum-cursor');
    const zoomLevel = page.getByTestId('spectrum-zoom-level');
    const index = async () => Number(await cursor.getAttribute('data-index'));

    // Before any key, the selected line is the peak of the readout.
    const start = await index();
    const peakHz = Number(await page.getByTestId('spectrum-peak').getAttribute('data-frequency-hz'));
    expect(await cursor.innerText()).toContain(peakHz.toFixed(0));
    expect(await plot.getAttribute('data-zoom')).toBe('0');
    const zoomText0 = await zoomLevel.innerText();
    expect(zoomText0).toMatch(/\b0\/10\b/);
    const text0 = await cursor.innerText();

    await plot.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(index).toBe(start + 1);
    const text1 = await cursor.innerText();
    expect(text1).not.toBe(text0);

    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(index).toBe(start + 11);
    expect(await cursor.innerText()).not.toBe(text1);

    await page.keyboard.press('ArrowLeft');
    await expect.poll(index).toBe(start + 10);

    await page.keyboard.press('ArrowUp');
    await expect.poll(() => plot.getAttribute('data-zoom')).toBe('1');
    expect(await zoomLevel.innerText()).toMatch(/\b1\/10\b/);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => plot.getAttribute('data-zoom')).toBe('2');
    expect(await zoomLevel.innerText()).toMatch(/\b2\/10\b/);
    // Zooming keeps the selected line.
    expect(await index()).toBe(start + 10);
    await shot(page, '03-fft-keyboard');

    await page.keyboard.press('Enter');
    await expect.poll(() => plot.getAttribute('data-zoom')).toBe('0');
    expect(await zoomLevel.innerText()).toBe(zoomText0);
  });

  it('exports the FFT as a PNG named by date-time', async () => {
    await page.getByTestId('spectrum-download').hover();
    const item = page.getByTestId('spectrum-download-png');
    await item.waitFor({ timeout: 5000 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 15000 }), item.click()]);
    const name = download.suggestedFilename();
    const m = /^(\d{2})-(\d{2})-(\d{4})_(\d{2})-(\d{2})-(\d{2})_(.+)_spectrum\.png$/.exec(name);
    expect(m, name).not.toBeNull();
    const [, dd, mo, yyyy, hh, mi, ss, axis] = m!;
    // The name is the export's time on the customer's clock (its zone preference), whatever the browser's zone.
    const customer = await server.ctx.db
      .selectFrom('customers')
      .select('preferences')
      .where('name', '=', 'Demo Plant')
      .executeTakeFirstOrThrow();
    const offsetMs = timeZoneOffsetMinutes(customerPreferences.parse(customer.preferences).localization.timeZone) * 60_000;
    const at = Date.UTC(Number(yyyy), Number(mo) - 1, Number(dd), Number(hh), Number(mi), Number(ss)) - offsetMs;
    expect(Math.abs(at - Date.now())).toBeLessThan(120_000);
    expect(axis).toBe(await page.getByTestId('signal-charts').getAttribute('data-axis'));
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR width and height: the chart canvas, not an empty image.
    expect(bytes.readUInt32BE(16)).toBeGreaterThan(200);
    expect(bytes.readUInt32BE(20)).toBeGreaterThan(100);
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it('adds both measurements to the compare basket and compares them in distinct colours', async () => {
    const count = page.getByTestId('compare-count');
    expect(await count.innerText()).toMatch(/^0$/);
    await page.getByTestId('spectrum-compare').click();
    await expect.poll(() => count.innerText()).toMatch(/^1$/);

    await page.goto(`${server.url}/measurement/${ids[0]}`);
    await expect
      .poll(() => page.getByTestId('measurement-detail').getAttribute('data-measurement-id'), { timeout: 30000 })
      .toBe(ids[0]);
    await fftReady(page);
    // The basket survives the navigation (localStorage).
    await expect.poll(() => page.getByTestId('compare-count').innerText()).toMatch(/^1$/);
    await page.getByTestId('spectrum-compare').click();
    await expect.poll(() => page.getByTestId('compare-count').innerText()).toMatch(/^2$/);

    await page.getByTestId('compare-basket').click();
    const drawer = page.getByTestId('compare-drawer');
    await drawer.waitFor({ state: 'visible', timeout: 10000 });
    const rows = page.getByTestId('compare-row-link');
    await expect.poll(() => rows.count()).toBe(2);
    expect((await rows.evaluateAll((as) => as.map((a) => a.getAttribute('href')?.split('/').at(-1)))).sort()).toEqual(
      [...ids].sort(),
    );
    const rowColours = await page
      .getByTestId('compare-row-color')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(rowColours).toHaveLength(2);
    expect(new Set(rowColours).size).toBe(2);
    await page.waitForTimeout(400); // the drawer's slide-in
    await shot(page, '04-compare-basket', false);

    await page.getByTestId('compare-open').click();
    const legend = page.getByTestId('compare-legend-item');
    await expect.poll(() => legend.count(), { timeout: 15000 }).toBe(2);
    const legendColours = await legend.evaluateAll((els) =>
      els.map((e) => ({ data: e.getAttribute('data-color'), shown: getComputedStyle(e).backgroundColor })),
    );
    expect(new Set(legendColours.map((c) => c.data)).size).toBe(2);
    expect(new Set(legendColours.map((c) => c.shown)).size).toBe(2);
    const fft = page.getByTestId('compare-fft');
    await fft.waitFor({ state: 'visible', timeout: 30000 });
    expect(await fft.getAttribute('data-series')).toBe('2');
    const seriesColours = (await fft.getAttribute('data-colors'))?.split(',') ?? [];
    expect(seriesColours).toHaveLength(2);
    expect(new Set(seriesColours).size).toBe(2);
    // each line in its legend entry's colour; the later ones translucent over the first (#rrggbbaa)
    expect(seriesColours.map((c) => c.slice(0, 7))).toEqual(legendColours.map((c) => c.data));
    expect(seriesColours[0]).toHaveLength(7);
    expect(seriesColours[1]).toMatch(/^#[0-9a-f]{8}$/i);
    await fft.locator('canvas').first().waitFor({ state: 'visible', timeout: 15000 });
    await page.getByTestId('compare-time').locator('canvas').first().waitFor({ state: 'visible', timeout: 15000 });
    expect(await page.getByTestId('compare-dialog').locator('.ant-alert-error').count()).toBe(0);
    expect(await errorToasts(page).count()).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, '05-compare-dialog', false);

    await page.keyboard.press('Escape');
    await legend.first().waitFor({ state: 'hidden', timeout: 10000 });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden', timeout: 10000 });
  });

  it('shares the measurement: read-only for a visitor, only this measurement, gone once revoked', async () => {
    // The first measurement is open; share it.
    await openShareDialog();
    await page
      .locator('.ant-modal')
      .filter({ has: page.getByTestId('share-expiry') })
      .locator('.ant-modal-footer .ant-btn-primary')
      .click();
    const linkInput = page.getByTestId('share-link');
    await linkInput.waitFor({ state: 'visible', timeout: 15000 });
    shareLink = await linkInput.inputValue();
    const url = new URL(shareLink);
    expect(url.origin).toBe(new URL(server.url).origin);
    expect(url.pathname).toBe(`/measurement/${ids[0]}`);
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(32);
    await page.waitForTimeout(400); // the options dialog's fade-out
    await shot(page, '06-share-link', false);
    await page.keyboard.press('Escape');
    await linkInput.waitFor({ state: 'hidden', timeout: 10000 });

    // A browser that never logged in.
    guest = await launchChromium();
    const visitor = await guest.context.newPage();
    await visitor.goto(shareLink);
    await visitor.getByTestId('read-only-notice').waitFor({ timeout: 30000 });
    const detail = visitor.getByTestId('measurement-detail');
    expect(await detail.getAttribute('data-read-only')).toBe('true');
    expect(await detail.getAttribute('data-measurement-id')).toBe(ids[0]);
    expect(new URL(visitor.url()).pathname).toBe(`/measurement/${ids[0]}`);
    // No session: no user menu in the header.
    expect(await visitor.getByTestId('user-menu').count()).toBe(0);
    await fftReady(visitor);
    // Nothing to change: no favourite toggle, no tag editing, no note input; the tools keep the download only.
    expect(await visitor.getByTestId('favorite-toggle').count()).toBe(0);
    expect(await visitor.getByTestId('tags-edit').count()).toBe(0);
    expect(await visitor.getByTestId('tags-select').count()).toBe(0);
    expect(await visitor.getByTestId('note-input').count()).toBe(0);
    await visitor.getByTestId('tools-menu').click();
    await visitor.getByTestId('tools-download').waitFor({ state: 'visible', timeout: 5000 });
    expect(await visitor.getByRole('menuitem').count()).toBe(1);
    expect(await visitor.getByTestId('tools-share').count()).toBe(0);
    expect(await visitor.getByTestId('tools-delete').count()).toBe(0);
    await visitor.keyboard.press('Escape');
    await visitor.getByTestId('tools-download').waitFor({ state: 'hidden', timeout: 5000 });
    expect(await errorToasts(visitor).count()).toBe(0);
    await shot(visitor, '07-shared-read-only');

    // The same token for the other measurement: a wrong link, said on the page (docs/share-links.md).
    await visitor.goto(`${server.url}/measurement/${ids[1]}?token=${encodeURIComponent(token)}`);
    await visitor.getByTestId('share-link-invalid').waitFor({ timeout: 30000 });
    expect(new URL(visitor.url()).pathname).toBe(`/measurement/${ids[1]}`);
    expect(await visitor.getByTestId('spectrum-chart').count()).toBe(0);
    // The page tells it once: no error toast repeats it.
    await visitor.waitForTimeout(500);
    expect(await errorToasts(visitor).count()).toBe(0);
    await shot(visitor, '08-shared-other-id', false);

    // Revoked by the owner: the visitor's next load shows the invalid-link notice.
    await openShareDialog();
    const revoke = page.getByTestId('share-revoke');
    await expect.poll(() => revoke.count(), { timeout: 15000 }).toBe(1);
    await revoke.click();
    await motionSettled(page.locator('.ant-popconfirm'));
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(() => revoke.count(), { timeout: 15000 }).toBe(0);
    await page.keyboard.press('Escape');

    await visitor.goto(shareLink);
    await visitor.getByTestId('share-link-invalid').waitFor({ timeout: 30000 });
    expect(await visitor.getByTestId('measurement-detail').count()).toBe(0);
    expect(await visitor.getByTestId('spectrum-chart').count()).toBe(0);
    expect(await visitor.getByTestId('user-menu').count()).toBe(0);
    await shot(visitor, '09-shared-revoked', false);
  });
});
