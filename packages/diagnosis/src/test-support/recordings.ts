/// <reference types="node" />
// eslint-disable-next-line no-restricted-imports -- test-only: reads the shared recordings
import fs from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- test-only
import path from 'node:path';
import type { BearingOrders } from '../types.ts';

/**
 * Reads the real recordings of `../shared/data/vibration` (tests only; the package itself never
 * touches the file system). Data format: shared/data/vibration/README.md.
 */

/** The recordings' directory (override with OVERTONE_VIBRATION_DATA, as packages/dsp's tests do). */
export const VIBRATION_DIR =
  process.env.OVERTONE_VIBRATION_DATA ?? path.resolve(import.meta.dirname, '../../../../../shared/data/vibration');

interface Sidecar {
  id: string;
  sampling_rate_hz: number;
  shaft_frequency_hz: number;
  channels: { file: string; channel: string }[];
  fault: { type: string };
  bearings: Record<string, { multipliers: Record<string, number>; shaft_frequency_hz?: number }>;
  expected_primary_fault_frequency: { name: string; frequency_hz: number } | null;
}

/** One real recording: its channels (g), rate, shaft speed, fault label and the bearing's orders. */
export interface Recording {
  id: string;
  samplingRateHz: number;
  shaftHz: number;
  /** `none`, `inner_race`, `outer_race`, `ball`. */
  fault: string;
  channels: Map<string, Float64Array>;
  /** Orders of the monitored bearing (CWRU: drive end; IMS: its first bearing). */
  bearing: BearingOrders;
  sidecar: Sidecar;
}

/** Record ids of index.json. */
export function recordingIds(): string[] {
  const index = JSON.parse(fs.readFileSync(path.join(VIBRATION_DIR, 'index.json'), 'utf8')) as { records: { id: string }[] };
  return index.records.map((r) => r.id);
}

/** Reads a recording by its index.json id (`cwru-105`…). */
export function readRecording(id: string): Recording {
  const index = JSON.parse(fs.readFileSync(path.join(VIBRATION_DIR, 'index.json'), 'utf8')) as {
    records: { id: string; json: string }[];
  };
  const entry = index.records.find((r) => r.id === id);
  if (!entry) throw new Error(`no recording ${id}`);
  const sidecarPath = path.join(VIBRATION_DIR, entry.json);
  const sidecar = JSON.parse(fs.readFileSync(sidecarPath, 'utf8')) as Sidecar;
  const channels = new Map<string, Float64Array>();
  for (const c of sidecar.channels) {
    const buf = fs.readFileSync(path.join(path.dirname(sidecarPath), c.file));
    const f32 = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    channels.set(c.channel, Float64Array.from(f32));
  }
  const bearingEntry = sidecar.bearings.drive_end ?? Object.values(sidecar.bearings)[0]!;
  const m = bearingEntry.multipliers;
  return {
    id,
    samplingRateHz: sidecar.sampling_rate_hz,
    shaftHz: sidecar.shaft_frequency_hz,
    fault: sidecar.fault.type,
    channels,
    bearing: { bpfo: m.BPFO!, bpfi: m.BPFI!, bsf: m.BSF!, ftf: m.FTF! },
    sidecar,
  };
}
