/**
 * The limits every Senseway message is checked against before any of its fields drives an
 * allocation, a loop or a file name (issue 14 "An ingest that survives any message";
 * shared/protocol/senseway-gateway.md). Each bound is the protocol's documented or observed value
 * with a stated margin, so that every real gateway passes and nothing else can make the server
 * allocate, loop or name files beyond them.
 */

/**
 * Samples per axis of the largest legal measurement: 1 000 000 (legacy Senseway docs, §4.3; the
 * Duck v1 docs give the same, §10.1). Our own commands send at most 50 000 (spec).
 */
export const MAX_SAMPLES = 1_000_000;

/**
 * Largest legal payload of one chunk, bytes. Firmware cuts the stream into fixed-size chunks: 20 480 B
 * on legacy Senseway (§5.2, real captures), 2 048 B on Wired Pro 2023 (§5.2, inferred). The size is
 * firmware-dependent and not documented, so we allow 64 KiB, three times the largest seen, which
 * still keeps one chunk far below anything that matters for memory.
 */
export const MAX_CHUNK_BYTES = 65_536;

/**
 * Largest legal measurement, bytes of the assembled stream: 6 bytes × {@link MAX_SAMPLES} for sensor
 * type 1 (§5.1), plus one chunk of slack for the magnetometer triples of sensor type 3 (at most
 * 4 096 per axis, 24 576 B, §5.4). A Duck within our spec (20 000 samples × 8 channels × 4 B,
 * §10.1) is far below.
 */
export const MAX_MEASUREMENT_BYTES = 6 * MAX_SAMPLES + MAX_CHUNK_BYTES;

/**
 * Highest `CHUNK_COUNT` (and highest chunk index + 1). The largest measurement cut into the smallest
 * chunks seen (2 048 B, Wired Pro) is 2 963 chunks; 8 192 still admits chunks down to 741 B.
 */
export const MAX_CHUNK_COUNT = 8_192;

/**
 * Calibrated sampling rate bounds, Hz. Nominal rates are 800 … 25 600 Hz (§4.2), calibrated ones
 * were seen from 839 to 26 746 Hz (§4.2) and 10 278.7 Hz with the magnetometer on (§6.2); Ducks
 * run at 300 … 4 800 Hz in our spec (§10.1). The bounds leave a factor of about 2 below the
 * lowest (100 Hz) and above the highest (51 200 Hz) rate any source shows.
 */
export const MIN_SAMPLING_RATE_HZ = 100;
export const MAX_SAMPLING_RATE_HZ = 51_200;

/**
 * `MEASUREMENT_START_UNIXTIME` is accepted from 0 to 2^32 − 1 s (an unsigned 32-bit epoch, what
 * an embedded clock can hold); beyond that the `done` is rejected. A value outside
 * {@link plausibleStartUnixtime} (a gateway without NTP yet reports 1970) is kept in the `done` but
 * not used as the measurement's time: the arrival time is.
 */
export const MAX_UNIXTIME = 2 ** 32 - 1;
/** 2015-01-01T00:00:00Z: older than any Senseway firmware (the protocol's sources start in 2021). */
export const EARLIEST_PLAUSIBLE_UNIXTIME = 1_420_070_400;
/** A start time may run ahead of the server's clock by at most this (gateway clocks drift), s. */
export const START_TIME_FUTURE_SLACK_S = 24 * 60 * 60;

/** Largest `done` payload, bytes: a real one is about 1 KB (§6, the Wired Pro 2023 example 1.3 KB). */
export const MAX_DONE_BYTES = 16_384;
/** TELEMETRY entries in a `done`: 10 names are documented (§6.3); 64 leaves room for firmware we have not seen. */
export const MAX_TELEMETRY_ENTRIES = 64;
/** Values in one TELEMETRY entry: a scalar or a per-axis `[x, y, z]` (§6.3); up to 16 kept for unknown firmware. */
export const MAX_TELEMETRY_VALUES = 16;
/** Largest magnitude of a device-reported telemetry value (the largest documented is SUM over 10^6 samples). */
export const MAX_TELEMETRY_ABS = 1e12;

/** Largest `scanDevice` payload, bytes (an entry is about 60 B, §7). */
export const MAX_SCAN_BYTES = 32_768;
/** Devices in one `scanDevice` report: a gateway hears a few tens (§7); 256 leaves a wide margin. */
export const MAX_SCAN_ENTRIES = 256;
/** Plausible RSSI, dBm. */
export const MIN_RSSI_DBM = -150;
export const MAX_RSSI_DBM = 20;

/** Largest payload of a reply (`accepted`, `rejected`, versions), bytes; the `rejected` text is a short code (§15). */
export const MAX_REPLY_BYTES = 1_024;
/** Longest topic accepted, characters (the longest protocol topic is about 110). */
export const MAX_TOPIC_LENGTH = 256;

/** Upper-case MAC, six hex pairs with colons (§2). */
export const MAC_PATTERN = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;
/**
 * Measurement object id: 1–64 letters, digits, `_` or `-`. The protocol's are 24 hex digits (§2:
 * MongoDB ObjectId; C2 uses UUID digits); the set excludes `/`, `+`, `#`, `.` and anything that could
 * make a path segment other than a plain file name.
 */
export const OBJECT_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

/** True for an upper-case colon MAC ({@link MAC_PATTERN}). */
export const isMac = (s: string) => MAC_PATTERN.test(s);
/** True for a legal measurement object id ({@link OBJECT_ID_PATTERN}). */
export const isObjectId = (s: string) => OBJECT_ID_PATTERN.test(s);

/**
 * True when a start time (epoch seconds) can be the measurement's time: after 2015 and at most a day
 * ahead of `nowMs`.
 */
export const plausibleStartUnixtime = (t: number, nowMs = Date.now()) =>
  Number.isFinite(t) && t >= EARLIEST_PLAUSIBLE_UNIXTIME && t <= nowMs / 1000 + START_TIME_FUTURE_SLACK_S;

/**
 * Checks one chunk before anything is allocated for it: index within 0 … {@link MAX_CHUNK_COUNT} − 1,
 * payload non-empty, even (int16 or uint32 words, §5.1, §10.1) and at most {@link MAX_CHUNK_BYTES}.
 * @returns null when legal, else the reason
 */
export function checkChunk(index: number, payloadBytes: number): string | null {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_CHUNK_COUNT)
    return `CHUNK_INDEX ${index} not in 0..${MAX_CHUNK_COUNT - 1}`;
  if (payloadBytes === 0) return 'CHUNK_EMPTY';
  if (payloadBytes > MAX_CHUNK_BYTES) return `CHUNK_TOO_LARGE ${payloadBytes} > ${MAX_CHUNK_BYTES}`;
  if (payloadBytes % 2 !== 0) return `CHUNK_ODD_LENGTH ${payloadBytes}`;
  return null;
}
