import { readFileSync } from 'node:fs';
import net from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointBody } from '@overtone/contract';
import { ANALYSIS_ADMITTED } from '../src/modules/analysis/routes.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
});
afterAll(async () => server?.close());

describe('POST /vibration/signal/spectrum (worker pool)', () => {
  it('reads a 1 g, 100 Hz sine on a line as 1/√2 g RMS at 100 Hz, for any length (N = 1000)', async () => {
    const fs = 1000,
      n = 1000;
    const signal = Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * 100 * i) / fs) + 0.5);
    const r = await callApi(server.url, token, ENDPOINTS.computeSpectrum, {
      body: { half: true, dcOffset: true, window: 'hanning', mode: 'accelerometer', signal, samplingRate: fs },
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
    const r = await callApi(server.url, token, ENDPOINTS.computeSpectrum, {
      body: { half: true, dcOffset: true, window: 'rectangular', mode: 'velocity', signal, samplingRate: fs },
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
    const anon = await callApi(server.url, null, ENDPOINTS.computeSpectrum, { body: { signal: [1, 2], samplingRate: 10 } });
    expect(anon.status).toBe(401);
  });
});

describe('admission of analysis requests', () => {
  it('a client that drops its request in flight frees its place: more drops than places, then a request is still computed', async () => {
    const signal = Array.from({ length: 50_000 }, (_, i) => Math.sin(i / 7));
    const spectrum: EndpointBody<typeof ENDPOINTS.computeSpectrum> = {
      half: true,
      dcOffset: true,
      window: 'hanning',
      mode: 'accelerometer',
      signal,
      samplingRate: 12000,
    };
    const body = JSON.stringify(spectrum);
    const { hostname, port } = new URL(server.url);
    const dropped = async () => {
      const socket = net.connect(Number(port), hostname);
      await new Promise<void>((r) => socket.once('connect', () => r()));
      const head = `POST /api/vibration/signal/spectrum HTTP/1.1\r\nHost: ${hostname}:${port}\r\ntoken: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`;
      // the whole request is sent, then the connection goes before the answer
      await new Promise<void>((r) => socket.write(head + body, () => r()));
      await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
    };
    for (let i = 0; i < ANALYSIS_ADMITTED * 2; i++) await dropped();
    await new Promise((r) => setTimeout(r, 500)); // the dropped requests' computations end
    const r = await callApi(server.url, token, ENDPOINTS.computeSpectrum, { body: spectrum });
    expect(r.status).toBe(200);
  });
});

describe('the other analysis endpoints (spec 002 §7)', () => {
  const cwru = (file: string, n: number) => {
    const f32 = readFileSync(resolve(import.meta.dirname, '../../gateway-sim/recordings/cwru', file));
    return Array.from(new Float32Array(f32.buffer, f32.byteOffset, n));
  };
  /** an invalid body, sent as it is */
  const post = (p: string, body: unknown) =>
    api<{ errors: { msg: string }[] }>(server.url, token, 'POST', `/vibration/signal/${p}`, body);

  it('envelope of the CWRU inner-race record peaks within 1 % of BPFI (162.2 Hz)', async () => {
    const r = await callApi(server.url, token, ENDPOINTS.computeEnvelopeSpectrum, {
      body: { signal: cwru('cwru_105_IR007_0HP_DE.f32', 24000), samplingRate: 12000, frequencyRange: [2000, 5500], xlim: 500 },
    });
    expect(r.status).toBe(200);
    const { x, y } = r.body.results;
    expect(Math.max(...x)).toBeLessThanOrEqual(500);
    const k = y.indexOf(Math.max(...y.filter((_, i) => x[i] > 20)));
    expect(Math.abs(x[k] - 162.19) / 162.19).toBeLessThan(0.01);
  });

  it('cepstrum answers a quefrency axis in seconds', async () => {
    const r = await callApi(server.url, token, ENDPOINTS.computeCepstrum, {
      body: { signal: cwru('cwru_130_OR007at6_0HP_DE.f32', 12000), samplingRate: 12000 },
    });
    expect(r.status).toBe(200);
    expect(r.body.results.x[1]).toBeCloseTo(1 / 12000, 12);
    expect(r.body.results.x.length).toBe(r.body.results.y.length);
  });

  it('spectrogram answers {f, t, sxx} with sxx[f][t]', async () => {
    const r = await callApi(server.url, token, ENDPOINTS.computeSpectrogram, {
      body: { signal: cwru('cwru_118_B007_0HP_DE.f32', 12000), samplingRate: 12000, nfft: 1024 },
    });
    expect(r.status).toBe(200);
    expect(r.body.results.f.length).toBe(513);
    expect(r.body.results.sxx.length).toBe(r.body.results.f.length);
    expect(r.body.results.sxx[0].length).toBe(r.body.results.t.length);
    const bad = await post('spectrogram', { signal: [1, 2, 3], samplingRate: 10, nfft: 1000 });
    expect(bad.status).toBe(400);
  });

  it('autocorrelation is normalised with r[0] = 1 over lags 0…lagSize', async () => {
    const r = await callApi(server.url, token, ENDPOINTS.computeAutoCorrelation, {
      body: { signal: cwru('cwru_105_IR007_0HP_DE.f32', 4096), lagSize: 512 },
    });
    expect(r.status).toBe(200);
    expect(r.body.r.length).toBe(513);
    expect(r.body.lags.at(-1)).toBe(512);
    expect(r.body.r[0]).toBeCloseTo(1, 12);
    const bad = await post('auto-correlation', { signal: [1, 2, 3, 4], lagSize: 300 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].msg).toMatch(/lagSize/);
  });

  it('polar finds amplitude and phase of a synthetic 1× vector; orbit takes two axes', async () => {
    const fs = 6400,
      f = 25,
      n = 6400;
    const a = Array.from({ length: n }, (_, i) => 0.5 * Math.cos((2 * Math.PI * f * i) / fs - Math.PI / 3));
    const b = Array.from({ length: n }, (_, i) => 0.2 * Math.sin((2 * Math.PI * f * i) / fs));
    const polar = await callApi(server.url, token, ENDPOINTS.computePolar, {
      body: { signal: a, samplingRate: fs, referenceFrequency: f },
    });
    expect(polar.status).toBe(200);
    expect(polar.body.r.length).toBe(25);
    expect(new Set(polar.body.r.map((v) => v.toFixed(9))).size).toBe(1); // the same vector every revolution
    const orbit = await callApi(server.url, token, ENDPOINTS.computeOrbit, {
      body: { signal: a, signal2: b, samplingRate: fs, referenceFrequency: f },
    });
    expect(orbit.status).toBe(200);
    expect(orbit.body.x.r.length).toBe(25);
    expect(orbit.body.y.r[0]).toBeLessThan(orbit.body.x.r[0]);
    const noSpeed = await post('polar-analyze', {
      signal: a,
      samplingRate: fs,
      referenceFrequency: 0,
    });
    expect(noSpeed.status).toBe(400);
    expect(noSpeed.body.errors[0].msg).toMatch(/rotation speed/);
  });

  it('answers 413 for a signal over 1 000 000 samples', async () => {
    const res = await fetch(`${server.url}/api/vibration/signal/spectrum`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, language: 'en' },
      body: `{"samplingRate":1000,"signal":[${'0,'.repeat(1_000_000)}0]}`,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toMatch(/Too many data points/);
  });
});
