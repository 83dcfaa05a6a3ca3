import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startPlant, type Plant } from '../../apps/gateway-sim/src/plant.ts';
import { startTestServer } from '../../apps/server/test/support/test-server.ts';
import { launchChromium } from './browser.ts';
import { plantCredentials } from '../../apps/server/test/support/edge.ts';

/** The built web app the test server serves (`npm run build`). */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
/** Where the end-to-end tests leave their screenshots. */
export const SHOTS = path.resolve(import.meta.dirname, '../../.test-data/screenshots');

export interface PlantSession {
  server: Awaited<ReturnType<typeof startTestServer>>;
  plant: Plant;
  chromium: Awaited<ReturnType<typeof launchChromium>>;
  page: Page;
  /** Closes the browser, the plant and the server, in that order. */
  close(): Promise<void>;
}

/**
 * The real server serving the built web app, the simulated plant on its broker (scans every
 * second, acquisitions 20 times faster than real time) and a fresh headless Chromium with one page.
 * @param server options of `startTestServer` besides `webDist`
 * @param opts.beforePlant runs on the server before the plant starts (e.g. `seedDemoPlant`)
 * @throws when apps/web/dist is missing
 */
export async function startPlantSession(
  server: Parameters<typeof startTestServer>[0] = {},
  opts: { beforePlant?: (s: PlantSession['server']) => Promise<unknown> } = {},
): Promise<PlantSession> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
  fs.mkdirSync(SHOTS, { recursive: true });
  const s = await startTestServer({ ...server, webDist: WEB_DIST });
  // what must be registered before the plant connects (its devices get credentials only if registered)
  await opts.beforePlant?.(s);
  const plant = await startPlant({
    mqttUrl: s.mqttUrl,
    credentials: plantCredentials(s),
    scanIntervalMs: 1000,
    acquisitionSpeedup: 20,
  });
  const chromium = await launchChromium();
  const page = await chromium.context.newPage();
  return {
    server: s,
    plant,
    chromium,
    page,
    close: async () => {
      await chromium.close();
      await plant.stop();
      await s.close();
    },
  };
}
