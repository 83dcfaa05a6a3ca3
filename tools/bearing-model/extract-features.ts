/**
 * Step 1 of the bearing-condition model (README.md beside this file): cuts the real recordings of
 * data/vibration into 0.5 s segments and writes their features, computed by the SERVER's own
 * feature code (apps/server/src/modules/ai-models/features.ts), to features.json.
 *
 * Usage: node --import tsx tools/bearing-model/extract-features.ts [dataDir] [out.json]
 *   dataDir defaults to $VIBRATION_DATA_DIR, else ../shared/data/vibration next to the repository
 *   (CWRU + IMS), else the repository's apps/gateway-sim/recordings/cwru (CWRU only: the same model
 *   weights, without the external IMS check).
 *
 * Deterministic: no randomness, segments in a fixed order, numbers written with full precision.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decimate } from '@overtone/dsp';
import { bearingFeatures, FEATURE_NAMES, FEATURE_SET_VERSION } from '../../apps/server/src/modules/ai-models/features.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The full data set (4 CWRU records + the IMS snapshot) next to the repository; the repository's own copy has the CWRU ones only. */
const SHARED_DATA = path.join(repoRoot, '../shared/data/vibration');
const REPO_DATA = path.join(repoRoot, 'apps/gateway-sim/recordings/cwru');
const dataDir = path.resolve(
  process.argv[2] ??
    process.env.VIBRATION_DATA_DIR ??
    (fs.existsSync(path.join(SHARED_DATA, 'index.json')) ? SHARED_DATA : REPO_DATA),
);
const outFile = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, 'features.json'));

/** Segment length, s: a typical sensor record (0.5 s gives 2 Hz envelope lines). */
export const SEGMENT_S = 0.5;
/** Common rate of the CWRU training segments, Hz: the 48 kHz normal record is decimated to it. */
const TRAINING_FS = 12000;

/** CWRU classes (class0 is reserved for unknown). */
const CLASS_OF_FAULT: Record<string, string> = { none: 'class1', inner_race: 'class2', ball: 'class3', outer_race: 'class4' };

interface Sidecar {
  id: string;
  sampling_rate_hz: number;
  shaft_frequency_hz: number;
  channels: { file: string; channel: string; sha256: string; n_samples: number }[];
  fault: { type: string };
  bearings: Record<string, { multipliers: { BPFO: number; BPFI: number; BSF: number } }>;
  source: { repo: string; commit: string; path: string };
}

function readF32(file: string): Float64Array {
  const buf = fs.readFileSync(file);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const x = new Float64Array(buf.byteLength / 4);
  for (let i = 0; i < x.length; i++) x[i] = dv.getFloat32(4 * i, true);
  return x;
}

const index = JSON.parse(fs.readFileSync(path.join(dataDir, 'index.json'), 'utf8')) as {
  records: { id: string; json: string }[];
};
const rows: unknown[] = [];
const sources: unknown[] = [];
for (const rec of index.records) {
  const sidecarFile = path.join(dataDir, rec.json);
  const meta = JSON.parse(fs.readFileSync(sidecarFile, 'utf8')) as Sidecar;
  const cwru = meta.id.startsWith('cwru-');
  // CWRU: the fault is seeded in the drive-end bearing; both accelerometers are analysed at ITS orders.
  const m = cwru ? meta.bearings.drive_end.multipliers : Object.values(meta.bearings)[0].multipliers;
  const bearing = { bpfo: m.BPFO, bpfi: m.BPFI, bsf: m.BSF };
  const role = cwru ? 'train' : 'external';
  const classKey = cwru ? CLASS_OF_FAULT[meta.fault.type] : 'class1';
  sources.push({
    id: meta.id,
    sidecar: rec.json,
    fsHz: meta.sampling_rate_hz,
    fault: meta.fault.type,
    source: meta.source,
    role,
  });
  for (const ch of meta.channels) {
    let x = readF32(path.join(path.dirname(sidecarFile), ch.file));
    let fs0 = meta.sampling_rate_hz;
    // The CWRU normal baseline is sampled at 48 kHz: decimate by 4 to 12 kHz like the fault records
    // (scipy.signal.decimate(x, 4, ftype='fir'): 81-tap Hamming FIR, zero phase; packages/dsp decimate).
    if (cwru && fs0 !== TRAINING_FS) {
      const q = fs0 / TRAINING_FS;
      if (!Number.isInteger(q)) throw new Error(`${meta.id}: ${fs0} Hz is not an integer multiple of ${TRAINING_FS} Hz`);
      x = decimate(x, q);
      fs0 = TRAINING_FS;
    }
    const len = Math.round(SEGMENT_S * fs0);
    const count = Math.floor(x.length / len);
    for (let s = 0; s < count; s++) {
      const seg = x.subarray(s * len, (s + 1) * len);
      const r = bearingFeatures(seg, fs0, meta.shaft_frequency_hz, bearing);
      if (!r.ok) throw new Error(`${meta.id} ${ch.channel} segment ${s}: ${r.reason}`);
      rows.push({
        record: meta.id,
        channel: ch.channel,
        segment: s,
        /** which half of the record the segment lies in (0 first, 1 second): the time-split evaluation */
        half: s < count / 2 ? 0 : 1,
        startSample: s * len,
        fsHz: fs0,
        shaftHz: meta.shaft_frequency_hz,
        role,
        classKey,
        features: Array.from(r.features),
      });
    }
  }
}

const out = {
  featureSet: FEATURE_SET_VERSION,
  featureNames: FEATURE_NAMES,
  segmentSeconds: SEGMENT_S,
  trainingSamplingRateHz: TRAINING_FS,
  sources,
  rows,
};
fs.writeFileSync(outFile, JSON.stringify(out, null, 1) + '\n');
console.log(`${rows.length} segments → ${path.relative(process.cwd(), outFile)}`);
