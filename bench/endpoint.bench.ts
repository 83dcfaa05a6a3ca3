/**
 * `POST /api/vibration/signal/spectrum` with a 50 000-sample body (a real CWRU record) on this
 * machine: requests/s and latency under autocannon (2 connections, the DSP pool on every core),
 * (autocannon in its own process), and where one request's time goes (JSON parse of the body, the computation, JSON of the answer),
 * each measured in the same run. Ratio: one request's server time over the bare computation, for
 * the JSON body, the binary body (float32 LE, settings in the query; docs/signals.md) with a JSON
 * answer, and the binary body with a binary answer (Accept: application/octet-stream).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { encodeFloat32Body } from '@overtone/contract';
import { amplitudeSpectrum } from '@overtone/dsp';
import { startServer } from '../apps/server/src/server.ts';
import { login, testServerConfig } from '../apps/server/test/support/test-server.ts';
import { median, timeBatches } from './timing.ts';

const N = 50_000;
const time = (fn: () => unknown) => median(timeBatches(() => void fn(), { warmup: 3, targetMs: 20, batches: 20 }));

export default async function endpointBench() {
  const f32 = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/gateway-sim/recordings/cwru/cwru_105_IR007_0HP_DE.f32'));
  const signal = Array.from(new Float32Array(f32.buffer, f32.byteOffset, N));
  const body = JSON.stringify({
    half: true,
    dcOffset: true,
    window: 'hanning',
    mode: 'accelerometer',
    signal,
    samplingRate: 12000,
  });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-'));
  // No template here (benchmarks have no global setup): a fresh in-memory database, migrated and seeded.
  const server = await startServer(testServerConfig(dataDir), { inMemoryDb: true });
  try {
    const token = await login(server.url);
    const url = `${server.url}/api/vibration/signal/spectrum`;
    const headers = { 'content-type': 'application/json', token };
    // warm-up (JIT, worker start)
    for (let i = 0; i < 5; i++) await fetch(url, { method: 'POST', headers, body });
    // The load generator runs in its own process so it does not share the server's event loop. Its
    // programmatic API is used there, with the body read as bytes: the CLI's `-i` reads the file as
    // UTF-8 text, which mangles a float32 body (its length changes; the requests then time out).
    const lib = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
    const runner = `const [lib, url, file, headers, connections] = process.argv.slice(1);
require(lib)({ url, method: 'POST', connections: Number(connections), duration: 10, headers: JSON.parse(headers),
  body: require('node:fs').readFileSync(file) }, (err, res) => {
  if (err) { console.error(err); process.exit(1); }
  process.stdout.write(JSON.stringify(res));
});`;
    // The server's own time per request: from its request's headers arriving to the last byte of its
    // answer handed to the socket ('finish'), for the analysis requests of the running phase.
    let serverTimes: number[] = [];
    server.app.server.on('request', (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
      if (!req.url?.startsWith('/api/vibration/signal/')) return;
      const t0 = performance.now();
      res.once('finish', () => serverTimes.push(performance.now() - t0));
    });
    const load = async (target: string, bodyFile: string, headerArgs: string[], connections = 2) => {
      serverTimes = [];
      const headerMap = Object.fromEntries([...headerArgs, `token=${token}`].map((h) => h.split(/=(.*)/s).slice(0, 2)));
      // async: the server answering the load lives in this process
      const run = await promisify(execFile)(
        process.execPath,
        ['-e', runner, lib, target, bodyFile, JSON.stringify(headerMap), String(connections)],
        {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const r = JSON.parse(run.stdout) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        errors: number;
        non2xx: number;
      };
      return { ...r, serverMs: median(serverTimes), connections };
    };
    const bodyFile = path.join(dataDir, 'body.json');
    fs.writeFileSync(bodyFile, body);
    const result = await load(url, bodyFile, ['content-type=application/json']);
    // The binary body (docs/signals.md): float32 LE samples, the settings in the query string.
    const binary = Buffer.from(encodeFloat32Body(signal));
    const binFile = path.join(dataDir, 'body.f32');
    fs.writeFileSync(binFile, binary);
    const binUrl = `${url}?half=true&dcOffset=true&window=hanning&mode=accelerometer&samplingRate=12000`;
    const binHeaders = { 'content-type': 'application/octet-stream', token };
    for (let i = 0; i < 5; i++) await fetch(binUrl, { method: 'POST', headers: binHeaders, body: binary });
    const probe = await fetch(binUrl, {
      method: 'POST',
      headers: { ...binHeaders, accept: 'application/octet-stream' },
      body: binary,
    });
    if (probe.status !== 200) throw new Error(`binary body answered ${probe.status}`);
    const binaryAnswerBytes = (await probe.arrayBuffer()).byteLength;
    const binJson = await load(binUrl, binFile, ['content-type=application/octet-stream']);
    const binBin = await load(binUrl, binFile, ['content-type=application/octet-stream', 'accept=application/octet-stream']);
    // One request at a time: the server's time for a request without another one's computation
    // ahead of it (analyses compute ANALYSIS_CONCURRENCY at a time, one on 2 cores).
    const binBinOne = await load(
      binUrl,
      binFile,
      ['content-type=application/octet-stream', 'accept=application/octet-stream'],
      1,
    );

    const parse = time(() => JSON.parse(body));
    const compute = time(() =>
      amplitudeSpectrum({ signal: Float64Array.from(signal), samplingRateHz: 12000, window: 'hanning' }),
    );
    const s = amplitudeSpectrum({ signal: Float64Array.from(signal), samplingRateHz: 12000, window: 'hanning' });
    const answer = { results: { x: Array.from(s.frequencyHz), y: Array.from(s.amplitude), unit: s.unit } };
    const serialize = time(() => JSON.stringify(answer));
    const perRequest = (r: typeof result) => 1000 / (r.requests.average / r.connections); // per connection in flight
    const line = (label: string, r: typeof result) => {
      const ms = perRequest(r);
      console.log(
        `  ${label.padEnd(28)} server ${(r.serverMs / compute).toFixed(1).padStart(5)}× (${r.serverMs.toFixed(2)} ms)   client ${(ms / compute).toFixed(1).padStart(5)}× (${ms.toFixed(2)} ms/request, ${r.requests.average.toFixed(1)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx})`,
      );
    };

    console.log(
      `body: JSON ${(body.length / 1e6).toFixed(2)} MB, float32 ${(binary.length / 1e6).toFixed(2)} MB; answer: JSON ${(JSON.stringify(answer).length / 1e6).toFixed(2)} MB, binary ${(binaryAnswerBytes / 1e6).toFixed(2)} MB; ${os.availableParallelism()} cores`,
    );
    console.log('split of one request (ms, medians):');
    console.log(`  JSON.parse body       ${parse.toFixed(2)}`);
    console.log(`  spectrum (compute)    ${compute.toFixed(2)}   (the reference of the ratios below)`);
    console.log(`  JSON.stringify answer ${serialize.toFixed(2)}`);
    console.log(`time per request / compute, ${N} samples (target ≤ 5× with the binary body), 2 requests in flight unless said:`);
    console.log(
      '  server: median time in the server, headers in to answer out; client: connections / requests per second (autocannon, on the same cores)',
    );
    line('JSON body, JSON answer', result);
    line('binary body, JSON answer', binJson);
    line('binary body, binary answer', binBin);
    line('  the same, 1 request in flight', binBinOne);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
