import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { seedDemoHistory } from '../apps/server/src/jobs/seed-demo-history.ts';
import { startTestServer } from '../apps/server/test/support/test-server.ts';
import { launchChromium } from './support/browser.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { WEB_DIST } from './support/plant-session.ts';

/**
 * Issue 14: the built web app works under the server's Content-Security-Policy (no inline script,
 * styles of Ant Design's CSS-in-JS, the captcha's Blob worker, the live WebSocket): log in, the home
 * screen with a point, a stored measurement in every analysis domain, and not one CSP violation.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
/** CSP violations seen by the page (securitypolicyviolation events) and the console. */
const violations: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ webDist: WEB_DIST });
  await seedDemoHistory(server.ctx, { now: new Date() });
  chromium = await launchChromium();
  page = await chromium.context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/Content Security Policy/i.test(e.message)) violations.push(e.message);
  });
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe('the web app under the Content-Security-Policy', () => {
  it('serves its pages with the policy', async () => {
    const res = await page.goto(`${server.url}/login`);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['x-frame-options']).toBe('DENY');
  });

  it('logs in (captcha worker), shows a point and a measurement in every domain, without a violation', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);
    const m = await server.ctx.db
      .selectFrom('measurements')
      .select('id')
      .where('waveform_key', 'is not', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    await page.goto(`${server.url}/measurement/${m.id}`);
    await expect
      .poll(() => page.getByTestId('measurement-detail').getAttribute('data-measurement-id'), { timeout: 30000 })
      .toBe(m.id);
    for (const domain of ['time', 'fft', 'cepstrum', 'envelope', 'spectrogram', 'polar', 'orbit', 'autoCorrelation']) {
      await page.getByTestId(`domain-tab-${domain}`).click();
      await expect.poll(() => page.getByTestId('signal-charts').getAttribute('data-domain')).toBe(domain);
    }
    await page.getByTestId('domain-tab-fft').click();
    await page.getByTestId('spectrum-chart').locator('canvas').first().waitFor({ state: 'visible', timeout: 30000 });
    await page.waitForTimeout(1000);
    expect(violations).toEqual([]);
  });
});
