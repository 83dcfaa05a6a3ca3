import { spawnSync } from 'node:child_process';

/**
 * Frequency (Hz) of the highest line below `limitHz` of the one-sided amplitude spectrum, computed
 * by numpy/scipy for the same samples and the same options the page sent.
 */
export function numpyPeakHz(signal: number[], samplingRate: number, window: string, removeDc: boolean, limitHz: number): number {
  const script = `
import json, sys
import numpy as np
from scipy.signal import get_window
d = json.load(sys.stdin)
x = np.asarray(d['signal'], dtype=float)
if d['removeDc']:
    x = x - x.mean()
name = {'rectangular': 'boxcar', 'hanning': 'hann', 'hamming': 'hamming', 'blackman': 'blackman', 'flattop': 'flattop'}[d['window']]
w = get_window(name, len(x), fftbins=True)
X = np.abs(np.fft.rfft(x * w))
f = np.fft.rfftfreq(len(x), 1.0 / d['fs'])
mask = (f > 0) & (f < d['limit'])
print(f[mask][np.argmax(X[mask])])
`;
  const r = spawnSync('python3', ['-c', script], {
    input: JSON.stringify({ signal, fs: samplingRate, window, removeDc, limit: limitHz }),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`numpy reference failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}
