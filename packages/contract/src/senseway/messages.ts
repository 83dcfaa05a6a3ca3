import { z } from 'zod';

/** One end node in a `scanDevice` report (§7); rssi may be a string on the wire. */
export const scanEntry = z.object({
  type: z.string().optional(),
  rssi: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : Number(v))),
  status: z.string().optional(),
});
export const scanPayload = z.record(z.string(), scanEntry);

const telemetryEntry = z.object({ NAME: z.string(), VALUE: z.union([z.number(), z.array(z.number())]) });

/** `done` payload (§6): STAT plus device-computed TELEMETRY. */
export const donePayload = z.object({
  STAT: z
    .object({
      MEASUREMENT_START_TIME: z.string().optional(),
      MEASUREMENT_START_UNIXTIME: z.number().optional(),
      CALIBRATED_SAMPLINGRATE: z.number().positive().optional(),
      ACCELEROMETER_CALIBRATED_SAMPLINGRATE: z.number().positive().optional(),
      CHUNK_COUNT: z.number().int().nonnegative().optional(),
    })
    .loose(),
  TELEMETRY: z.array(telemetryEntry).optional().default([]),
});
export type DonePayload = z.infer<typeof donePayload>;

/** Parses `<range>,<rate>,<size>` (§4), tolerating whitespace around fields as C2 sends it. */
export function parseMeasureCommand(text: string): { rangeIndex: number; rateIndex: number; sampleSize: number } | null {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return null;
  const [rangeIndex, rateIndex, sampleSize] = parts.map(Number);
  return { rangeIndex, rateIndex, sampleSize };
}

export const formatMeasureCommand = (c: { rangeIndex: number; rateIndex: number; sampleSize: number }) =>
  `${c.rangeIndex},${c.rateIndex},${c.sampleSize}`;

/** Maps a wire status word case-insensitively onto the spec's gateway statuses (§7). */
export function normalizeDeviceStatus(status: string | undefined): 'unknown' | 'measuring' | 'sleeping' | 'ready' | 'connected' {
  const s = (status ?? '').toLowerCase();
  return s === 'ready' || s === 'measuring' || s === 'connected' || s === 'sleeping' ? s : 'unknown';
}
