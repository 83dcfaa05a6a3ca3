import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18n from '../../core/i18n';
import { FAULT_COLORS, FAULT_MARKER_COUNT, useBearingFaultMarkers } from './BearingFaultButtons';

const bearing = { bpfo: 3.58, bpfi: 5.42, bsf: 2.36, ftf: 0.4 };

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('useBearingFaultMarkers', () => {
  it('offers all four faults at order × reference frequency, in button order, none shown', () => {
    const { result } = renderHook(() => useBearingFaultMarkers(bearing, 24.5));
    expect(result.current.available).toEqual(['bpfo', 'bpfi', 'ftf', 'bsf']);
    expect(result.current.faults.bpfi).toBeCloseTo(5.42 * 24.5, 12);
    expect(result.current.shown).toEqual([]);
    expect(result.current.markers).toEqual([]);
  });

  it('offers none without a bearing or a reference frequency, and skips zero orders', () => {
    expect(renderHook(() => useBearingFaultMarkers(null, 24.5)).result.current.available).toEqual([]);
    expect(renderHook(() => useBearingFaultMarkers(bearing, 0)).result.current.available).toEqual([]);
    expect(renderHook(() => useBearingFaultMarkers({ ...bearing, ftf: 0 }, 24.5)).result.current.available).toEqual([
      'bpfo',
      'bpfi',
      'bsf',
    ]);
  });

  it('draws 1×, 2×, 3× of each shown fault by default (spectrum), in button order, toggled by its button', () => {
    const { result } = renderHook(() => useBearingFaultMarkers({ bpfo: 3.5, bpfi: 0.4, ftf: 0, bsf: 0 }, 10));
    expect(FAULT_MARKER_COUNT).toBe(3);
    act(() => result.current.toggle('bpfi'));
    act(() => result.current.toggle('bpfo'));
    expect(result.current.shown).toEqual(['bpfi', 'bpfo']);
    const [bpfo, bpfi] = result.current.markers;
    expect(bpfo.xs).toEqual([35, 70, 105]);
    expect(bpfo.color).toBe(FAULT_COLORS.bpfo);
    expect(bpfo.label(2)).toBe('BPFO 2×');
    expect(bpfi.xs).toEqual([4, 8, 12]);
    act(() => result.current.toggle('bpfo'));
    expect(result.current.markers.map((m) => m.color)).toEqual([FAULT_COLORS.bpfi]);
  });

  it('gives k · order · reference frequency for k = 1…harmonics (envelope: 5 by default, up to 10)', () => {
    const { result, rerender } = renderHook(({ n }) => useBearingFaultMarkers({ bpfo: 3.5 }, 25, { harmonics: n }), {
      initialProps: { n: 5 },
    });
    act(() => result.current.toggle('bpfo'));
    expect(result.current.markers[0].xs).toEqual([87.5, 175, 262.5, 350, 437.5]);
    rerender({ n: 10 });
    expect(result.current.markers[0].xs).toHaveLength(10);
    expect(result.current.markers[0].xs[9]).toBeCloseTo(10 * 3.5 * 25, 9);
    rerender({ n: 2 });
    expect(result.current.markers[0].xs).toEqual([87.5, 175]);
  });

  it('keeps the faults while the orders stay the same (a refetched bearing is a new object)', () => {
    const { result, rerender } = renderHook(({ b }) => useBearingFaultMarkers(b, 24.5), { initialProps: { b: bearing } });
    const first = result.current.faults;
    rerender({ b: { ...bearing } });
    expect(result.current.faults).toBe(first);
    rerender({ b: { ...bearing, bpfo: 3.6 } });
    expect(result.current.faults).not.toBe(first);
  });
});
