import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Waits until `popups` match at least one element and none of them is still in its entrance motion
 * (antd's motion classes: `ant-zoom-appear`, `ant-slide-up-enter`, `ant-motion-collapse`…). Under
 * load a click on a control that is still moving in can land where it was a frame before and is
 * lost: click only on a settled dialog or popup.
 * @param popups the dialogs or popups, e.g. `page.locator('.ant-modal')`
 */
export const motionSettled = (popups: Locator) =>
  expect
    .poll(
      async () => {
        const moving = await popups.evaluateAll((els) => els.map((el) => /zoom|slide|fade|motion/.test(el.className)));
        return moving.length === 0 ? 'none' : moving.includes(true) ? 'moving' : 'settled';
      },
      { timeout: 15000 },
    )
    .toBe('settled');

/** Waits until the open antd dialogs have finished their entrance motion. */
export const dialogSettled = (page: Page) => motionSettled(page.locator('.ant-modal'));
