#!/usr/bin/env python3
"""Reference outputs of numpy / scipy for the @overtone/dsp tests.

Re-run from the repository root (deterministic, overwrites the fixtures):

    python3 packages/dsp/test/reference/generate.py

Inputs are NOT stored: they are either defined by formula (sines plus a 32-bit LCG pseudo-noise
implemented identically in packages/dsp/src/test-signals.ts) or read from the real recordings in
../shared/data/vibration/ (little-endian float32, g):

  cwru   the 12 kHz CWRU records concatenated in the order 105 DE, 130 DE, 118 DE, 105 FE, 130 FE,
         118 FE (720 000 samples) and repeated cyclically to N (numpy.resize): for N <= 120 000
         this is the first N samples of 105 DE (inner-race fault); N = 1 000 000 is all six records
         once and the first 280 000 samples again;
  cwru2  the second axis for orbits: the same six records in the order 105 FE, 130 FE, 118 FE,
         105 DE, 130 DE, 118 DE (so sample n of cwru2 is the other accelerometer at the same time);
  ims    IMS test 1, first snapshot, channel 1 (bearing 1 x, 20 kHz, 20 480 samples) repeated
         cyclically to N; ims2 channel 2 (bearing 1 y).

Large outputs (more than MAX_STORED = 4096 values) are stored as a strided subset (every s-th
value, s = ceil(len / 4096), starting at 0) plus summary statistics (length, max |y|, sum, sum |y|)
of the whole array; see subset().

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
IMS_FS = 20000.0
CWRU_ORDER = ['cwru_105_IR007_0HP_DE', 'cwru_130_OR007at6_0HP_DE', 'cwru_118_B007_0HP_DE',
              'cwru_105_IR007_0HP_FE', 'cwru_130_OR007at6_0HP_FE', 'cwru_118_B007_0HP_FE']
CWRU2_ORDER = CWRU_ORDER[3:] + CWRU_ORDER[:3]
IMS_FILES = {'ims': 'ims_test1_20031022120624_ch1', 'ims2': 'ims_test1_20031022120624_ch2'}
ANALYSIS_NS = [10, 1000, 1024, 4096, 12000, 49990, 50000, 65536, 1000000]
MAX_STORED = 4096

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
SYNTHETIC2_SHIFT = 214  # samples, about a quarter period of 29.95 Hz at 25.6 kHz


def read_f32(sub, stem):
    return np.fromfile(os.path.join(SHARED, sub, stem + '.f32'), dtype='<f4').astype(np.float64)


_real = {}


def real(kind, n):
    """Real recordings repeated cyclically to n samples (see the module docstring)."""
    if kind not in _real:
        if kind in ('cwru', 'cwru2'):
            _real[kind] = np.concatenate([read_f32('cwru', s) for s in (CWRU_ORDER if kind == 'cwru' else CWRU2_ORDER)])
        else:
            _real[kind] = read_f32('ims', IMS_FILES[kind])
    return np.resize(_real[kind], n)


def signal_of(kind, n):
    if kind == 'synthetic':
        return synthetic_signal(n, SYNTHETIC_FS), SYNTHETIC_FS
    if kind == 'synthetic2':  # the synthetic signal delayed by SYNTHETIC2_SHIFT samples
        return synthetic_signal(n + SYNTHETIC2_SHIFT, SYNTHETIC_FS)[SYNTHETIC2_SHIFT:], SYNTHETIC_FS
    if kind in ('ims', 'ims2'):
        return real(kind, n), IMS_FS
    return real(kind, n), CWRU_FS


# ---- reference definitions (docs/dsp.md) ----

NOMINAL_AMPLITUDE = {'rectangular': 1.0, 'hanning': 2.0, 'hamming': 1.85, 'blackman': 2.8, 'flattop': 4.18}


def amplitude_spectrum(x, fs, window, remove_dc=True, half=True, mode='accelerometer', correction='exact'):
    n = x.size
    w = signal.get_window(WINDOWS[window], n, fftbins=True)
    xd = x - x.mean() if remove_dc else x
    X = np.fft.fft(xd * w)
    base = 1.0 / w.sum() if correction == 'exact' else NOMINAL_AMPLITUDE[window] / n  # a_w / N
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
        **({'CREST_STAR': crest_star(x, fs)} if fs >= 3000 else {}),
        'AUTO_CORRELATION': auto_correlation_index(x),
    }



# ---- analyses (docs/dsp.md: envelope, cepstrum, spectrogram, autocorrelation, polar, orbit) ----

def mask_index(f, n, fs):
    return max(0, int(np.ceil(n * f / fs - 1e-9)))


def envelope_spectrum(x, fs, band=(0.0, 6000.0), window='hanning', remove_dc=True, xlim=2500.0,
                      correction='exact', scaling='rms'):
    """rfft -> FFT-mask band-pass -> irfft -> scipy.signal.hilbert -> |z| -> amplitude spectrum."""
    n = x.size
    lo, hi = min(band[0], fs / 2), min(band[1], fs / 2)
    xd = x - x.mean() if remove_dc else x
    X = np.fft.rfft(xd)
    k = np.arange(X.size)
    k_hi = X.size if hi >= fs / 2 else min(X.size, mask_index(hi, n, fs))
    X = np.where((k >= mask_index(lo, n, fs)) & (k < k_hi), X, 0)
    xb = np.fft.irfft(X, n)
    e = np.abs(signal.hilbert(xb))
    f, y = amplitude_spectrum(e, fs, window, True, True, 'accelerometer', correction)
    if scaling == 'peak':
        y[1:] *= np.sqrt(2)
        if n % 2 == 0:
            y[-1] /= np.sqrt(2)
    count = min(f.size, int(np.floor(xlim * n / fs + 1e-9)) + 1)
    return f[:count], y[:count]


def real_cepstrum(x, window='hanning', remove_dc=True):
    n = x.size
    w = signal.get_window(WINDOWS[window], n, fftbins=True)
    xd = x - x.mean() if remove_dc else x
    m = np.abs(np.fft.fft(xd * w))
    eps = 1e-12 * m.max() if m.max() > 0 else 1e-300
    return np.fft.ifft(np.log(m + eps)).real[: n // 2 + 1]


def spectrogram_ref(x, fs, nfft=1024, window='hanning', overlap=0.5, remove_dc=True):
    """scipy.signal.spectrogram(mode='magnitude', scaling='spectrum') * sqrt(2) between DC and Nyquist."""
    w = signal.get_window(WINDOWS[window], nfft, fftbins=True)
    f, t, S = signal.spectrogram(x, fs, window=w, nperseg=nfft, noverlap=int(np.floor(overlap * nfft + 0.5)),
                                 nfft=nfft, detrend='constant' if remove_dc else False,
                                 return_onesided=True, scaling='spectrum', mode='magnitude')
    S = S.copy()
    S[1:-1, :] *= np.sqrt(2)
    return f, t, S


def autocorrelation_ref(x, lag, window='rectangular', remove_dc=True):
    """Direct sums r_k = sum d_n d_{n+k} / sum d_n^2 (no FFT)."""
    n = x.size
    w = signal.get_window(WINDOWS[window], n, fftbins=True)
    d = (x - x.mean() if remove_dc else x) * w
    r = np.array([np.dot(d[: n - k], d[k:]) for k in range(lag + 1)])
    return r / r[0]


def phasors(x, fs, fref, window='rectangular', remove_dc=True):
    L = int(np.floor(fs / fref + 0.5))
    R = x.size // L
    w = signal.get_window(WINDOWS[window], L, fftbins=True)
    d = (x - x.mean() if remove_dc else x)[: R * L].reshape(R, L)
    nabs = np.arange(R * L).reshape(R, L)
    return (2.0 / w.sum()) * np.sum(d * w * np.exp(-2j * np.pi * fref * nabs / fs), axis=1)


def polar_ref(x, fs, fref, window='rectangular', remove_dc=True):
    P = phasors(x, fs, fref, window, remove_dc)
    V = P.mean()
    return np.abs(P), np.degrees(np.angle(P)), float(np.abs(V)), float(np.degrees(np.angle(V)))


def ellipse_ref(X, Y):
    zf = (X + 1j * Y) / 2
    zb = (np.conj(X) + 1j * np.conj(Y)) / 2
    th = np.degrees((np.angle(zf) + np.angle(zb)) / 2)
    th = np.where(th > 90, th - 180, np.where(th <= -90, th + 180, th))
    return np.abs(zf) + np.abs(zb), th, np.abs(zf) - np.abs(zb)


def orbit_ref(x, y, fs, fref, window='rectangular', remove_dc=True):
    X, Y = phasors(x, fs, fref, window, remove_dc), phasors(y, fs, fref, window, remove_dc)
    a, th, b = ellipse_ref(X, Y)
    am, thm, bm = ellipse_ref(X.mean(), Y.mean())
    return a, th, b, float(am), float(thm), float(bm)


def crest_star(x, fs):
    n = x.size
    X = np.fft.rfft(x)
    X[: mask_index(1000.0, n, fs)] = 0
    y = np.fft.irfft(X, n)
    p, g = np.max(np.abs(y)), np.sqrt(np.mean(y ** 2))
    return float(p + g + p / g)


def auto_correlation_index(x):
    lag = min(1024, x.size - 1)
    r = autocorrelation_ref(x, lag)
    below = np.nonzero(r[1:] <= 0)[0]
    if below.size == 0:
        return 0.0
    return float(np.max(r[1 + below[0]:]))

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

    def subset(self, arr):
        """Whole array if short, else every s-th value plus summary statistics of the whole."""
        a = np.ascontiguousarray(arr, dtype=np.float64).ravel()
        if a.size <= MAX_STORED:
            return {'values': self.add(a)}
        stride = -(-a.size // MAX_STORED)
        return {'values': self.add(a[::stride]), 'stride': stride, 'length': int(a.size),
                'maxAbs': float(np.max(np.abs(a))), 'sum': float(np.sum(a)), 'sumAbs': float(np.sum(np.abs(a)))}

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


    # ---- analyses at every N of the issue, on synthetic and real signals ----
    manifest['analysisSignals'] = {'cwru': CWRU_ORDER, 'cwru2': CWRU2_ORDER, 'ims': IMS_FILES['ims'],
                                   'ims2': IMS_FILES['ims2'], 'imsSamplingRateHz': IMS_FS,
                                   'synthetic2Shift': SYNTHETIC2_SHIFT, 'maxStored': MAX_STORED}
    an = Blob('analyses.f64')
    for key in ['envelope', 'cepstrum', 'spectrogram', 'autocorrelation', 'polar', 'orbit']:
        manifest[key] = []
    second = {'synthetic': 'synthetic2', 'cwru': 'cwru2', 'ims': 'ims2'}
    fref = {'synthetic': 29.95, 'cwru': 29.95, 'ims': 2000.0 / 60.0}
    for n in ANALYSIS_NS:
        for kind in ['synthetic', 'cwru', 'ims']:
            x, fs = signal_of(kind, n)
            base = {'signal': kind, 'n': n, 'samplingRateHz': fs}
            # envelope: defaults, plus a narrower band with the flat-top window and nominal correction
            env_cases = [{}]
            if n in (1000, 12000, 50000):
                env_cases.append({'bandHz': [2000.0, 5000.0], 'window': 'flattop', 'correction': 'nominal', 'xlimHz': 1000.0})
                env_cases.append({'bandHz': [500.0, 20000.0], 'window': 'rectangular', 'removeDc': False, 'scaling': 'peak'})
            for opt in env_cases:
                f, y = envelope_spectrum(x, fs, tuple(opt.get('bandHz', (0.0, 6000.0))), opt.get('window', 'hanning'),
                                         opt.get('removeDc', True), opt.get('xlimHz', 2500.0),
                                         opt.get('correction', 'exact'), opt.get('scaling', 'rms'))
                manifest['envelope'].append({**base, 'options': opt, 'lines': int(f.size), 'amplitude': an.subset(y)})
            # cepstrum
            for opt in [{}] + ([{'window': 'rectangular', 'removeDc': False}] if n in (1000, 4096, 49990) else []):
                c = real_cepstrum(x, opt.get('window', 'hanning'), opt.get('removeDc', True))
                manifest['cepstrum'].append({**base, 'options': opt, 'amplitude': an.subset(c)})
            # spectrogram (needs N >= nfft)
            sp_cases = [{}]
            if n in (4096, 50000):
                sp_cases.append({'nfft': 256, 'overlap': 0.75, 'window': 'blackman', 'removeDc': False})
            if n == 65536:
                sp_cases.append({'nfft': 16384, 'overlap': 0.3, 'window': 'hamming'})
            for opt in sp_cases:
                nfft = opt.get('nfft', 1024)
                case = {**base, 'options': opt}
                if n < nfft:
                    case['error'] = True
                else:
                    f, t, S = spectrogram_ref(x, fs, nfft, opt.get('window', 'hanning'), opt.get('overlap', 0.5),
                                              opt.get('removeDc', True))
                    case.update({'segments': int(t.size), 'timeS': an.subset(t), 'sxx': an.subset(S)})
                manifest['spectrogram'].append(case)
            # autocorrelation (lagSize < N)
            lag = 1024 if n > 1024 else 256
            ac_cases = [{'lagSize': lag}]
            if n in (12000, 1000000):
                ac_cases.append({'lagSize': 9192, 'window': 'hanning', 'removeDc': False})
            for opt in ac_cases:
                case = {**base, 'options': opt}
                if n <= opt['lagSize']:
                    case['error'] = True
                else:
                    r = autocorrelation_ref(x, opt['lagSize'], opt.get('window', 'rectangular'), opt.get('removeDc', True))
                    case['r'] = an.subset(r)
                manifest['autocorrelation'].append(case)
            # polar and orbit at the running speed (at least one revolution)
            for opt in [{}] + ([{'window': 'hanning', 'removeDc': False}] if n in (12000, 65536) else []):
                fr = fref[kind]
                case = {**base, 'referenceFrequencyHz': fr, 'options': opt}
                ocase = dict(case)
                if n < int(np.floor(fs / fr + 0.5)):
                    case['error'] = ocase['error'] = True
                else:
                    r, ph, rm, pm = polar_ref(x, fs, fr, opt.get('window', 'rectangular'), opt.get('removeDc', True))
                    case.update({'r': an.subset(r), 'phase': an.subset(ph), 'rMean': rm, 'phaseMean': pm})
                    y2, _ = signal_of(second[kind], n)
                    a, th, b, am, thm, bm = orbit_ref(x, y2, fs, fr, opt.get('window', 'rectangular'), opt.get('removeDc', True))
                    ocase.update({'signal2': second[kind], 'r': an.subset(a), 'phase': an.subset(th), 'minor': an.subset(b),
                                  'rMean': am, 'phaseMean': thm, 'minorMean': bm})
                manifest['polar'].append(case)
                manifest['orbit'].append(ocase)
        print(f'analyses N={n} done', flush=True)
    an.write()
    for b in (fft_blob, spec_blob, dec_blob, win_blob):
        b.write()
    with open(os.path.join(OUT, 'manifest.json'), 'w') as fh:
        json.dump(manifest, fh, indent=1)
        fh.write('\n')
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f'wrote {OUT} ({total / 1e6:.2f} MB)')


if __name__ == '__main__':
    main()
