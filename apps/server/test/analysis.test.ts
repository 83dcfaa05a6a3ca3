import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startTestServer } from './support/test-server.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
});
afterAll(async () => server?.close());

type Spectrum = { results: { x: number[]; y: number[]; unit: string } };

describe('POST /vibration/signal/spectrum (worker pool)', () => {
  it('reads a 1 g, 100 Hz sine on a line as 1/√2 g RMS at 100 Hz, for any length (N = 1000)', async () => {
    const fs = 1000,
      n = 1000;
    const signal = Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / fs) + 0.5);
    const r = await api<Spectrum>(server.url, token, 'POST', '/vibration/signal/spectrum', {
      half: true,
      dcOffset: true,
      window: 'hanning',
      mode: 'accelerometer',
      signal,
      samplingRate: fs,
    });
    expect(r.status).toBe(200);
    expect(r.body.results.x.length).toBe(n / 2 + 1);
    expect(r.body.results.unit).toBe('g');
    const k = r.body.results.y.indexOf(Math.max(...r.body.results.y));
    expect(r.body.results.x[k]).toBe(100);
    expect(r.body.results.y[k]).toBeCloseTo(Math.SQRT1_2, 9);
    expect(r.body.results.y[0]).toBeLessThan(1e-9); // DC removed
  });

  it('integrates to velocity in mm/s', async () => {
    const fs = 6000,
      n = 12000;
    const signal = Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / fs));
    const r = await api<Spectrum>(server.url, token, 'POST', '/vibration/signal/spectrum', {
      half: true,
      dcOffset: true,
      window: 'rectangular',
      mode: 'velocity',
      signal,
      samplingRate: fs,
    });
    const k = r.body.results.x.indexOf(100);
    expect(r.body.results.unit).toBe('mm/s');
    expect(r.body.results.y[k]).toBeCloseTo(9806.65 / (2 * Math.PI * 100 * Math.SQRT2), 6);
  });

  it('answers 400 with errors[] for bad input and 401 without a session', async () => {
    const bad = await api<{ errors: { msg: string }[] }>(server.url, token, 'POST', '/vibration/signal/spectrum', {
      signal: [1],
      samplingRate: 0,
      window: 'kaiser',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThanOrEqual(2);
    expect(bad.body.errors.map((e) => e.msg)).toContain('The signal needs at least 2 samples');
    const anon = await api(server.url, null, 'POST', '/vibration/signal/spectrum', { signal: [1, 2], samplingRate: 10 });
    expect(anon.status).toBe(401);
  });
});
