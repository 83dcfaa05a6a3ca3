/**
 * A simulated tri-axial end node: which recording it replays, where it is in that recording, and
 * its scan status. Knows nothing of MQTT (that is gateway.ts).
 */
import { senseway } from '@overtone/contract';
import type { DeviceConfig } from './plant-config.ts';
import type { Recording } from './recordings.ts';

/** Status words a legacy gateway reports in `scanDevice` (§7). */
export type DeviceStatus = 'Ready' | 'Measuring';

/** A validated measure command (§4). */
export interface MeasureRequest {
  /** accelerometer range index 1..4 (full scale ±2^i g) */
  rangeIndex: number;
  /** sampling-rate index 5..10 (nominal 25·2^i Hz) */
  rateIndex: number;
  /** samples per axis */
  sampleSize: number;
}

/** What one measurement replays: enough to regenerate its samples exactly. */
export interface Replay {
  /** first sample, as an index into the recording's channels decimated by `q` */
  offset: number;
  /** decimation factor applied to the recording (1 = recorded samples) */
  q: number;
  /** recording rate / q, Hz: reported as CALIBRATED_SAMPLINGRATE */
  calibratedRateHz: number;
  /** samples per axis */
  sampleSize: number;
  /** accelerometer range index used to quantise */
  rangeIndex: number;
}

/**
 * Picks the integer decimation factor q whose rate fs/q is closest to the nominal rate; ties go
 * to the smaller q (the higher rate). A recording is never up-sampled, so a nominal rate above fs
 * gives q = 1.
 * @param recordingRateHz true sampling rate of the recording, Hz
 * @param nominalRateHz requested nominal rate (25·2^rateIndex), Hz
 */
export function chooseDecimation(recordingRateHz: number, nominalRateHz: number): number {
  let best = 1;
  let bestErr = Math.abs(recordingRateHz - nominalRateHz);
  for (let q = 2; recordingRateHz / (q - 1) > nominalRateHz; q++) {
    const err = Math.abs(recordingRateHz / q - nominalRateHz);
    if (err < bestErr) {
      best = q;
      bestErr = err;
    }
  }
  return best;
}

export class SimDevice {
  /** upper-case MAC */
  readonly mac: string;
  status: DeviceStatus = 'Ready';
  /** replay position in samples at the recording's true rate; the next measurement starts here */
  cursor = 0;
  #queue: Promise<void> = Promise.resolve();

  /** every recording this device has replayed, by id (a replay of an earlier one stays readable) */
  readonly #recordings = new Map<string, Recording>();
  #recording: Recording;

  constructor(
    readonly config: DeviceConfig,
    recording: Recording,
  ) {
    this.mac = config.mac;
    this.#recording = this.#checked(recording);
    this.#recordings.set(recording.id, recording);
  }

  /** the recording the next measurement replays */
  get recording(): Recording {
    return this.#recording;
  }

  /**
   * Replays another recording from the next measurement on, from its start: the machine under the
   * sensor changed (a demo's "bearing replaced", a test's repair).
   * @throws Error when the recording lacks a channel this device's axes read
   */
  replaceRecording(recording: Recording): void {
    this.#recording = this.#checked(recording);
    this.#recordings.set(recording.id, recording);
    this.cursor = 0;
  }

  #checked(recording: Recording): Recording {
    for (const axis of [this.config.axes.x, this.config.axes.y, this.config.axes.z])
      if (!recording.channels.has(axis.channel))
        throw new Error(`device ${this.mac}: recording ${recording.id} has no channel ${axis.channel}`);
    return recording;
  }

  /** when this device started (ms since epoch): the origin of battery discharge and rssi drift */
  readonly startedAtMs: number = Date.now();

  /**
   * Signal strength for one scan report, dBm (integer): the configured mean, moved by the slow drift
   * (`rssiDriftDb`·sin(2πt/`rssiDriftPeriodS`)), ±`rssiSpreadDb` at random; never above 0.
   * @param random uniform [0, 1) source
   * @param nowMs wall-clock time, ms since epoch
   */
  scanRssi(random: () => number = Math.random, nowMs = Date.now()): number {
    const { rssi, rssiSpreadDb = 2, rssiDriftDb = 0, rssiDriftPeriodS = 600 } = this.config;
    const drift = rssiDriftDb * Math.sin((2 * Math.PI * (nowMs - this.startedAtMs)) / 1000 / rssiDriftPeriodS);
    return Math.min(0, Math.round(rssi + drift) + Math.floor(random() * (2 * rssiSpreadDb + 1)) - rssiSpreadDb);
  }

  /**
   * Battery voltage now, V (two decimals): `batteryV` minus `batteryDrainVPerDay` per day since the
   * device started, never below 2.5 V. Null when the layout gives no battery (a mains-powered node).
   */
  batteryVolts(nowMs = Date.now()): number | null {
    const { batteryV, batteryDrainVPerDay = 0 } = this.config;
    if (batteryV === undefined) return null;
    const v = batteryV - (batteryDrainVPerDay * (nowMs - this.startedAtMs)) / 86_400_000;
    return Math.round(Math.max(2.5, v) * 100) / 100;
  }

  /**
   * Reserves the next stretch of the recording for a measurement and advances the cursor past it.
   * The stretch is `sampleSize` consecutive samples (after decimation) from the cursor, wrapping
   * cyclically at the end of the recording.
   */
  planReplay(req: MeasureRequest): Replay {
    const fs = this.recording.samplingRateHz;
    const q = chooseDecimation(fs, senseway.nominalSamplingRateHz(req.rateIndex));
    const n = this.recording.channelAt(this.config.axes.x.channel, q).length;
    const offset = Math.floor(this.cursor / q) % n;
    this.cursor = ((offset + req.sampleSize) % n) * q;
    return { offset, q, calibratedRateHz: fs / q, sampleSize: req.sampleSize, rangeIndex: req.rangeIndex };
  }

  /**
   * The samples of a replay in g, before quantisation: x, y and z from the channels and offsets the
   * plant config maps onto them, of the replay's `recording` when given (else the current one).
   */
  samplesG(replay: Replay & { recording?: string }): senseway.TriaxialG {
    const recording = (replay.recording && this.#recordings.get(replay.recording)) || this.#recording;
    const axis = (source: DeviceConfig['axes']['x']): Float64Array => {
      const ch = recording.channelAt(source.channel, replay.q);
      const n = ch.length;
      const start = (replay.offset + Math.floor(source.offsetSamples / replay.q)) % n;
      const out = new Float64Array(replay.sampleSize);
      for (let i = 0, j = start; i < out.length; i++, j = j + 1 === n ? 0 : j + 1) out[i] = ch[j];
      return out;
    };
    return { x: axis(this.config.axes.x), y: axis(this.config.axes.y), z: axis(this.config.axes.z) };
  }

  /** Runs measurements one at a time: a task queued while another runs starts when it ends. */
  enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(task);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
