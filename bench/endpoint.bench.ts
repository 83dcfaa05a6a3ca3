/**
 * `POST /api/vibration/signal/spectrum` with a 50 000-sample body (a real CWRU record) on this
 * machine: requests/s and latency under autocannon (2 connections, the DSP pool on every core),
 * (autocannon in its own process), and where one request's time goes (JSON parse of the body, the computation, JSON of the answer),
 * each measured in the same run. Ratio: one request's server time over the bare computation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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
    // The load generator runs in its own process so it does not share the server's event loop.
    const bodyFile = path.join(dataDir, 'body.json');
    fs.writeFileSync(bodyFile, body);
    const cli = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');
    // async: the server answering the load lives in this process
    const run = await promisify(execFile)(
      process.execPath,
      [
        cli,
        '-j',
        '-c',
        '2',
        '-d',
        '10',
        '-m',
        'POST',
        '-H',
        'content-type=application/json',
        '-H',
        `token=${token}`,
        '-i',
        bodyFile,
        url,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const result = JSON.parse(run.stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    };

    const parse = time(() => JSON.parse(body));
    const compute = time(() =>
      amplitudeSpectrum({ signal: Float64Array.from(signal), samplingRateHz: 12000, window: 'hanning' }),
    );
    const s = amplitudeSpectrum({ signal: Float64Array.from(signal), samplingRateHz: 12000, window: 'hanning' });
    const answer = { results: { x: Array.from(s.frequencyHz), y: Array.from(s.amplitude), unit: s.unit } };
    const serialize = time(() => JSON.stringify(answer));
    const perRequestMs = 1000 / (result.requests.average / 2); // 2 connections in flight

    console.log(
      `body ${(body.length / 1e6).toFixed(2)} MB, answer ${(JSON.stringify(answer).length / 1e6).toFixed(2)} MB; ${os.availableParallelism()} cores`,
    );
    console.log(
      `requests/s ${result.requests.average.toFixed(1)}   latency p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   errors ${result.errors + result.non2xx}`,
    );
    console.log('split of one request (ms, medians):');
    console.log(`  JSON.parse body      ${parse.toFixed(2)}`);
    console.log(`  spectrum (compute)   ${compute.toFixed(2)}`);
    console.log(`  JSON.stringify answer ${serialize.toFixed(2)}`);
    console.log(`  server time/request  ${perRequestMs.toFixed(2)}  (ratio to compute ${(perRequestMs / compute).toFixed(1)}×)`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
