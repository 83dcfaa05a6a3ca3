import { act } from '@testing-library/react';

/**
 * Ticks the ALTCHA widget inside `[data-testid=testId]` as the real one does when its proof of
 * work is done: a `statechange` event with state `verified` and the payload. (Tests mock the
 * `altcha` module: the widget needs a worker and a server.)
 */
export function verifyCaptcha(testId: string, payload: string): void {
  const widget = document.querySelector(`[data-testid="${testId}"] altcha-widget`);
  if (!widget) throw new Error(`no captcha ${testId}`);
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
  });
}
