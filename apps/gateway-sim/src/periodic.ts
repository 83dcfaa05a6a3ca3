/**
 * Device-side periodic measurement of a simulated sensor (shared/protocol/senseway-gateway.md §8.1,
 * §8.3): after a sleep command of N seconds the sensor wakes every N seconds, measures on its own
 * (a self-initiated measurement with an id it chooses, which the server stores as PERIODIC) and
 * sleeps again. Time runs `timeFactor` times faster than real: 2048 s at factor 1024 is 2 s.
 *
 * Off unless the plant is given a `periodicTimeFactor`: the server's own scheduler already sends a
 * measure command every interval (docs/scheduler.md), and both together would measure twice.
 */
import { randomBytes } from 'node:crypto';
import type { MeasureRequest } from './device.ts';

/** What a self-initiated measurement uses when the device has never been commanded (±4 g, 12.8 kHz, 1000 samples). */
export const DEFAULT_SELF_REQUEST: MeasureRequest = { rangeIndex: 2, rateIndex: 9, sampleSize: 1000 };

/** A fresh 24-hex measurement id, as a device picks for a measurement nobody requested. */
export const selfObjectId = (): string => randomBytes(12).toString('hex');

/**
 * Parses a sleep command payload (§8.1): decimal seconds; values that are not a power of two are
 * rounded up to the next one, as the BLE docs say the firmware does.
 * @returns seconds (≥ 1), or null for anything that is not a positive number
 */
export function parseSleepSeconds(text: string): number | null {
  const v = Number(text.trim());
  if (!Number.isFinite(v) || v <= 0) return null;
  return 2 ** Math.ceil(Math.log2(Math.max(1, v)));
}

/** The periodic schedules of a gateway's devices, keyed by device MAC. */
export class PeriodicSchedules {
  readonly #timers = new Map<string, NodeJS.Timeout>();

  /**
   * @param timeFactor simulated seconds per real second (> 0)
   * @param measure starts one self-initiated measurement of the device
   */
  constructor(
    readonly timeFactor: number,
    readonly measure: (deviceMac: string, id: string) => void,
  ) {
    if (!(timeFactor > 0)) throw new RangeError(`timeFactor must be > 0, got ${timeFactor}`);
  }

  /** Real milliseconds between the device's measurements for a sleep of `seconds`. */
  periodMs(seconds: number): number {
    return (seconds * 1000) / this.timeFactor;
  }

  /** (Re)starts the device's schedule: first measurement one period from now. */
  set(deviceMac: string, seconds: number): void {
    this.clear(deviceMac);
    const t = setInterval(() => this.measure(deviceMac, selfObjectId()), this.periodMs(seconds));
    this.#timers.set(deviceMac, t);
  }

  /** Stops the device's schedule. */
  clear(deviceMac: string): void {
    const t = this.#timers.get(deviceMac);
    if (t) clearInterval(t);
    this.#timers.delete(deviceMac);
  }

  /** MACs of devices with a running schedule. */
  active(): string[] {
    return [...this.#timers.keys()];
  }

  stopAll(): void {
    for (const mac of [...this.#timers.keys()]) this.clear(mac);
  }
}
