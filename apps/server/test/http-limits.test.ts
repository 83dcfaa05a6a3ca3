import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MAX_SIGNAL_SAMPLES } from '@overtone/contract';
import { ANALYSIS_ADMITTED } from '../src/modules/analysis/routes.ts';
import { request, startTestServer } from './support/test-server.ts';
import { adminToken } from './support/http-session.ts';

/**
 * Bounded work per request (issue 14): the largest analysis requests, several at once, neither stall
 * the server's other answers nor queue without bound.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await adminToken(server);
});
afterAll(async () => server?.close());

/**
 * The clients run in worker threads: the server runs on this test's main thread, and the clients'
 * own work (building 19 MB bodies, reading the answers) must not be counted against it; the health
 * probe has a thread of its own, so reading the large answers does not delay its clock either.
 * - role `load`: builds one max-size body, sends it to each of `analyses` at once, reports each
 *   answer's status, code, Retry-After and size;
 * - role `probe`: asks GET /api/health every 10 ms until told to stop, reports the latencies (ms).
 */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { baseUrl, token, samples, analyses, role } = workerData;
const u = new URL(baseUrl);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function req(method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const r = http.request({ method, hostname: u.hostname, port: u.port, path, agent,
      headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    r.on('error', reject);
    if (body) r.write(body);
    r.end();
  });
}
async function load() {
  const parts = new Array(samples);
  for (let i = 0; i < samples; i++) parts[i] = String(Math.sin(i * 0.1) + Math.random() * 1e-3);
  const body = Buffer.from('{"samplingRate":25600,"signal":[' + parts.join(',') + ']}');
  parentPort.postMessage({ ready: true });
  await new Promise((r) => parentPort.once('message', r));
  const answers = await Promise.all(analyses.map((a) =>
    req('POST', '/api/vibration/signal/' + a, body, { token, language: 'en', 'content-type': 'application/json' }).then((r) => ({
      status: r.status,
      code: r.status === 200 ? null : JSON.parse(r.body.toString()).code,
      retryAfter: r.headers['retry-after'] ?? null,
      bytes: r.body.length,
      head: r.body.subarray(0, 24).toString(),
    }))));
  parentPort.postMessage({ answers });
}
async function probe() {
  let stop = false;
  parentPort.once('message', () => (stop = true));
  await req('GET', '/api/health');
  const latencies = [];
  while (!stop) {
    const t0 = performance.now();
    const res = await req('GET', '/api/health');
    if (res.status !== 200) throw new Error('health ' + res.status);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ latencies });
}
(role === 'load' ? load() : probe()).catch((e) => parentPort.postMessage({ error: String((e && e.stack) || e) }));
`;

type Answer = { status: number; code: string | null; retryAfter: string | null; bytes: number; head: string };

function client(role: 'load' | 'probe', analyses: string[] = []) {
  const worker = new Worker(CLIENT, {
    eval: true,
    workerData: { baseUrl: server.url, token, samples: MAX_SIGNAL_SAMPLES, analyses, role },
  });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      worker.once('message', (m: T & { error?: string }) => (m.error ? reject(new Error(m.error)) : resolve(m)));
      worker.once('error', reject);
    });
  return { worker, next };
}

describe('heavy analyses', () => {
  it('max-size analyses at once keep GET /api/health under ~100 ms; those beyond the admitted answer 503 with Retry-After', async () => {
    const analyses = ['spectrum', 'envelope', 'cepstrum', 'spectrum', 'spectrum', 'spectrum', 'envelope', 'spectrum'];
    const load = client('load', analyses);
    await load.next(); // body built
    const probe = client('probe');
    const eld = monitorEventLoopDelay({ resolution: 10 });
    eld.enable();
    const t0 = performance.now();
    const answered = load.next<{ answers: Answer[] }>();
    load.worker.postMessage('go');
    const { answers } = await answered;
    const tookMs = performance.now() - t0;
    const probed = probe.next<{ latencies: number[] }>();
    probe.worker.postMessage('stop');
    const { latencies } = await probed;
    eld.disable();
    await Promise.all([load.worker.terminate(), probe.worker.terminate()]);
    const worst = Math.max(...latencies);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `analyses ${answers.map((a) => a.status).join(',')} in ${tookMs.toFixed(0)} ms; GET /api/health worst ${worst.toFixed(0)} ms, ` +
        `p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(0)} ms over ${latencies.length} probes; ` +
        `server event loop delay max ${(eld.max / 1e6).toFixed(0)} ms, p99 ${(eld.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBe(ANALYSIS_ADMITTED);
    for (const a of ok) {
      expect(a.head).toMatch(/^\{"results":\{"x":\[0,/);
      expect(a.bytes).toBeGreaterThan(1_000_000);
    }
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a).toMatchObject({ status: 503, code: 'ANALYSIS_BUSY' });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(latencies.length).toBeGreaterThan(20);
    // How long the server's own thread was held (event-loop delay) and how long health answers took.
    // On the idle 2-core test machine: worst ≈ 50–75 ms; before the analyses moved off the API thread:
    // 17 s. The machine is shared with other test runs, whose load shows up as scheduler gaps of a few
    // hundred ms now and then, hence the bound on the worst case is looser than on p99 / p95.
    expect(eld.percentile(99) / 1e6).toBeLessThan(100);
    expect(eld.max / 1e6).toBeLessThan(500);
    expect(sorted[Math.floor(sorted.length * 0.95)]!).toBeLessThan(100);
    expect(worst).toBeLessThan(1500);
  }, 300_000);
});

describe('analysis answers', () => {
  const post = (path: string, body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/api/vibration/signal/${path}`,
      headers: { token, language: 'en', 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it.each(['spectrum', 'cepstrum', 'envelope'])(
    'a %s that overflows (samples of ±1e308) answers 400 with a message, not 500',
    async (a) => {
      const signal = Array.from({ length: 1024 }, (_, i) => (i % 2 ? 1e308 : -1e308));
      const res = await post(a, { signal, samplingRate: 1000 });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
      expect(res.json().errors[0]).toEqual({ msg: 'The analysis gives no finite result for this signal', param: 'signal' });
    },
  );

  it('a body that is no JSON, or the wrong shape, answers 400 with messages', async () => {
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/vibration/signal/spectrum',
      headers: { token, language: 'en', 'content-type': 'application/json' },
      payload: '{"signal":[1,2',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].msg).toBeTruthy();
    const shape = await post('spectrum', { signal: 'x', samplingRate: -1 });
    expect(shape.statusCode).toBe(400);
    expect(new Set(shape.json().errors.map((e: { param: string }) => e.param))).toEqual(new Set(['samplingRate', 'signal']));
  });

  it('any other JSON route refuses a body over 1 MiB with 413', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: { token, language: 'en', 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body over 64 MiB answers 413 before it is read', async () => {
    const res = await request(`${server.url}/api/vibration/signal/spectrum`, 'POST', {
      headers: { token, 'content-type': 'application/json', 'content-length': String(65 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});
