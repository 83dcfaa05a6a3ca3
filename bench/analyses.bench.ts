/**
 * The five analyses of one 50,000-sample axis (spectrum, envelope, cepstrum, spectrogram with
 * nfft 1024, autocorrelation with lag size 1024) in @overtone/dsp against the equivalent
 * numpy / scipy code, both timed in this run on this machine on float64 input (fs 25600 Hz).
 *
 * Method: each analysis runs in batches of ≈10 ms; the time per call is the **median** over
 * 25 batches, in two alternating rounds (numpy, ours, numpy, ours), keeping each side's lower
 * median (a burst of load from other processes during one round does not decide the ratio).
 * ratio = ours / numpy (< 1: we are faster). Target (issue 3): total ratio ≤ 1.0.
 * numpy's per-call Python overhead is included, as it is for a caller of numpy. DSP_NO_WASM=1 times
 * the pure-JavaScript FFT path instead of the wasm SIMD one.
 */
import { execFileSync } from 'node:child_process';
import { amplitudeSpectrum, autocorrelation, envelopeSpectrum, realCepstrum, spectrogram } from '../packages/dsp/src/index.ts';
import { syntheticSignal } from '../packages/dsp/src/test-signals.ts';
import { wasmEnabled } from '../packages/dsp/src/fft/fft-wasm-runtime.ts';
import { median, timeBatches } from './timing.ts';

const N = 50000;
const FS = 25600;
const TARGET_BATCH_MS = 10;
const BATCHES = 25;
const ROUNDS = 2;
const NAMES = ['spectrum', 'envelope', 'cepstrum', 'spectrogram', 'autocorrelation'] as const;
type Name = (typeof NAMES)[number];

function timeOurs(fn: () => void): number {
  return median(timeBatches(fn, { warmup: 20, targetMs: TARGET_BATCH_MS, batches: BATCHES }));
}

const PY = String.raw`
import json, sys, timeit, statistics
import numpy as np, scipy, scipy.signal as ss
n = int(sys.argv[1]); fs = float(sys.argv[2]); target = float(sys.argv[3]) / 1e3; batches = int(sys.argv[4])
x = np.random.default_rng(1).standard_normal(n) + 1.0
w = ss.get_window('hann', n); sw = w.sum()
def spectrum(v, w, sw):
    m = v.size
    y = np.abs(np.fft.rfft((v - v.mean()) * w)) * (np.sqrt(2) / sw)
    y[0] /= np.sqrt(2)
    if m % 2 == 0: y[-1] /= np.sqrt(2)
    return np.arange(y.size) * (fs / m), y
def envelope(lo=0.0, hi=6000.0, xlim=2500.0):
    X = np.fft.rfft(x - x.mean())
    k = np.arange(X.size)
    X[(k < np.ceil(n * lo / fs)) | (k >= np.ceil(n * hi / fs))] = 0
    e = np.abs(ss.hilbert(np.fft.irfft(X, n)))
    f, y = spectrum(e, w, sw)
    c = int(xlim * n / fs) + 1
    return f[:c], y[:c]
def cepstrum():
    m = np.abs(np.fft.rfft((x - x.mean()) * w))
    c = np.fft.irfft(np.log(m + 1e-12 * m.max()), n)[: n // 2 + 1]
    return np.arange(c.size) / fs, c
def spectrogram():
    f, t, S = ss.spectrogram(x, fs, window='hann', nperseg=1024, noverlap=512, mode='magnitude', scaling='spectrum')
    S[1:-1] *= np.sqrt(2)
    return f, t, S
L = 1024
nfft = scipy.fft.next_fast_len(n + L, real=True)
def autocorrelation():
    X = np.fft.rfft(x - x.mean(), nfft)
    r = np.fft.irfft(X.real ** 2 + X.imag ** 2, nfft)[: L + 1]
    return r / r[0], np.arange(L + 1)
fns = {'spectrum': lambda: spectrum(x, w, sw), 'envelope': envelope, 'cepstrum': cepstrum,
       'spectrogram': spectrogram, 'autocorrelation': autocorrelation}
def med(fn):
    t = timeit.Timer(fn)
    k, _ = t.autorange()
    k = max(1, int(k * target / 0.2))
    return statistics.median(t.repeat(repeat=batches, number=k)) / k * 1e3
out = {name: med(fn) for name, fn in fns.items()}
print(json.dumps({'numpy': np.__version__, 'scipy': scipy.__version__, 'times': out}))
`;

function timeNumpy(): { numpy: string; scipy: string; times: Record<Name, number> } {
  const args = ['-c', PY, String(N), String(FS), String(TARGET_BATCH_MS), String(BATCHES)];
  return JSON.parse(execFileSync('python3', args, { encoding: 'utf8' }));
}

export default async function run(): Promise<void> {
  const x = syntheticSignal(N, FS);
  const ours: Record<Name, () => unknown> = {
    spectrum: () => amplitudeSpectrum({ signal: x, samplingRateHz: FS }),
    envelope: () => envelopeSpectrum({ signal: x, samplingRateHz: FS }),
    cepstrum: () => realCepstrum({ signal: x, samplingRateHz: FS }),
    spectrogram: () => spectrogram({ signal: x, samplingRateHz: FS, nfft: 1024 }),
    autocorrelation: () => autocorrelation({ signal: x, lagSize: 1024 }),
  };
  const np = Object.fromEntries(NAMES.map((k) => [k, Infinity])) as Record<Name, number>;
  const js = Object.fromEntries(NAMES.map((k) => [k, Infinity])) as Record<Name, number>;
  let versions = '';
  for (let round = 0; round < ROUNDS; round++) {
    const py = timeNumpy();
    versions = `numpy ${py.numpy}, scipy ${py.scipy}`;
    for (const k of NAMES) {
      np[k] = Math.min(np[k], py.times[k]);
      js[k] = Math.min(js[k], timeOurs(ours[k]));
    }
  }
  const rows: string[][] = [['analysis (N 50000)', 'ours ms', 'numpy/scipy ms', 'ratio']];
  let to = 0,
    tn = 0;
  for (const k of NAMES) {
    to += js[k];
    tn += np[k];
    rows.push([k, js[k].toFixed(3), np[k].toFixed(3), (js[k] / np[k]).toFixed(2)]);
  }
  rows.push(['total', to.toFixed(3), tn.toFixed(3), (to / tn).toFixed(2)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(
    `node ${process.version}, ${versions}; FFT backend ${wasmEnabled() ? 'wasm SIMD' : 'JavaScript'}; ms per call (median of ${BATCHES} batches of ~${TARGET_BATCH_MS} ms, lower of ${ROUNDS} rounds); ratio = ours / numpy; target total ≤ 1.0`,
  );
  for (const r of rows) console.log(r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '));
}
