import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_SAMPLE_RATE_HZ, audioSamples, playSignal, resampleLinear } from './audio';
import {
  addToCompareBasket,
  clearCompareBasket,
  COMPARE_BASKET_CHANGED_EVENT,
  COMPARE_BASKET_KEY,
  COMPARE_BASKET_MAX,
  compareBasketSchema,
  readCompareBasket,
  type CompareItem,
} from './compareBasket';
import { exportFileName, toCsv, toSvg } from './download';
import { hzToRpm } from '@overtone/dsp';
import { DEFAULT_HARMONIC_COUNT, harmonicsHz, MAX_HARMONIC_COUNT, stepIndex, toDb, zoomForKey } from './spectrumMath';
import { applyWindow, removeMean } from './timeSignal';

describe('harmonics', () => {
  it('are k·f0 for k = 1..n, 5 by default, at most 10', () => {
    expect(DEFAULT_HARMONIC_COUNT).toBe(5);
    expect(harmonicsHz(25)).toEqual([25, 50, 75, 100, 125]);
    expect(harmonicsHz(29.95, 10)).toEqual(Array.from({ length: 10 }, (_, k) => (k + 1) * 29.95));
    expect(harmonicsHz(10, 25)).toHaveLength(MAX_HARMONIC_COUNT);
    expect(harmonicsHz(10, 0)).toEqual([10]);
    expect(harmonicsHz(0)).toEqual([]);
    expect(harmonicsHz(Number.NaN)).toEqual([]);
    expect(harmonicsHz(Infinity)).toEqual([]);
    expect(harmonicsHz(10, Number.NaN)).toEqual([]);
  });
});

describe('units and scales', () => {
  it('converts Hz to RPM (× 60)', () => {
    expect(hzToRpm(29.95)).toBeCloseTo(1797, 9);
    expect(hzToRpm(0)).toBe(0);
  });

  it('converts to dB as 20·log10', () => {
    expect(toDb(0.1)).toBeCloseTo(-20, 12);
    expect(toDb(100)).toBeCloseTo(40, 12);
  });
});

describe('keyboard arithmetic', () => {
  it('steps 1 and jumps 10 lines, clamped to the data', () => {
    expect(stepIndex(5, 'ArrowRight', false, 100)).toBe(6);
    expect(stepIndex(5, 'ArrowLeft', false, 100)).toBe(4);
    expect(stepIndex(5, 'ArrowRight', true, 100)).toBe(15);
    expect(stepIndex(5, 'ArrowLeft', true, 100)).toBe(0);
    expect(stepIndex(95, 'ArrowRight', true, 100)).toBe(99);
    expect(stepIndex(5, 'a', false, 100)).toBeNull();
  });

  it('zooms 0..10 and Enter resets', () => {
    expect(zoomForKey(0, 'ArrowDown')).toBe(0);
    expect(zoomForKey(0, 'ArrowUp')).toBe(1);
    expect(zoomForKey(10, 'ArrowUp')).toBe(10);
    expect(zoomForKey(7, 'Enter')).toBe(0);
    expect(zoomForKey(7, 'x')).toBeNull();
  });
});

describe('time signal', () => {
  it('removes the DC offset', () => {
    const out = removeMean([2.5, 3.5, 2.5, 3.5]);
    expect([...out]).toEqual([-0.5, 0.5, -0.5, 0.5]);
  });

  it('applies a window (Hanning: 0 at the ends, 1 in the middle)', () => {
    const w = applyWindow([1, 1, 1, 1, 1], 'hanning');
    expect(w[0]).toBeCloseTo(0, 12);
    expect(w[2]).toBeCloseTo(1, 12);
    expect(w[4]).toBeCloseTo(0, 12);
    expect([...applyWindow([1, 2], 'rectangular')]).toEqual([1, 2]);
  });
});

