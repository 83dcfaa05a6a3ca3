import { describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyPreloadable } from './lazyPreloadable';

const Chart = ({ label }: { label: string }) => <div data-testid="chart">{label}</div>;

describe('lazyPreloadable', () => {
  it('renders a preloaded component in the first commit, without its fallback', async () => {
    const chunk = lazyPreloadable(async () => ({ default: Chart }));
    await chunk.preload();
    render(
      <Suspense fallback={<div data-testid="fallback" />}>
        <chunk.Component label="spectrum" />
      </Suspense>,
    );
    // synchronously after render: no suspension, no 300 ms reveal throttle
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('chart').textContent).toBe('spectrum');
  });

  it('suspends as React.lazy does when the module is not in yet, then shows it', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((r) => (release = r));
    let loads = 0;
    const chunk = lazyPreloadable(async () => {
      loads++;
      await loaded;
      return { default: Chart };
    });
    render(
      <Suspense fallback={<div data-testid="fallback" />}>
        <chunk.Component label="time" />
      </Suspense>,
    );
    expect(screen.getByTestId('fallback')).toBeTruthy();
    void chunk.preload(); // the same load, not a second one
    await act(async () => release());
    expect(await screen.findByTestId('chart')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let fail = true;
    const chunk = lazyPreloadable(async () => {
      if (fail) throw new Error('chunk gone');
      return { default: Chart };
    });
    await expect(chunk.preload()).rejects.toThrow('chunk gone');
    fail = false;
    await expect(chunk.preload()).resolves.toMatchObject({ default: Chart });
  });
});
