import { describe, expect, it } from 'vitest';
import { bundledRecordingsDir } from './plant.ts';
import { loadRecording, readRecordingIndex } from './recordings.ts';

interface SidecarChannel {
  channel: string;
  stats_float32: { mean: number; rms: number; peak_abs: number };
}

describe('bundled recordings', () => {
  it('list the four CWRU records of the simulated plant', async () => {
    const ids = (await readRecordingIndex(bundledRecordingsDir)).map((r) => r.id);
    expect(ids).toEqual(['cwru-097', 'cwru-105', 'cwru-118', 'cwru-130']);
  });

  it.each([
    ['cwru-097', null],
    ['cwru-105', 'inner_race'],
    ['cwru-118', 'ball'],
    ['cwru-130', 'outer_race'],
  ])('%s names its seeded fault (%s; null: the normal baseline)', async (id, fault) => {
    expect((await loadRecording(bundledRecordingsDir, id)).fault).toBe(fault);
  });

  it.each([
    ['cwru-097', 48000],
    ['cwru-105', 12000],
    ['cwru-118', 12000],
    ['cwru-130', 12000],
  ])('%s loads at %i Hz with channels whose mean, rms and peak match the sidecar', async (id, fs) => {
    const r = await loadRecording(bundledRecordingsDir, id);
    expect(r.samplingRateHz).toBe(fs);
    expect(r.length).toBe(120000);
    for (const c of r.sidecar.channels as SidecarChannel[]) {
      const x = r.channels.get(c.channel)!;
      let sum = 0,
        sq = 0,
        peak = 0;
      for (const v of x) {
        sum += v;
        sq += v * v;
        peak = Math.max(peak, Math.abs(v));
      }
      expect(sum / x.length).toBeCloseTo(c.stats_float32.mean, 6);
      expect(Math.sqrt(sq / x.length)).toBeCloseTo(c.stats_float32.rms, 6);
      expect(peak).toBe(c.stats_float32.peak_abs);
    }
  });

  it('caches decimated channels and decimates to ceil(N / q) samples', async () => {
    const r = await loadRecording(bundledRecordingsDir, 'cwru-097');
    const a = r.channelAt('DE', 4);
    expect(a.length).toBe(30000);
    expect(r.channelAt('DE', 4)).toBe(a);
    expect(r.channelAt('FE', 7).length).toBe(Math.ceil(120000 / 7));
    expect(() => r.channelAt('XX', 1)).toThrow(/no channel XX/);
  });

  it('refuses a record that is not listed', async () => {
    await expect(loadRecording(bundledRecordingsDir, 'cwru-999')).rejects.toThrow(/not listed/);
  });
});
