import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import '../../core/i18n';
import { AltchaCaptcha, type AltchaCaptchaHandle } from './AltchaCaptcha';

// The real widget needs a worker and a server; here the element's own methods are stubs.
vi.mock('altcha', () => ({}));

afterEach(cleanup);

describe('AltchaCaptcha start (issue 18: the user never waits for the proof of work)', () => {
  it('asks the widget to solve its challenge as soon as it is shown', () => {
    render(<AltchaCaptcha />);
    expect(document.querySelector('altcha-widget')!.getAttribute('auto')).toBe('onload');
  });

  it('starts the next proof of work right after a reset, without reporting the reset', () => {
    const onChange = vi.fn();
    const ref = createRef<AltchaCaptchaHandle>();
    render(<AltchaCaptcha ref={ref} onChange={onChange} />);
    const widget = document.querySelector('altcha-widget') as HTMLElement & { reset: () => void; verify: () => Promise<void> };
    const calls: string[] = [];
    widget.reset = vi.fn(() => {
      calls.push('reset');
      widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'unverified' } }));
    });
    widget.verify = vi.fn(async () => void calls.push('verify'));
    ref.current!.reset();
    expect(calls).toEqual(['reset', 'verify']);
    expect(onChange).not.toHaveBeenCalled();
  });
});
