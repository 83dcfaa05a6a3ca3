/**
 * "Play as audio" of the time chart (spec 002 "Chart controls"): the waveform, mean removed and
 * normalised to ±1, resampled by linear interpolation to {@link AUDIO_SAMPLE_RATE_HZ} so that it plays
 * in real time (a 100 Hz line sounds at 100 Hz) on any sound card, through the Web Audio API.
 */

/** Playback sample rate, Hz (supported by every AudioContext; 44.1 kHz covers the audible band). */
export const AUDIO_SAMPLE_RATE_HZ = 44100;

/**
 * Linear-interpolation resampling.
 * @param values samples at `fromHz`, shape n
 * @param fromHz source rate, Hz (> 0)
 * @param toHz target rate, Hz (> 0)
 * @returns samples at `toHz` covering the same duration: round(n · toHz / fromHz) samples
 */
export function resampleLinear(values: ArrayLike<number>, fromHz: number, toHz: number): Float32Array<ArrayBuffer> {
  const n = values.length;
  if (n === 0 || !(fromHz > 0) || !(toHz > 0)) return new Float32Array(0);
  const m = Math.max(1, Math.round((n * toHz) / fromHz));
  const out = new Float32Array(m);
  const ratio = fromHz / toHz;
  for (let j = 0; j < m; j++) {
    const pos = j * ratio;
    const i = Math.floor(pos);
    if (i >= n - 1) out[j] = values[n - 1];
    else out[j] = values[i] + (values[i + 1] - values[i]) * (pos - i);
  }
  return out;
}

/**
 * The audio samples of a waveform: mean removed, peak-normalised to 0.9, resampled to `toHz`.
 * @returns Float32Array at `toHz` (silence for a constant signal)
 */
export function audioSamples(
  signal: ArrayLike<number>,
  samplingRateHz: number,
  toHz = AUDIO_SAMPLE_RATE_HZ,
): Float32Array<ArrayBuffer> {
  const n = signal.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += signal[i];
  mean = n ? mean / n : 0;
  let peak = 0;
  const centred = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    centred[i] = signal[i] - mean;
    peak = Math.max(peak, Math.abs(centred[i]));
  }
  const gain = peak > 0 ? 0.9 / peak : 0;
  for (let i = 0; i < n; i++) centred[i] *= gain;
  return resampleLinear(centred, samplingRateHz, toHz);
}

/** A playing waveform: `stop()` ends it (idempotent); `onEnded` runs once, on stop or at the end. */
export interface AudioPlayback {
  stop(): void;
  /** Duration of the sound, s. */
  durationS: number;
}

type AudioContextLike = Pick<AudioContext, 'createBuffer' | 'createBufferSource' | 'destination' | 'close'>;

/**
 * Plays a waveform once.
 * @param createContext factory of the AudioContext (a stub in tests)
 * @param onEnded called once when the sound ends or is stopped
 */
export function playSignal(
  signal: ArrayLike<number>,
  samplingRateHz: number,
  onEnded: () => void,
  createContext: () => AudioContextLike = () => new AudioContext({ sampleRate: AUDIO_SAMPLE_RATE_HZ }),
): AudioPlayback {
  const samples = audioSamples(signal, samplingRateHz);
  const ctx = createContext();
  const buffer = ctx.createBuffer(1, Math.max(1, samples.length), AUDIO_SAMPLE_RATE_HZ);
  buffer.copyToChannel(samples, 0);
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  source.connect(ctx.destination);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    void ctx.close().catch(() => undefined);
    onEnded();
  };
  source.onended = finish;
  source.start();
  return {
    durationS: samples.length / AUDIO_SAMPLE_RATE_HZ,
    stop() {
      if (done) return;
      try {
        source.stop();
      } catch {
        // already stopped
      }
      finish();
    },
  };
}
