/**
 * @overtone/dsp rfft and amplitudeSpectrum against numpy (numpy.fft.rfft and the same spectrum
 * definition written in numpy), both timed in this run on this machine.
 *
 * Method: for each N, both sides run batches of calls on the same-sized float64 input and report
 * the best batch (ms per call, minimum over batches: the least disturbed by other processes),
 * in two alternating rounds (numpy, ours, numpy, ours).
 * ratio = ours / numpy (< 1: we are faster). numpy's per-call Python overhead (~2–5 µs) is
 * included, as it is for a caller of numpy.
 */
import { execFileSync } from 'node:child_process';
import { amplitudeSpectrum, rfft } from '../packages/dsp/src/index.ts';
import { syntheticSignal } from '../packages/dsp/src/test-signals.ts';

const SIZES = [1024, 12000, 50000, 65536];
const FS = 25600;
const TARGET_BATCH_MS = 10;
const BATCHES = 30;
const ROUNDS = 2;

function timeOurs(fn: () => void): number {
  for (let i = 0; i < 50; i++) fn(); // warm-up: JIT and plan caches
  let reps = 1;
  for (;;) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    const dt = performance.now() - t0;
    if (dt > TARGET_BATCH_MS / 4) {
      reps = Math.max(1, Math.round((reps * TARGET_BATCH_MS) / dt));
      break;
    }
    reps *= 4;
  }
  let best = Infinity;
  for (let b = 0; b < BATCHES; b++) {
    const t0 = performance.now();
    for (let i = 0; i < reps; i++) fn();
    best = Math.min(best, (performance.now() - t0) / reps);
  }
  return best;
}

const PY = String.raw`
import json, sys, timeit
import numpy as np, scipy.signal as ss
sizes = json.loads(sys.argv[1]); fs = float(sys.argv[2]); target = float(sys.argv[3]) / 1e3; batches = int(sys.argv[4])
def spectrum(x, w, sw):
    n = x.size
    y = np.abs(np.fft.rfft((x - x.mean()) * w)) * (np.sqrt(2) / sw)
    y[0] /= np.sqrt(2)
    if n % 2 == 0: y[-1] /= np.sqrt(2)
    f = np.arange(y.size) * (fs / n)
    return f, y
def best(fn):
    t = timeit.Timer(fn)
    n, _ = t.autorange()
    n = max(1, int(n * target / 0.2))
    return min(t.repeat(repeat=batches, number=n)) / n * 1e3
out = {}
for n in sizes:
    x = np.random.default_rng(1).standard_normal(n) + 1.0
    w = ss.get_window('hann', n); sw = w.sum()
    out[n] = {'rfft': best(lambda: np.fft.rfft(x)), 'spectrum': best(lambda: spectrum(x, w, sw))}
print(json.dumps({'numpy': np.__version__, 'times': out}))
`;

function timeNumpy(): { numpy: string; times: Record<string, { rfft: number; spectrum: number }> } {
  const args = ['-c', PY, JSON.stringify(SIZES), String(FS), String(TARGET_BATCH_MS), String(BATCHES)];
  return JSON.parse(execFileSync('python3', args, { encoding: 'utf8' }));
}

export default async function run(): Promise<void> {
  // Two rounds, each timing numpy and then ours; the best of the rounds is kept on both sides, so
  // that a burst of load from other processes during one side does not decide the ratio.
  const np: { rfft: number; spectrum: number }[] = SIZES.map(() => ({ rfft: Infinity, spectrum: Infinity }));
  const ours: { rfft: number; spectrum: number }[] = SIZES.map(() => ({ rfft: Infinity, spectrum: Infinity }));
  let numpyVersion = '';
  for (let round = 0; round < ROUNDS; round++) {
    const py = timeNumpy();
    numpyVersion = py.numpy;
    SIZES.forEach((n, i) => {
      const t = py.times[String(n)];
      np[i] = { rfft: Math.min(np[i].rfft, t.rfft), spectrum: Math.min(np[i].spectrum, t.spectrum) };
      const x = syntheticSignal(n, FS);
      const tr = timeOurs(() => rfft(x));
      const ts = timeOurs(() => amplitudeSpectrum({ signal: x, samplingRateHz: FS, window: 'hanning' }));
      ours[i] = { rfft: Math.min(ours[i].rfft, tr), spectrum: Math.min(ours[i].spectrum, ts) };
    });
  }
  const rows: string[][] = [['N', 'rfft ours ms', 'rfft numpy ms', 'ratio', 'spectrum ours ms', 'spectrum numpy ms', 'ratio']];
  SIZES.forEach((n, i) => {
    const { rfft: tr, spectrum: ts } = ours[i];
    rows.push([
      String(n),
      tr.toFixed(4),
      np[i].rfft.toFixed(4),
      (tr / np[i].rfft).toFixed(2),
      ts.toFixed(4),
      np[i].spectrum.toFixed(4),
      (ts / np[i].spectrum).toFixed(2),
    ]);
  });
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(
    `node ${process.version}, numpy ${numpyVersion}; ms per call (best of ${ROUNDS}×${BATCHES} batches of ~${TARGET_BATCH_MS} ms); ratio = ours / numpy`,
  );
  for (const r of rows) console.log(r.map((v, c) => v.padStart(widths[c])).join('  '));
}