describe('audio', () => {
  it('resamples to 44.1 kHz keeping the duration', () => {
    expect(AUDIO_SAMPLE_RATE_HZ).toBe(44100);
    const one = resampleLinear(new Array(25600).fill(0), 25600, 44100);
    expect(one.length).toBe(44100);
    expect(resampleLinear([0, 1, 2, 3], 2, 4).length).toBe(8);
    expect([...resampleLinear([0, 1, 2, 3], 2, 4)].slice(0, 6)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
  });

  it('removes the mean and normalises to ±0.9', () => {
    const s = audioSamples([1, 3, 1, 3], 44100);
    expect([...s].map((v) => +v.toFixed(6))).toEqual([-0.9, 0.9, -0.9, 0.9]);
    expect([...audioSamples([2, 2, 2], 44100)]).toEqual([0, 0, 0]);
  });

  it('plays a buffer at 44.1 kHz and stops once', () => {
    const source = {
      buffer: null as unknown,
      onended: null as null | (() => void),
      connect: vi.fn(),
      start: vi.fn(),
      stop: vi.fn(),
    };
    const copyToChannel = vi.fn();
    const ctx = {
      createBuffer: vi.fn((_c: number, length: number, rate: number) => ({ length, sampleRate: rate, copyToChannel })),
      createBufferSource: vi.fn(() => source),
      destination: {},
      close: vi.fn(() => Promise.resolve()),
    };
    const ended = vi.fn();
    const p = playSignal(
      new Array(12800).fill(0).map((_, i) => Math.sin(i)),
      12800,
      ended,
      () => ctx as never,
    );
    expect(ctx.createBuffer).toHaveBeenCalledWith(1, 44100, 44100);
    expect(source.start).toHaveBeenCalled();
    expect(p.durationS).toBeCloseTo(1, 9);
    p.stop();
    p.stop();
    expect(source.stop).toHaveBeenCalledTimes(1);
    expect(ctx.close).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('exports', () => {
  it('writes CSV with a header and one line per sample', () => {
    expect(
      toCsv(
        ['time_s', 'acceleration_g'],
        [
          [0, 0.5],
          [1, -2],
        ],
      ),
    ).toBe('"time_s","acceleration_g"\n0,1\n0.5,-2\n');
    expect(toCsv(['a'], [[1, null]])).toBe('"a"\n1\n\n');
  });

  it('escapes header cells that a spreadsheet would run as a formula (point names become headers)', () => {
    expect(toCsv(['=cmd|"/c calc"!A1', '-axis'], [[-1], [2]])).toBe(`"'=cmd|""/c calc""!A1","'-axis"\n-1,2\n`);
  });

  it('names files by date-time on the customer clock', () => {
    const at = new Date(Date.UTC(2026, 10, 23, 6, 5, 7));
    expect(exportFileName('x_spectrum', 'csv', 180, at)).toBe('23-11-2026_09-05-07_x_spectrum.csv');
    expect(exportFileName('x_spectrum', 'png', 180, at)).toBe('23-11-2026_09-05-07_x_spectrum.png');
    expect(exportFileName('x_spectrum', 'svg', -270, at)).toBe('23-11-2026_01-35-07_x_spectrum.svg');
  });

  it('builds an SVG polyline of the visible points', () => {
    const svg = toSvg({
      series: [{ x: [0, 5, 10, 20], y: [0, 1, 0.5, 3], color: '#123456' }],
      xRange: [0, 10],
      yRange: [0, 1],
      xLabel: 'Hz',
      yLabel: 'g <rms>',
      width: 170,
      height: 112,
    });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<polyline/g)).toHaveLength(1);
    // plot 84 × 56 at (70, 12): x 0 → 70, 10 → 154; y 0 → 68, 1 → 12
    expect(svg).toContain('points="70.00,68.00 112.00,12.00 154.00,40.00"');
    expect(svg).toContain('g &lt;rms&gt;');
  });
});

describe('compare basket', () => {
  afterEach(() => localStorage.clear());
  const item = (n: number): CompareItem => ({
    measurementId: `m${n}`,
    pointName: 'Motor',
    date: '2026-11-23T10:00:00.000Z',
    channel: 'accelerometer_x',
    fft: { x: [0, 1], y: [0.1, 0.2], unit: 'g', window: 'hanning', amplitude: 'grms' },
    time: { samplingRateHz: 100, y: [1, 2, 3] },
  });

  it('keeps at most 5 items, replaces the same measurement and channel, and announces changes', () => {
    const events: (string | null)[] = [];
    const listener = (e: StorageEvent) => events.push(e.key);
    window.addEventListener('storage', listener);
    const changed = vi.fn();
    window.addEventListener(COMPARE_BASKET_CHANGED_EVENT, changed);
    for (let n = 1; n <= COMPARE_BASKET_MAX; n++) expect(addToCompareBasket(item(n))).toBe('added');
    expect(addToCompareBasket(item(6))).toBe('full');
    expect(addToCompareBasket({ ...item(2), pointName: 'Pump' })).toBe('replaced');
    const stored = JSON.parse(localStorage.getItem(COMPARE_BASKET_KEY)!);
    expect(compareBasketSchema.parse(stored)).toHaveLength(5);
    expect(readCompareBasket().map((i) => i.measurementId)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(readCompareBasket()[1].pointName).toBe('Pump');
    expect(events).toEqual(Array(6).fill(COMPARE_BASKET_KEY));
    expect(changed).toHaveBeenCalledTimes(6);
    window.removeEventListener(COMPARE_BASKET_CHANGED_EVENT, changed);
    clearCompareBasket();
    expect(readCompareBasket()).toEqual([]);
    window.removeEventListener('storage', listener);
  });

  it('reads an unreadable value as empty', () => {
    localStorage.setItem(COMPARE_BASKET_KEY, '{"nope":1}');
    expect(readCompareBasket()).toEqual([]);
  });
});
