import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Waits until `popup` matches exactly one element and that element has finished its entrance motion
 * (antd's motion classes: `ant-zoom-appear`, `ant-slide-up-enter`, `ant-motion-collapse`…). Under
 * load a click on a control that is still moving in can land where it was a frame before and is
 * lost: click only on a settled dialog or popup.
 * @param popup the one dialog or popup, e.g. `page.locator('.ant-select-dropdown:visible')`
 */
export const motionSettled = (popup: Locator) =>
  expect
    .poll(() => popup.evaluateAll((els) => els.map((el) => /zoom|slide|fade|motion/.test(el.className))), { timeout: 15000 })
    .toEqual([false]);

/** Waits until the page's one antd dialog has finished its entrance motion. */
export const dialogSettled = (page: Page) => motionSettled(page.locator('.ant-modal'));
