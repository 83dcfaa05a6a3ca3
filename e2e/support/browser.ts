import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (no background
 * networking, no component updates) and a fresh profile directory.
 */
export async function launchChromium(
  viewport = { width: 1440, height: 900 },
  /** extra flags, e.g. `--host-resolver-rules=MAP other.test 127.0.0.1` to reach a second tenant's host name */
  extraArgs: string[] = [],
  /** extra environment of the browser process, e.g. `{ TZ: 'UTC' }`: the zone it runs in, as on a machine set to it */
  env: Record<string, string> = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport,
    env: { ...process.env, ...env },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
