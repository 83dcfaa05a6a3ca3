import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, decodeSignal, encodeFloat32Body, senseway, type Endpoint, type EndpointBody } from '@overtone/contract';
import { computeDomain, type DomainRequest } from '@overtone/dsp';
import { newId } from '../src/infra/ids.ts';
import { waveformKey } from '../src/modules/measurements/waveform.ts';
import { api, login, startTestServer } from './support/test-server.ts';
import { callApi } from './support/endpoint-client.ts';
import { createSecondTenant, OTHER_HOST } from './support/second-tenant.ts';
import { demoCustomerId } from './support/users.ts';

/**
 * The measurement's waveform travels once, in binary (docs/signals.md): GET /measurement/{id}/signal
 * and its share twin, and the three body forms of POST /vibration/signal/* (JSON, float32 binary,
 * stored measurement id + axis). On a real recording (CWRU 105, inner race, 12 kHz; three axes of
 * 24 000 samples quantised at ±8 g like a sensor's ADC): the browser's way (decode the binary, then
 * @overtone/dsp's computeDomain, as the measurement page's Web Worker does) gives exactly the
 * endpoint's answer.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
let otherToken: string;
let demoId: string;
let id: string;
let stored: Uint8Array;
const N = 24_000;
const FS = 12_000;
const RANGE = 3;
const REC = '/work/shared/data/vibration/cwru/cwru_105_IR007_0HP';

function recording(channel: string, offset: number): Float32Array {
  const b = fs.readFileSync(`${REC}_${channel}.f32`);
  return new Float32Array(b.buffer, b.byteOffset + offset * 4, N);
}

/** One raw HTTP call: the answer's bytes as sent (no decompression) and its headers. */
function raw(
  path: string,
  method: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const u = new URL(`${server.url}/api${path}`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        method,
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}
const json = (b: Buffer) => JSON.parse(b.toString('utf8')) as Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  token = await login(server.url);
  demoId = await demoCustomerId(server);
  const other = await createSecondTenant(server);
  otherToken = await login(server.url, other.email, other.password, OTHER_HOST);
  // three axes of the real recording: drive end, fan end, drive end later on
  const axes = [recording('DE', 0), recording('FE', 0), recording('DE', 60_000)].map((a) => senseway.quantizeG(a, RANGE));
  const interleaved = new Int16Array(3 * N);
  for (let i = 0; i < N; i++) for (let a = 0; a < 3; a++) interleaved[3 * i + a] = axes[a]![i]!;
  stored = new Uint8Array(interleaved.buffer);
  id = newId();
  const key = waveformKey(demoId, id);
  await server.ctx.storage.put(key, stored);
  await server.ctx.db
    .insertInto('measurements')
    .values({
      id,
      customer_id: demoId,
      object_id: id,
      point_id: null,
      device_mac: 'CA:B8:31:00:00:02',
      gateway_mac: 'CA:B8:28:00:00:01',
      user_id: null,
      measurement_type: 'MANUAL',
      state: 'persisted',
      range_index: RANGE,
      rate_index: 9,
      sample_size: N,
      calibrated_sampling_rate: FS,
      waveform_key: key,
      created_at: new Date(),
    })
    .execute();
});
afterAll(async () => server?.close());

