import type { Page } from 'playwright-core';

/** Ticks the ALTCHA checkbox on the page and waits until its proof of work is verified. */
export async function solveCaptcha(page: Page) {
  await page.locator('altcha-widget input[type="checkbox"]').click();
  await page
    .locator('altcha-widget [data-state="verified"], altcha-widget .altcha[data-state="verified"]')
    .first()
    .waitFor({ timeout: 60000 });
}

/** Fills the login form (already open) and submits it; returns once the page left /login. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await solveCaptcha(page);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/**
 * Closes the onboarding tour that a first login opens on the home screen (it stores
 * `userGuidingShown`, so it does not come back); returns once its mask no longer covers the page.
 */
export async function closeOnboardingTour(page: Page) {
  const close = page.getByTestId('tour-close');
  await close.waitFor({ timeout: 10000 });
  await close.click();
  await page
    .locator('.onboarding-tour .ant-tour-mask')
    .waitFor({ state: 'hidden', timeout: 10000 })
    .catch(() => undefined);
  await close.waitFor({ state: 'hidden', timeout: 10000 });
}
