import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { niceStep, renderSpectrumImage, spectrumLayout, type SpectrumImageInput } from './spectrum-image.ts';

/** A flat envelope spectrum 0…1000 Hz (0.25 Hz bins) with one narrow line at 162.2 Hz (a BPFI). */
function input(overrides: Partial<SpectrumImageInput> = {}): SpectrumImageInput {
  const n = 4001;
  const frequencyHz = new Float64Array(n).map((_, i) => i * 0.25);
  const amplitude = new Float64Array(n).fill(0.002);
  amplitude[Math.round(162.2 / 0.25)] = 0.05;
  return {
    frequencyHz,
    amplitude,
    unit: 'g',
    title: 'Envelope spectrum — x',
    marks: [],
    widthPx: 900,
    heightPx: 400,
    ...overrides,
  };
}

/** RGB pixels of a PNG. */
async function pixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Pixels of column `x` between rows y0…y1 that are reddish (the mark colour #d4380d). */
function redPixelsInColumn(p: Awaited<ReturnType<typeof pixels>>, x: number, y0: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y++) {
    const i = (y * p.width + x) * p.channels;
    if (p.data[i] > 150 && p.data[i + 1] < 120 && p.data[i + 2] < 100) count++;
  }
  return count;
}

// The first render loads the fonts (1–2 s on the shared 2-core machine).
describe('renderSpectrumImage', { timeout: 20_000 }, () => {
  it('is an opaque PNG of the asked size', async () => {
    const png = await renderSpectrumImage(input({ widthPx: 1264, heightPx: 520 }));
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([1264, 520]);
    expect(meta.hasAlpha).toBe(false);
  });

  it('marks an evidence line with a dashed red line at its frequency; an unmarked render has none there', async () => {
    const mark = { frequencyHz: 400, label: 'BPFO 400.0 Hz' };
    const marked = await pixels(await renderSpectrumImage(input({ marks: [mark] })));
    const plain = await pixels(await renderSpectrumImage(input()));
    const L = spectrumLayout(input());
    const x = Math.round(L.xOf(400));
    const inPlot = [L.top + 2, L.top + L.height - 2] as const;
    expect(redPixelsInColumn(plain, x, ...inPlot)).toBe(0);
    // Dashed 5 on, 3 off: well over half of the plot's height is red.
    expect(redPixelsInColumn(marked, x, ...inPlot)).toBeGreaterThan(L.height * 0.4);
    // Far from the mark, the two renders agree.
    const farX = Math.round(L.xOf(800));
    expect(redPixelsInColumn(marked, farX, ...inPlot)).toBe(0);
    // The label is drawn above the plot, centred on the mark.
    expect(redPixelsInColumn(marked, x, 0, L.top)).toBeGreaterThan(0);
  });

  it('keeps a one-bin line visible although 4,000 bins share about 800 pixel columns', async () => {
    const p = await pixels(await renderSpectrumImage(input()));
    const L = spectrumLayout(input());
    const x = Math.round(L.xOf(162.2));
    const peakY = Math.round(L.yOf(0.05));
    let blue = 0;
    for (let dx = -1; dx <= 1; dx++)
      for (let y = peakY; y < peakY + 10; y++) {
        const i = (y * p.width + x + dx) * p.channels;
        if (p.data[i + 2] > 150 && p.data[i] < 120) blue++;
      }
    expect(blue).toBeGreaterThan(3);
  });

  it('leaves out marks beyond the frequency axis and limits the axis to xMaxHz', async () => {
    const L = spectrumLayout(input({ xMaxHz: 500 }));
    expect(L.xMaxHz).toBe(500);
    expect(L.xOf(500)).toBeCloseTo(L.left + L.width);
    expect(L.yMax).toBeGreaterThanOrEqual(0.05);
    await expect(renderSpectrumImage(input({ xMaxHz: 500, marks: [{ frequencyHz: 900, label: 'x' }] }))).resolves.toBeInstanceOf(
      Buffer,
    );
  });

  it('rejects bad input with RangeError', async () => {
    await expect(renderSpectrumImage(input({ amplitude: new Float64Array(3) }))).rejects.toThrow(RangeError);
    await expect(renderSpectrumImage(input({ widthPx: 50 }))).rejects.toThrow(RangeError);
    await expect(renderSpectrumImage(input({ heightPx: 1000.5 }))).rejects.toThrow(RangeError);
  });
});

describe('niceStep', () => {
  it('gives 1, 2 or 5 × 10ⁿ', () => {
    expect(niceStep(1000, 8)).toBe(100);
    expect(niceStep(500, 8)).toBe(50);
    expect(niceStep(0.054, 5)).toBeCloseTo(0.01);
    expect(niceStep(0.054, 3)).toBeCloseTo(0.02);
    expect(niceStep(0, 5)).toBe(1);
  });
});
