import { afterAll, describe, expect, it } from 'vitest';
import { senseway } from '@overtone/contract';
import { createDspPool } from './dsp-pool.ts';
import { runDspTask, type MeasurementAnalysis } from './dsp-tasks.ts';

/** 3 × 2 000 int16 X,Y,Z samples of three tones (a measurement's raw bytes as ingest stores them). */
function measurementBytes(n = 2000): Uint8Array {
  const counts = new Int16Array(3 * n);
  for (let i = 0; i < n; i++)
    for (let axis = 0; axis < 3; axis++)
      counts[3 * i + axis] = Math.round(4000 * Math.sin((2 * Math.PI * (50 + 25 * axis) * i) / 12000));
  return new Uint8Array(counts.buffer);
}

describe('createDspPool', () => {
  const pool = createDspPool(1);
  afterAll(() => pool.close());
  const task = (bytes: Uint8Array) => ({ kind: 'measurementTelemetry' as const, bytes, rangeIndex: 2, samplingRateHz: 12000 });

  it("moves a task's own buffer to the worker (detached here) and answers as on this thread", async () => {
    const bytes = measurementBytes();
    const expected = runDspTask(task(bytes.slice()));
    const got = await pool.run<MeasurementAnalysis['telemetry']>(task(bytes));
    expect(got).toEqual(expected);
    expect(bytes.byteLength).toBe(0); // moved, not copied
  });

  it('copies a view into a larger buffer instead of taking the buffer from its other users', async () => {
    const whole = new Uint8Array(12 + measurementBytes().length);
    whole.set(measurementBytes(), 12);
    const view = whole.subarray(12);
    const expected = runDspTask(task(view.slice()));
    const got = await pool.run<MeasurementAnalysis['telemetry']>(task(view));
    expect(got).toEqual(expected);
    expect(whole.byteLength).toBe(12 + 6 * 2000);
    expect(senseway.decodeTriaxial(view, 2).x.length).toBe(2000); // still readable
  });

  it('moves an array given in two fields once (a polar or orbit plot of one axis against itself)', async () => {
    const signal = Float64Array.from({ length: 1024 }, (_, i) => Math.sin((2 * Math.PI * 50 * i) / 1000));
    const request = {
      kind: 'orbit' as const,
      signal,
      signal2: signal,
      samplingRateHz: 1000,
      window: 'hanning' as const,
      removeDc: true,
      referenceFrequencyHz: 50,
    };
    const expected = runDspTask({ ...request, signal: signal.slice(), signal2: signal.slice() });
    expect(await pool.run(request)).toEqual(expected);
  });
});
