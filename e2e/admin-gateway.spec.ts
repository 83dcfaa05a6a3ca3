/**
 * Issue 14, "an admin can register a real gateway and knows exactly what to type on its MQTT page":
 * in the browser, an admin registers a gateway, reads its broker address and credentials off the
 * dialog (once), a stock MQTT client connects with exactly those, and after Revoke it no longer can.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { startTestServer } from '../apps/server/test/support/test-server.ts';
import { TEST_PASSWORD } from '../apps/server/test/support/constants.ts';
import { launchChromium } from './support/browser.ts';
import { localeText } from './support/locale.ts';
import { closeOnboardingTour, submitLogin } from './support/login.ts';
import { dialogSettled } from './support/motion.ts';

const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const SHOTS = path.resolve(import.meta.dirname, '../.test-data/screenshots');
const GATEWAY = 'CA:B8:28:00:0E:2E';

let server: Awaited<ReturnType<typeof startTestServer>>;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;
let shown: { host: string; port: string; username: string; password: string };

beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  server = await startTestServer({ webDist: WEB_DIST });
  chromium = await launchChromium();
  page = await chromium.context.newPage();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** Connects a stock MQTT client as a gateway would; resolves with the CONNACK outcome. */
async function tryConnect(username: string, password: string): Promise<'connected' | string> {
  const port = new URL(server.mqttUrl).port;
  try {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      username,
      password,
      clientId: username,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await c.endAsync();
    return 'connected';
  } catch (e) {
    return (e as Error).message;
  }
}

const gatewayRow = () => page.locator('.ant-table-row', { hasText: GATEWAY });

describe('an admin registers a gateway and gives it the credentials the dialog shows', () => {
  it('registers the gateway; the dialog shows the broker address, username and a one-time password', async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL(/\/login/);
    await submitLogin(page, 'admin@demo.local', TEST_PASSWORD);
    await closeOnboardingTour(page);
    await page.goto(`${server.url}/admin`);
    await page.locator('.ant-tabs-tab', { hasText: localeText('tr', 'admin', 'tabs.gateways') }).click();
    await page.getByTestId('gateway-register').click();
    await page.getByTestId('register-gateway-mac').fill(GATEWAY.toLowerCase());
    await page.getByTestId('register-gateway-ok').click();

    await page.getByTestId('credentials-password').waitFor();
    const text = async (id: string) => (await page.getByTestId(id).innerText()).trim();
    shown = {
      host: await text('credentials-host'),
      port: await text('credentials-port'),
      username: await text('credentials-username'),
      password: await text('credentials-password'),
    };
    expect(shown.username).toBe(GATEWAY);
    expect(shown.port).toBe(new URL(server.mqttUrl).port);
    expect(shown.host.length).toBeGreaterThan(0);
    expect(shown.password.length).toBeGreaterThanOrEqual(20);
    expect(await page.getByTestId('credentials-steps').innerText()).toContain(GATEWAY);
    await dialogSettled(page); // for a screenshot of it
    await page.screenshot({ path: path.join(SHOTS, 'gateway-01-credentials-tr.png') });

    // closing without copying the password asks first: it is shown only once
    await page.getByTestId('credentials-close').click();
    await page.getByTestId('credentials-close-anyway').click();
    await page.getByTestId('credentials-password').waitFor({ state: 'detached' });
    await expect.poll(() => gatewayRow().getByTestId('credential-state').getAttribute('data-state')).toBe('issued');
  });

  it('a stock MQTT client connects with exactly what the dialog showed, and not with a wrong password', async () => {
    expect(await tryConnect(shown.username, shown.password)).toBe('connected');
    expect(await tryConnect(shown.username, `${shown.password}x`)).not.toBe('connected');
    expect(await tryConnect('', '')).not.toBe('connected');
  });

  it('after Revoke (confirmed) the same credentials are refused', async () => {
    await gatewayRow().getByTestId('credentials-revoke').click();
    await page.getByTestId('credentials-revoke-ok').click();
    await expect.poll(() => gatewayRow().getByTestId('credential-state').getAttribute('data-state')).toBe('revoked');
    await page.screenshot({ path: path.join(SHOTS, 'gateway-02-revoked-tr.png') });
    expect(await tryConnect(shown.username, shown.password)).not.toBe('connected');
  });

  it('in English, Issue gives new credentials that work', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await page.locator('.ant-tabs-tab', { hasText: localeText('en', 'admin', 'tabs.gateways') }).click();
    await gatewayRow().getByTestId('credentials-issue').click();
    await page.getByTestId('credentials-password').waitFor();
    const password = (await page.getByTestId('credentials-password').innerText()).trim();
    expect(password).not.toBe(shown.password);
    expect(await page.locator('.ant-modal-body').innerText()).toContain(
      localeText('en', 'admin', 'gateways.credentials.shownOnce'),
    );
    await dialogSettled(page); // for a screenshot of it
    await page.screenshot({ path: path.join(SHOTS, 'gateway-03-credentials-en.png') });
    expect(await tryConnect(GATEWAY, password)).toBe('connected');
  });
});
