#!/usr/bin/env python3
"""Reference outputs of numpy / scipy for the @overtone/dsp tests.

Re-run from the repository root (deterministic, overwrites the fixtures):

    python3 packages/dsp/test/reference/generate.py

Inputs are NOT stored: they are either defined by formula (sines plus a 32-bit LCG pseudo-noise
implemented identically in packages/dsp/src/test-signals.ts) or read from the real CWRU record
../shared/data/vibration/cwru/cwru_105_IR007_0HP_DE.f32 (little-endian float32, 12 kHz, g).

Outputs: packages/dsp/test/fixtures/
  manifest.json   versions, case list, scalar results (telemetry, window factors), and for each
                  array its file, float64 offset and length
  fft.f64, spectrum.f64, decimate.f64, windows.f64
                  little-endian float64 arrays concatenated (offsets in manifest.json)
"""
import hashlib
import json
import os
import sys

import numpy as np
import scipy
import scipy.signal as signal
import scipy.stats as stats

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..', '..'))
OUT = os.path.abspath(os.path.join(HERE, '..', 'fixtures'))
SHARED = os.environ.get('OVERTONE_VIBRATION_DATA', os.path.join(REPO, '..', 'shared', 'data', 'vibration'))
CWRU_FILE = os.path.join(SHARED, 'cwru', 'cwru_105_IR007_0HP_DE.f32')
CWRU_FS = 12000.0

G_MM_PER_S2 = 9806.65
VELOCITY_LOW_CUT_HZ = 2.0
WINDOWS = {  # our name -> scipy.signal.get_window name
    'rectangular': 'boxcar',
    'hanning': 'hann',
    'hamming': 'hamming',
    'blackman': 'blackman',
    'flattop': 'flattop',
}
SPECTRUM_NS = [1000, 1024, 12000, 50000]


# ---- deterministic inputs (mirror of packages/dsp/src/test-signals.ts) ----

def lcg_uniform(n, seed):
    """u_i in [0, 1): s <- (1664525 s + 1013904223) mod 2^32, u = s / 2^32 (Numerical Recipes)."""
    out = np.empty(n)
    s = seed & 0xFFFFFFFF
    for i in range(n):
        s = (1664525 * s + 1013904223) & 0xFFFFFFFF
        out[i] = s / 4294967296.0
    return out


def lcg_noise(n, seed):
    """Approximately Gaussian noise, zero mean, std 1/sqrt(3): sum of 4 uniforms minus 2."""
    u = lcg_uniform(4 * n, seed)
    return ((u[0::4] + u[1::4]) + (u[2::4] + u[3::4])) - 2.0


def synthetic_signal(n, fs):
    """1 g gravity + 1x (29.95 Hz) + BPFI-like 162.185 Hz + 3 kHz tone + noise, in g."""
    k = np.arange(n, dtype=np.float64)
    x = 1.0 + 0.8 * np.sin(2 * np.pi * 29.95 * k / fs + 0.3)
    x = x + 0.3 * np.sin(2 * np.pi * 162.185 * k / fs + 1.1)
    x = x + 0.05 * np.sin(2 * np.pi * 3000.0 * k / fs)
    return x + 0.1 * lcg_noise(n, 12345)


def complex_test_input(n):
    return lcg_uniform(n, 7) - 0.5, lcg_uniform(n, 8) - 0.5


def cwru(n):
    x = np.fromfile(CWRU_FILE, dtype='<f4')
    if x.size < n:
        sys.exit(f'{CWRU_FILE} has {x.size} samples, need {n}')
    return x[:n].astype(np.float64)


SYNTHETIC_FS = 25600.0


def signal_of(kind, n):
    if kind == 'synthetic':
        return synthetic_signal(n, SYNTHETIC_FS), SYNTHETIC_FS
    return cwru(n), CWRU_FS


# ---- reference definitions (docs/dsp.md) ----

