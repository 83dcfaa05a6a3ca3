import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { motionSettled } from './motion.ts';

export interface PickOptions {
  /** Type the text first (filters a searchable Select or an AutoComplete). */
  type?: boolean;
  /** Match the option's whole label instead of a part of it. */
  exact?: boolean;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Picks the option of the antd Select (or AutoComplete) carrying `data-testid=testId` whose label
 * contains `text` (or equals it, with `exact`).
 *
 * Clicks the option only once the dropdown has finished its opening motion: under load an option
 * clicked while the dropdown still slides in is lost and the open list then covers the next field.
 * Returns once a single-value dropdown has closed, so the next pick starts on a still page; a
 * multiple Select stays open, as it does for a user.
 */
export async function pickOption(page: Page, testId: string, text: string, { type = false, exact = false }: PickOptions = {}) {
  const select = page.getByTestId(testId);
  await select.click();
  if (type) await page.keyboard.type(text);
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await motionSettled(dropdown);
  await dropdown
    .locator('.ant-select-item-option', { hasText: exact ? new RegExp(`^${escapeRe(text)}$`) : text })
    .first()
    .click();
  const multiple = await select.evaluate((el) => el.classList.contains('ant-select-multiple'));
  if (!multiple) await expect.poll(() => dropdown.count(), { timeout: 15000 }).toBe(0);
}
