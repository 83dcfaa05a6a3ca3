import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { SHOTS, startPlantSession, type PlantSession } from './support/plant-session.ts';

let session: PlantSession;
let server: PlantSession['server'];
let page: Page;

beforeAll(async () => {
  session = await startPlantSession();
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.close();
});

const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `fault-${name}.png`), fullPage: true });
const treeBadge = () => page.getByTestId('tree-node-Inner race fault').getByTestId('tree-node-badge');
/** The tree badge's count on the inner-race point (0 without a badge). */
const badgeCount = async () => ((await treeBadge().count()) ? Number((await treeBadge().innerText()).replace(/\D+/g, '')) : 0);

describe('a plant engineer measures the inner-race point and reads, checks and evaluates its fault report', () => {
  let measurementId = '';

  it('measures the point; the report appears with the badges', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);

    await page.getByTestId('tree-node-Inner race fault').click();
    const measure = page.getByTestId('measure-button');
    await expect.poll(() => measure.isEnabled(), { timeout: 20000 }).toBe(true);
    await measure.click();
    await page.getByTestId('measure-confirm').click();
    const goLast = page.getByTestId('go-last-measurement');
    await goLast.waitFor({ timeout: 30000 });
    measurementId = (await goLast.getAttribute('href'))?.split('/').at(-1) ?? '';

    // The diagnosis runs after `persisted`: the tree's badge counts the new unanswered report.
    await expect
      .poll(
        async () => {
          if (!(await treeBadge().count())) await page.reload();
          return badgeCount();
        },
        { timeout: 30000, interval: 1000 },
      )
      .toBeGreaterThan(0);

    await page.getByTestId('tree-node-Inner race fault').click();
    await page.getByTestId('point-area-faultReports').click();
    await page.getByTestId('fault-reports-tab').waitFor();
    const names = page.getByTestId('report-name');
    await names.first().waitFor({ timeout: 15000 });
    // Turkish (the default language): "Rulman arızası — iç bilezik" names the inner race.
    expect((await names.allInnerTexts()).join(' | ')).toMatch(/iç bilezik/i);
    expect(await page.getByTestId('evaluate-badge').first().innerText()).not.toBe('');
    await shot('01-list');
  });

  it('opens the evidence on the measurement chart with the line marked', async () => {
    await page.locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('fault-report-details').first().waitFor();
    await page.getByTestId('evidence-table').first().waitFor();
    await shot('02-details');
    // The report carries evidence from the measurement just taken.
    const hrefs = await page.getByTestId('evidence-link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.includes(`/measurement/${measurementId}?`))).toBe(true);
    const link = page.getByTestId('evidence-link').first();
    await link.click();
    await page.waitForURL(/\/measurement\/[0-9a-f]{24}\?.*markHz=/);
    const url = new URL(page.url());
    expect(['spectrum', 'envelope', 'time']).toContain(url.searchParams.get('domain'));
    const markHz = Number(url.searchParams.get('markHz'));
    expect(markHz).toBeGreaterThan(0);
    await page.getByTestId('measurement-detail').waitFor({ timeout: 30000 });
    // The page opens the evidence's domain (spectrum → the FFT tab) and axis.
    const domain = url.searchParams.get('domain');
    const charts = page.getByTestId('signal-charts');
    await expect.poll(() => charts.getAttribute('data-domain'), { timeout: 30000 }).toBe(domain === 'spectrum' ? 'fft' : domain);
    expect(await charts.getAttribute('data-axis')).toBe(`accelerometer_${url.searchParams.get('axis')}`);
    if (domain !== 'time') await page.getByTestId(`${domain}-peak`).waitFor({ timeout: 30000 });
    await page.waitForTimeout(500);
    await shot('03-evidence-on-chart');
    await page.goBack();
  });

  it('evaluates the report; the badges drop; the PDF previews', async () => {
    await page.getByTestId('fault-reports-tab').waitFor({ timeout: 30000 });
    const before = await badgeCount();
    await page.getByTestId('report-evaluate').first().click();
    await page.getByTestId('evaluation-dialog').waitFor();
    await page.getByTestId('question-fault_confirmed').locator('input[value="yes"]').check();
    await shot('04-evaluation');
    await page.getByTestId('evaluation-save').click();
    await page.getByTestId('evaluation-dialog').waitFor({ state: 'detached', timeout: 15000 });
    await expect.poll(badgeCount, { timeout: 15000 }).toBe(before - 1);

    await page.getByTestId('report-pdf').first().click();
    await page.getByTestId('pdf-preview-dialog').waitFor();
    await page.getByTestId('pdf-frame').waitFor({ timeout: 30000 });
    const page712 = await page.getByTestId('pdf-page').boundingBox();
    expect(page712 && Math.abs(page712.width / page712.height - 712 / 1150)).toBeLessThan(0.01);
    await page.waitForTimeout(1500);
    await shot('05-pdf');
  });
});