describe('GET /measurement/{id}/signal', () => {
  it('answers the stored int16 counts with their scale, decoded exactly as the server decodes them, compressed', async () => {
    const res = await raw(`/measurement/${id}/signal`, 'GET', { token, 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-encoding']).toBe('br');
    const bytes = zlib.brotliDecompressSync(res.body);
    expect(bytes.length).toBe(32 + 3 * 16 + 3 * N * 2);
    expect(res.body.length).toBeLessThan(bytes.length);
    const s = decodeSignal(bytes);
    expect(s.samplingRateHz).toBe(FS);
    expect(s.scale).toBe(2 ** RANGE / 32768);
    expect(s.channels.map((c) => c.key)).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    const w = senseway.decodeTriaxial(stored, RANGE);
    expect(s.channels[0]!.values).toEqual(w.x);
    expect(s.channels[1]!.values).toEqual(w.y);
    expect(s.channels[2]!.values).toEqual(w.z);
  });

  it('answers one axis with ?axis=; 400 for an unknown axis; another customer’s measurement is 404', async () => {
    const one = await raw(`/measurement/${id}/signal?axis=accelerometer_y`, 'GET', { token });
    const s = decodeSignal(one.body);
    expect(s.channels.map((c) => c.key)).toEqual(['accelerometer_y']);
    expect(s.channels[0]!.values).toEqual(senseway.decodeTriaxial(stored, RANGE).y);
    const bad = await raw(`/measurement/${id}/signal?axis=accelerometer_w`, 'GET', { token });
    expect(bad.status).toBe(400);
    expect(json(bad.body).errors).toEqual([expect.objectContaining({ msg: expect.any(String) })]);
    expect(
      (await callApi(server.url, otherToken, ENDPOINTS.getMeasurementSignal, { params: { id }, host: OTHER_HOST })).status,
    ).toBe(404);
  });

  it('GET /measurement/{id}?samples=none answers the detail without the samples (measurementData still lists the axes)', async () => {
    const res = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id }, query: { samples: 'none' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({});
    expect(res.body.measurementData.map((d) => d.key)).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z']);
    const full = await callApi(server.url, token, ENDPOINTS.getMeasurement, { params: { id } });
    expect(full.body.data.accelerometer_x).toHaveLength(N);
  });

  it('the share link reads its own measurement’s signal (other ids 404)', async () => {
    const share = (await callApi(server.url, token, ENDPOINTS.createShareLink, { body: { measurementId: id } })).body.token;
    const res = await raw(`/share/measurement/${id}/signal`, 'GET', { token: share });
    expect(res.status).toBe(200);
    expect(decodeSignal(res.body).channels[2]!.values).toEqual(senseway.decodeTriaxial(stored, RANGE).z);
    expect((await raw(`/share/measurement/${newId()}/signal`, 'GET', { token: share })).status).toBe(404);
    // the share token as the only header, as `raw` sent it (no `language`)
    const detail = await callApi(server.url, share, ENDPOINTS.getSharedMeasurement, {
      params: { id },
      query: { samples: 'none' },
      language: null,
    });
    expect(detail.body.data).toEqual({});
  });
});

describe('the browser’s domains equal the endpoint’s, in every body form', () => {
  const values = () => senseway.decodeTriaxial(stored, RANGE);
  /** An analysis' settings: its JSON body without the samples. */
  /** An analysis' settings: its JSON form's body without the samples. */
  type Settings<E extends Endpoint> = Omit<Extract<EndpointBody<E>, { signal: unknown }>, 'signal' | 'signal2'>;
  const spectrumSettings: Settings<typeof ENDPOINTS.computeSpectrum> = {
    window: 'hanning',
    mode: 'velocity',
    dcOffset: true,
    half: true,
    samplingRate: FS,
  };
  const envelopeSettings: Settings<typeof ENDPOINTS.computeEnvelopeSpectrum> = {
    window: 'hanning',
    frequencyRange: [2000, 5000],
    xlim: 500,
    samplingRate: FS,
  };
  const cepstrumSettings: Settings<typeof ENDPOINTS.computeCepstrum> = { window: 'hanning', samplingRate: FS };
  const spectrogramSettings: Settings<typeof ENDPOINTS.computeSpectrogram> = { nfft: 2048, samplingRate: FS };
  const autoCorrelationSettings: Settings<typeof ENDPOINTS.computeAutoCorrelation> = { lagSize: 1024 };
  const polarSettings: Settings<typeof ENDPOINTS.computePolar> = { referenceFrequency: 29.95, samplingRate: FS };
  const orbitSettings: Settings<typeof ENDPOINTS.computeOrbit> = { referenceFrequency: 29.95, samplingRate: FS };
  const cases: {
    path: string;
    settings: Record<string, unknown>;
    /** the JSON form: the settings and the samples */
    fromJson: (x: Float64Array, y: Float64Array) => Promise<{ status: number; body: unknown }>;
    query: string;
    request: (x: Float64Array, y: Float64Array) => DomainRequest;
  }[] = [
    {
      path: 'spectrum',
      settings: spectrumSettings,
      fromJson: (x) =>
        callApi(server.url, token, ENDPOINTS.computeSpectrum, { body: { ...spectrumSettings, signal: Array.from(x) } }),
      query: `window=hanning&mode=velocity&samplingRate=${FS}`,
      request: (x) => ({
        kind: 'spectrum',
        signal: x,
        samplingRateHz: FS,
        window: 'hanning',
        removeDc: true,
        half: true,
        mode: 'velocity',
      }),
    },
    {
      path: 'envelope',
      settings: envelopeSettings,
      fromJson: (x) =>
        callApi(server.url, token, ENDPOINTS.computeEnvelopeSpectrum, { body: { ...envelopeSettings, signal: Array.from(x) } }),
      query: `window=hanning&frequencyRange=2000,5000&xlim=500&samplingRate=${FS}`,
      request: (x) => ({
        kind: 'envelope',
        signal: x,
        samplingRateHz: FS,
        window: 'hanning',
        removeDc: true,
        bandHz: [2000, 5000],
        xlimHz: 500,
      }),
    },
    {
      path: 'cepstrum',
      settings: cepstrumSettings,
      fromJson: (x) =>
        callApi(server.url, token, ENDPOINTS.computeCepstrum, { body: { ...cepstrumSettings, signal: Array.from(x) } }),
      query: `samplingRate=${FS}`,
      request: (x) => ({ kind: 'cepstrum', signal: x, samplingRateHz: FS, window: 'hanning', removeDc: true }),
    },
    {
      path: 'spectrogram',
      settings: spectrogramSettings,
      fromJson: (x) =>
        callApi(server.url, token, ENDPOINTS.computeSpectrogram, { body: { ...spectrogramSettings, signal: Array.from(x) } }),
      query: `nfft=2048&samplingRate=${FS}`,
      request: (x) => ({
        kind: 'spectrogram',
        signal: x,
        samplingRateHz: FS,
        window: 'hanning',
        removeDc: true,
        nfft: 2048,
        overlap: 0.5,
      }),
    },
    {
      path: 'auto-correlation',
      settings: autoCorrelationSettings,
      fromJson: (x) =>
        callApi(server.url, token, ENDPOINTS.computeAutoCorrelation, {
          body: { ...autoCorrelationSettings, signal: Array.from(x) },
        }),
      query: 'lagSize=1024',
      request: (x) => ({ kind: 'autocorrelation', signal: x, window: 'rectangular', lagSize: 1024 }),
    },
    {
      path: 'polar-analyze',
      settings: polarSettings,
      fromJson: (x) => callApi(server.url, token, ENDPOINTS.computePolar, { body: { ...polarSettings, signal: Array.from(x) } }),
      query: `referenceFrequency=29.95&samplingRate=${FS}`,
      request: (x) => ({
        kind: 'polar',
        signal: x,
        samplingRateHz: FS,
        window: 'rectangular',
        removeDc: true,
        referenceFrequencyHz: 29.95,
      }),
    },
    {
      path: 'orbit-analyze',
      settings: orbitSettings,
      fromJson: (x, y) =>
        callApi(server.url, token, ENDPOINTS.computeOrbit, {
          body: { ...orbitSettings, signal: Array.from(x), signal2: Array.from(y) },
        }),
      query: `referenceFrequency=29.95&samplingRate=${FS}`,
      request: (x, y) => ({
        kind: 'orbit',
        signal: x,
        signal2: y,
        samplingRateHz: FS,
        window: 'rectangular',
        removeDc: true,
        referenceFrequencyHz: 29.95,
      }),
    },
  ];
  /** The dsp result as its JSON answer's numbers (typed arrays → arrays). */
  const plain = (v: unknown): unknown =>
    ArrayBuffer.isView(v)
      ? Array.from(v as Float64Array)
      : Array.isArray(v)
        ? v.map(plain)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
          : v;

  for (const c of cases)
    it(`${c.path}: JSON samples, float32 binary body and measurementId + axis all answer computeDomain of the decoded signal`, async () => {
      const w = values();
      const orbit = c.path === 'orbit-analyze';
      const expected = plain(computeDomain(c.request(w.x, w.y))) as Record<string, unknown>;
      const want = expected;
      const fromJson = await c.fromJson(w.x, w.y);
      const binary = await raw(
        `/vibration/signal/${c.path}?${c.query}`,
        'POST',
        { token, 'content-type': 'application/octet-stream' },
        orbit ? encodeFloat32Body(w.x, w.y) : encodeFloat32Body(w.x),
      );
      const fromStored = await api(server.url, token, 'POST', `/vibration/signal/${c.path}`, {
        ...c.settings,
        samplingRate: undefined,
        measurementId: id,
        axis: 'accelerometer_x',
        ...(orbit ? { axis2: 'accelerometer_y' } : {}),
      });
      expect(fromJson.status).toBe(200);
      expect(binary.status).toBe(200);
      expect(fromStored.status).toBe(200);
      const unwrap = (b: unknown) => ((b as { results?: unknown }).results ?? b) as Record<string, unknown>;
      expect(unwrap(fromJson.body)).toEqual(want);
      expect(unwrap(json(binary.body))).toEqual(want);
      expect(unwrap(fromStored.body)).toEqual(want);
    });

  it('a binary answer (Accept: application/octet-stream) carries the same spectrum as float64 channels x, y', async () => {
    const w = values();
    const res = await raw(
      `/vibration/signal/spectrum?samplingRate=${FS}`,
      'POST',
      { token, 'content-type': 'application/octet-stream', accept: 'application/octet-stream' },
      encodeFloat32Body(w.x),
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-unit']).toBe('g');
    const s = decodeSignal(res.body);
    const e = computeDomain({
      kind: 'spectrum',
      signal: w.x,
      samplingRateHz: FS,
      window: 'hanning',
      removeDc: true,
      half: true,
      mode: 'accelerometer',
    });
    expect(s.channels.map((ch) => ch.key)).toEqual(['x', 'y']);
    expect(s.channels[0]!.values).toEqual(e.x);
    expect(s.channels[1]!.values).toEqual(e.y);
  });
});

describe('bad binary and stored-signal requests answer 400 / 404 / 413, never 500', () => {
  const post = (query: string, body: Uint8Array, headers: Record<string, string> = {}) =>
    raw(`/vibration/signal/spectrum?${query}`, 'POST', { token, 'content-type': 'application/octet-stream', ...headers }, body);

  it('a body that is not float32 samples, a NaN, one sample, a bad setting: 400 {errors:[{msg}]}', async () => {
    for (const [query, body] of [
      [`samplingRate=${FS}`, new Uint8Array(7)],
      [`samplingRate=${FS}`, encodeFloat32Body([1, Number.NaN, 2])],
      [`samplingRate=${FS}`, encodeFloat32Body([1])],
      [`samplingRate=${FS}&window=triangle`, encodeFloat32Body([1, 2, 3])],
      ['samplingRate=abc', encodeFloat32Body([1, 2, 3])],
      ['', encodeFloat32Body([1, 2, 3])],
    ] as const) {
      const res = await post(query, body);
      expect(res.status, query).toBe(400);
      expect(json(res.body).errors).toEqual([expect.objectContaining({ msg: expect.any(String) })]);
    }
  });

  it('a binary body above the limit answers 413', async () => {
    const res = await post(`samplingRate=${FS}`, new Uint8Array(8_000_004));
    expect(res.status).toBe(413);
  });

  it('measurementId + axis: an unknown axis 400, another customer’s or a missing measurement 404, an orbit without axis2 400', async () => {
    const bad = await api(server.url, token, 'POST', '/vibration/signal/spectrum', { measurementId: id, axis: 'w' });
    expect(bad.status).toBe(400);
    const missing = await api(server.url, token, 'POST', '/vibration/signal/spectrum', {
      measurementId: newId(),
      axis: 'accelerometer_x',
    });
    expect(missing.status).toBe(404);
    const other = await api(
      server.url,
      otherToken,
      'POST',
      '/vibration/signal/spectrum',
      { measurementId: id, axis: 'accelerometer_x' },
      { host: OTHER_HOST },
    );
    expect(other.status).toBe(404);
    const orbit = await api(server.url, token, 'POST', '/vibration/signal/orbit-analyze', {
      measurementId: id,
      axis: 'accelerometer_x',
      referenceFrequency: 30,
    });
    expect(orbit.status).toBe(400);
  });
});
