import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { pickOption } from './support/select.ts';
import { SHOTS, startPlantSession, type PlantSession } from './support/plant-session.ts';

/**
 * Issue 8 ("create an alarm from the UI, measure, see the transaction and the tree colour change"),
 * played as a user of the demo tenant against the real server and the simulated plant: the
 * inner-race point's sensor replays CWRU record 105, whose x-axis kurtosis (~5.4) lies above a
 * hazard threshold of 5 that a healthy bearing (kurtosis ~3) stays below.
 */

const POINT = 'Inner race fault';

let session: PlantSession;
let page: Page;

beforeAll(async () => {
  session = await startPlantSession();
  page = session.page;
});
afterAll(async () => {
  await session?.close();
});

/** Picks the option of an antd Select (by its data-testid) whose label contains `text`. */
const choose = (p: Page, testId: string, text: string) => pickOption(p, testId, text);
const area = (p: Page, name: string) => p.getByTestId(`point-area-${name}`).click();
const healthOf = (p: Page) => p.getByTestId(`tree-node-${POINT}`).getAttribute('data-health');

describe('issue 8: an alarm set in the UI fires on a real recording', () => {
  it('creates a kurtosis alarm, measures, shows the hazard transaction and the tree colour', async () => {
    await page.goto(`${session.server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);
    await page.getByTestId(`tree-node-${POINT}`).click();

    // Alarms → create: kurtosis of the x axis, top limit 4 / 5 / 8.
    await area(page, 'alarms');
    await page.getByTestId('metric-alarm-create').click();
    await page.getByTestId('alarm-name').fill('Kurtosis DE');
    await choose(page, 'alarm-telemetry', 'KURTOSIS');
    await choose(page, 'alarm-source', 'X');
    for (const [level, v] of [
      ['attention', '4'],
      ['hazard', '5'],
      ['critical', '8'],
    ] as const) {
      const input = page.getByTestId(`threshold-${level}-upper`);
      await input.fill(v);
    }
    await page.locator('.ant-modal-footer .ant-btn-primary:visible').click();
    const row = page.getByTestId('metric-alarms').locator('tr', { hasText: 'Kurtosis DE' });
    await row.waitFor({ timeout: 10000 });
    await page.screenshot({ path: path.join(SHOTS, 'alarms-metric.png'), fullPage: true });

    // Measure from the configuration area.
    await area(page, 'configuration');
    const measure = page.getByTestId('measure-button');
    await expect.poll(() => measure.isEnabled(), { timeout: 20000 }).toBe(true);
    await measure.click();
    await page.getByTestId('measure-confirm').click();
    const link = page.getByTestId('go-last-measurement');
    await link.waitFor({ timeout: 30000 });
    const measurementId = decodeURIComponent((await link.getAttribute('href'))?.split('/').at(-1) ?? '');
    expect(measurementId).toMatch(/\S/);

    // The transaction: hazard, on that measurement, with the kurtosis as its score.
    await area(page, 'alarmTransactions');
    const hazard = page.getByTestId('alarm-transactions-tab').locator('tr', { hasText: 'Kurtosis DE' });
    // (evaluated right after the measurement is stored: reopening the area loads the table again)
    await expect
      .poll(
        async () => {
          if (await hazard.count()) return true;
          await area(page, 'configuration');
          await area(page, 'alarmTransactions');
          await page.waitForTimeout(500);
          return (await hazard.count()) > 0;
        },
        { timeout: 30000, interval: 1000 },
      )
      .toBe(true);
    const tx = hazard.first();
    await expect.poll(() => tx.getByTestId('level-tag').getAttribute('data-level')).toBe('hazard');
    expect(await tx.getByTestId('transaction-measurement').getAttribute('href')).toContain(measurementId);

    // The tree shows the point's health: hazard (orange).
    await expect.poll(() => healthOf(page), { timeout: 30000, interval: 1000 }).toBe('hazard');
    await page.screenshot({ path: path.join(SHOTS, 'alarms-transactions.png'), fullPage: true });
  });
});