def amplitude_spectrum(x, fs, window, remove_dc=True, half=True, mode='accelerometer'):
    n = x.size
    w = signal.get_window(WINDOWS[window], n, fftbins=True)
    xd = x - x.mean() if remove_dc else x
    X = np.fft.fft(xd * w)
    base = 1.0 / w.sum()  # a_w / N with a_w = N / sum(w)
    if half:
        nb = n // 2 + 1
        f = np.arange(nb) * fs / n
        y = np.abs(X[:nb]) * base * np.sqrt(2)
        y[0] /= np.sqrt(2)
        if n % 2 == 0:
            y[-1] /= np.sqrt(2)
    else:
        f = np.fft.fftfreq(n, 1.0 / fs)
        y = np.abs(X) * base
    if mode == 'velocity':
        af = np.abs(f)
        v = np.zeros_like(y)
        nz = af >= VELOCITY_LOW_CUT_HZ
        nz[0] = False
        v[nz] = y[nz] * G_MM_PER_S2 / (2 * np.pi * af[nz])
        y = v
    return f, y


def vrms(x, fs, lo, hi):
    n = x.size
    X = np.fft.rfft(x - x.mean())
    f = np.arange(X.size) * fs / n
    y = np.abs(X) * np.sqrt(2) / n
    if n % 2 == 0:
        y[-1] /= np.sqrt(2)
    hi = min(hi, fs / 2)
    sel = (f >= lo - 1e-9 * fs / n) & (f <= hi + 1e-9 * fs / n) & (np.arange(X.size) > 0)
    v = y[sel] * G_MM_PER_S2 / (2 * np.pi * f[sel])
    return float(np.sqrt(np.sum(v ** 2)))


def telemetry(x, fs):
    d = x - x.mean()
    g = float(np.std(x))
    pk = float(np.max(np.abs(d)))
    return {
        'GRMS': g,
        'VRMS': vrms(x, fs, 2.0, fs / 2),
        'VRMS_ISO10816': vrms(x, fs, 10.0, 1000.0),
        'PEAK': pk,
        'PEAK_TO_PEAK': float(x.max() - x.min()),
        'CREST': pk / g,
        'KURTOSIS': float(stats.kurtosis(x, fisher=False, bias=True)),
        'SKEWNESS': float(stats.skew(x, bias=True)),
        'CLEARANCE': pk / float(np.mean(np.sqrt(np.abs(d)))) ** 2,
        'SHAPE_FACTOR': g / float(np.mean(np.abs(d))),
    }


# ---- writer ----

class Blob:
    def __init__(self, name):
        self.name = name
        self.parts = []
        self.offset = 0

    def add(self, arr):
        a = np.ascontiguousarray(arr, dtype='<f8')
        ref = {'file': self.name, 'offset': self.offset, 'length': int(a.size)}
        self.parts.append(a)
        self.offset += a.size
        return ref

    def write(self):
        data = np.concatenate(self.parts) if self.parts else np.zeros(0)
        data.astype('<f8').tofile(os.path.join(OUT, self.name))


def main():
    os.makedirs(OUT, exist_ok=True)
    fft_blob, spec_blob, dec_blob, win_blob = Blob('fft.f64'), Blob('spectrum.f64'), Blob('decimate.f64'), Blob('windows.f64')
    manifest = {
        'generator': 'packages/dsp/test/reference/generate.py',
        'numpy': np.__version__,
        'scipy': scipy.__version__,
        'cwru': {'file': 'cwru/cwru_105_IR007_0HP_DE.f32', 'samplingRateHz': CWRU_FS,
                 'sha256': hashlib.sha256(open(CWRU_FILE, 'rb').read()).hexdigest()},
        'syntheticSamplingRateHz': SYNTHETIC_FS,
        'syntheticHead': {},
        'fft': [],
        'windows': [],
        'spectrum': [],
        'telemetry': [],
        'decimate': [],
    }

    # generator check values: first samples and sum of the synthetic signal
    xs = synthetic_signal(1000, SYNTHETIC_FS)
    manifest['syntheticHead'] = {'n': 1000, 'head': xs[:8].tolist(), 'sum': float(np.sum(xs))}

    # FFT: complex input, and rfft of the synthetic real signal
    for n in [1000, 1024, 12000, 50000, 997, 10007, 2 * 10007, 3 * 7 * 11 * 13, 65536]:
        R = np.fft.rfft(synthetic_signal(n, SYNTHETIC_FS))
        case = {'n': n, 'rfftRe': fft_blob.add(R.real), 'rfftIm': fft_blob.add(R.imag)}
        if n != 65536:  # complex case of the largest length left out to keep the fixtures small
            re, im = complex_test_input(n)
            X = np.fft.fft(re + 1j * im)
            case['fftRe'] = fft_blob.add(X.real)
            case['fftIm'] = fft_blob.add(X.imag)
        manifest['fft'].append(case)

    # windows: samples for a few lengths, exact factors
    for n in [7, 1000, 1024]:
        for name, sp in WINDOWS.items():
            w = signal.get_window(sp, n, fftbins=True)
            manifest['windows'].append({'window': name, 'n': n, 'samples': win_blob.add(w),
                                        'amplitude': n / float(w.sum()),
                                        'energy': float(np.sqrt(n / np.sum(w ** 2)))})

    # spectra: both signals, 4 lengths, 5 windows, 2 modes, one-sided
    cases = []
    for kind in ['synthetic', 'cwru']:
        for n in SPECTRUM_NS:
            for window in WINDOWS:
                for mode in ['accelerometer', 'velocity']:
                    cases.append((kind, n, window, True, True, mode))
    # extra: two-sided (even and odd N), no DC removal
    for kind, n in [('synthetic', 1000), ('synthetic', 1001), ('cwru', 1024)]:
        for mode in ['accelerometer', 'velocity']:
            cases.append((kind, n, 'hanning', True, False, mode))
    cases.append(('synthetic', 1024, 'flattop', False, True, 'accelerometer'))
    cases.append(('synthetic', 1001, 'blackman', True, True, 'velocity'))
    for kind, n, window, remove_dc, half, mode in cases:
        x, fs = signal_of(kind, n)
        f, y = amplitude_spectrum(x, fs, window, remove_dc, half, mode)
        case = {'signal': kind, 'n': n, 'samplingRateHz': fs, 'window': window,
                'removeDc': remove_dc, 'half': half, 'mode': mode, 'amplitude': spec_blob.add(y)}
        if not half:  # one-sided frequencies are k*fs/N; store only the fftfreq order
            case['frequencyHz'] = spec_blob.add(f)
        manifest['spectrum'].append(case)

    # telemetry
    for kind in ['synthetic', 'cwru']:
        for n in SPECTRUM_NS + [1001]:
            x, fs = signal_of(kind, n)
            manifest['telemetry'].append({'signal': kind, 'n': n, 'samplingRateHz': fs, 'values': telemetry(x, fs)})

    # decimation: scipy.signal.decimate(x, q, ftype='fir', zero_phase=True)
    for kind, n, qs in [('cwru', 12000, [2, 3, 4, 5, 8, 10]), ('synthetic', 1001, [2, 3, 7]), ('synthetic', 50, [4])]:
        x, _ = signal_of(kind, n)
        for q in qs:
            y = signal.decimate(x, q, ftype='fir', zero_phase=True)
            manifest['decimate'].append({'signal': kind, 'n': n, 'factor': q, 'output': dec_blob.add(y)})

    for b in (fft_blob, spec_blob, dec_blob, win_blob):
        b.write()
    with open(os.path.join(OUT, 'manifest.json'), 'w') as fh:
        json.dump(manifest, fh, indent=1)
        fh.write('\n')
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f'wrote {OUT} ({total / 1e6:.2f} MB)')


if __name__ == '__main__':
    main()
