/**
 * The diagnosis on the real recordings, through the real path (issue 15 "Measured"): every record
 * of ../shared/data/vibration/index.json is replayed by the simulated gateway (apps/gateway-sim
 * `startPlant`, the demo gateway CA:B8:28:00:00:01 with one tri-axial sensor per record: x = the
 * record's first channel, y = its second, z = the first channel half the record later), over MQTT
 * with the gateway's issued credentials, into the real server (in-memory PGlite, embedded broker,
 * DSP pool): ingest decodes each measurement once (telemetry and features), the post-persist
 * diagnosis writes the reports, and the fault-reports API answers them.
 *
 * Setup (not measured), all through the HTTP API as the admin: the demo seed's four CWRU points
 * (SKF 6205, 29.95 Hz) keep their devices and profile (±4 g, 24 000 samples at 12 kHz); the
 * customer's mains frequency is set to 60 Hz (`PUT /preferences`: both test rigs ran on the US grid);
 * a group "IMS test rig" gets a fifth point (`POST /group/{id}/point`, referenceFrequency 33.33 Hz =
 * 2000 rpm) with the Rexnord ZA-2115 as a custom bearing (`POST /bearingSpesifications`, orders from
 * the IMS sidecar's multipliers), the sensor CA:B8:31:00:00:05 (`PUT /point/{id}/device`) and a
 * profile of 10 240 samples at 20 kHz, ±2 g (`PUT /point/{id}/profile`: the snapshot holds 20 480
 * samples per channel, so x and z, half a snapshot apart, never wrap).
 *
 * Measured: `MEASUREMENTS_PER_POINT` (default 4, `DIAGNOSIS_BENCH_PER_POINT`) measurements per
 * point, asked one at a time with `POST /iot/{pointId}/measure` (the Measure button). Printed per
 * record: its label and expected line (sidecar), the point's reports from `GET /point/{id}/fault-reports`
 * (fault, component, severity, confidence, and in how many of the measurements the diagnosis found
 * that code, from `measurement_diagnoses`), the strongest evidence line of the most confident
 * machine report's latest measurement and its strongest envelope line, each with its distance from
 * the expected line (a line may be the spectrum's: the rule sorts by margin over the noise), and the
 * verdict the issue asks for (inner race → inner_race, outer race → outer_race, ball → unidentified,
 * rolling_element or nothing and never a confident (≥ 0.5) wrong fault, normal → no machine fault).
 * The bench reports; it does not pass or fail. Then the time from the `persisted` event (as a
 * subscriber receives it) until the point's reports answered by the API include the measurement's
 * diagnosis (median, max), and, in this process on one persisted measurement's decoded waveform
 * (read back from storage), the CPU of `extractFeatures` + `diagnose` against `computeTelemetry` of
 * its three axes. The 48 kHz normal record is decimated to 12 kHz by the simulator (device.ts).
 */
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { senseway, type EvidenceLine, type FaultReport, type FaultReportsResponse, type TreeNode } from '@overtone/contract';
import { diagnose, extractFeatures } from '@overtone/diagnosis';
import { computeTelemetry } from '@overtone/dsp';
import { startPlant, type Plant } from '../apps/gateway-sim/src/plant.ts';
import { readPlantConfig, type PlantConfigInput } from '../apps/gateway-sim/src/plant-config.ts';
import { readRecordingIndex, type RecordingIndexEntry } from '../apps/gateway-sim/src/recordings.ts';
import { featuresSourceOf } from '../apps/server/src/modules/fault-reports/diagnosis-repo.ts';
import { pointKinematics } from '../apps/server/src/modules/fault-reports/kinematics.ts';
import { DEMO_GATEWAY } from '../apps/server/src/jobs/seed-demo.ts';
import { startServer, type RunningServer } from '../apps/server/src/server.ts';
import { plantCredentials, serverMqttOptions } from '../apps/server/test/support/edge.ts';
import { api, login, testServerConfig } from '../apps/server/test/support/test-server.ts';
import { median, timeBatches } from './timing.ts';

const RECORDINGS = path.resolve(import.meta.dirname, '../../shared/data/vibration');
const MEASUREMENTS_PER_POINT = Number(process.env.DIAGNOSIS_BENCH_PER_POINT ?? 4);
/** The sensor added for a record the demo plant does not replay (the IMS snapshot). */
const EXTRA_SENSOR = 'CA:B8:31:00:00:05';
/** Confidence from which a wrong finding counts as a confident one (issue 15 "Measured"). */
const CONFIDENT = 0.5;
const BEARING_FAULTS = new Set(['bearing_failure', 'early_stage_bearing_failure']);

/** What the bench reads of a record's sidecar (shared/data/vibration/README.md). */
interface Sidecar {
  shaft_frequency_hz: number;
  fault: { type: string; diameter_in: number | null };
  bearings: Record<string, { model: string; multipliers: Record<string, number> }>;
  expected_primary_fault_frequency: { name: string; hz: number } | null;
}

/** One record with its point and what its measurements gave. */
interface Row {
  entry: RecordingIndexEntry;
  sidecar: Sidecar;
  mac: string;
  pointId: string;
  measurements: string[];
}

const fmtHz = (hz: number | null | undefined) => (hz == null ? '—' : `${hz.toFixed(1)} Hz`);
const labelOf = (s: Sidecar) =>
  s.fault.type === 'none' ? 'normal' : `${s.fault.type}${s.fault.diameter_in ? ` ${s.fault.diameter_in} in` : ''}`;

/**
 * The issue's verdict for the machine reports of a record's point.
 * @param faultType the sidecar's fault type: inner_race, outer_race, ball or none
 * @returns 'right' or 'WRONG (…)', with a note on further confident machine reports
 */
function verdictOf(faultType: string, machine: FaultReport[]): string {
  const name = (r: FaultReport) => (r.bearingComponent ? `${r.fault}:${r.bearingComponent}` : r.fault);
  const wrong = (ok: (r: FaultReport) => boolean) => machine.filter((r) => !ok(r) && r.confidence >= CONFIDENT);
  const say = (ok: boolean, bad: FaultReport[], why: string) =>
    ok && bad.length === 0 ? 'right' : `WRONG (${[...(ok ? [] : [why]), ...bad.map(name)].join(', ')})`;
  if (faultType === 'inner_race' || faultType === 'outer_race') {
    const hit = machine.some((r) => BEARING_FAULTS.has(r.fault) && r.bearingComponent === faultType);
    const bad = wrong((r) => !r.bearingComponent || r.bearingComponent === faultType);
    const others = wrong((r) => r.bearingComponent === faultType);
    const v = say(hit, bad, `no ${faultType} report`);
    return v === 'right' && others.length ? `right (also ${others.map(name).join(', ')})` : v;
  }
  if (faultType === 'ball')
    return say(
      true,
      wrong((r) => r.fault === 'unidentified_fault' || r.bearingComponent === 'rolling_element'),
      '',
    );
  return say(true, machine, '');
}

/** The demo plant's sensor of each record (apps/gateway-sim/plant.json), and {@link EXTRA_SENSOR} for the rest. */
async function sensorsOf(records: RecordingIndexEntry[]): Promise<Map<string, string>> {
  const demo = (await readPlantConfig()).gateways.find((g) => g.mac === DEMO_GATEWAY)!;
  const out = new Map<string, string>();
  for (const r of records) out.set(r.id, demo.devices.find((d) => d.recording === r.id)?.mac ?? EXTRA_SENSOR);
  if ([...out.values()].filter((m) => m === EXTRA_SENSOR).length > 1)
    throw new Error('more than one record outside the demo plant');
  return out;
}

/** The plant the bench replays: the demo gateway, one sensor per record, axes from the record's channels. */
function plantConfig(records: RecordingIndexEntry[], sensors: Map<string, string>): PlantConfigInput {
  return {
    gateways: [
      {
        mac: DEMO_GATEWAY,
        devices: records.map((r) => ({
          mac: sensors.get(r.id)!,
          rssi: -60,
          recording: r.id,
          axes: {
            x: { channel: r.channels[0]! },
            y: { channel: r.channels[1] ?? r.channels[0]! },
            z: { channel: r.channels[0]!, offsetSamples: Math.floor(r.samples / 2) },
          },
        })),
      },
    ],
  };
}

/** Adds the point of a record the demo seed has no point for (see the file's comment); returns its id. */
async function addPoint(server: RunningServer, token: string, entry: RecordingIndexEntry, sidecar: Sidecar): Promise<string> {
  const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await api<T>(server.url, token, method, p, body);
    if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  // beside the demo's CWRU rig, in the demo plant
  const tree = await call<TreeNode[]>('GET', '/tree');
  const rig = tree.find((n) => n._id === tree.find((p) => p.nodeType === 'point')!.parent)!;
  const group = await call<{ _id: string }>('POST', `/tree/group/${rig.parent}/group`, {
    name: 'IMS test rig',
    tagCode: 'IMS TEST RIG',
  });
  // the sidecar's bearing, e.g. "Rexnord ZA-2115 double-row bearing": brand REXNORD, number ZA-2115
  const b = Object.values(sidecar.bearings)[0]!;
  const [brand, number] = b.model.split(' ');
  const bearing = await call<{ _id: string }>('POST', '/bearingSpesifications', {
    brand,
    bearing_number: number,
    bpfo: b.multipliers.BPFO,
    bpfi: b.multipliers.BPFI,
    bsf: b.multipliers.BSF,
    ftf: b.multipliers.FTF,
  });
  const point = await call<{ _id: string }>('POST', `/group/${group._id}/point`, {
    name: `${entry.id} bearing 1`,
    tagCode: 'IMS 1',
    type: ['Bearing'],
    favoriteTelemetry: 'GRMS',
    referenceFrequency: sidecar.shaft_frequency_hz,
    bearingBrand: brand,
    bearing: bearing._id,
  });
  await call('PUT', `/point/${point._id}/device`, { macAddress: EXTRA_SENSOR, gateway: DEMO_GATEWAY });
  // rate index 10 (25 600 Hz nominal): the simulator replays the 20 kHz record undecimated
  await call('PUT', `/point/${point._id}/profile`, {
    sampleSize: Math.floor(entry.samples / 2 / 10) * 10,
    samplingRateIndex: 10,
    accelerometerRangeIndex: 1,
    sensorSelectionIndex: 1,
  });
  return point._id;
}

export default async function diagnosisBench() {
  const records = await readRecordingIndex(RECORDINGS);
  const sidecars = new Map<string, Sidecar>();
  for (const r of records) sidecars.set(r.id, JSON.parse(await readFile(path.join(RECORDINGS, r.json), 'utf8')) as Sidecar);
  const sensors = await sensorsOf(records);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'overtone-bench-diagnosis-'));
  const server = await startServer(testServerConfig(dataDir, { chunkWaitMs: 15_000 }), { inMemoryDb: true });
  let plant: Plant | null = null;
  let watcher: mqtt.MqttClient | null = null;
  try {
    const token = await login(server.url);
    const call = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
      const res = await api<T>(server.url, token, method, p, body);
      if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const { preferences } = await call<{ preferences: Record<string, unknown> }>('GET', '/customer/localhost');
    const body: Record<string, unknown> = { ...preferences, mainsFrequencyHz: 60 };
    delete body.logo; // PUT /preferences takes everything but the logo
    await call('PUT', '/preferences', body);

    const tree = await call<TreeNode[]>('GET', '/tree');
    const rows: Row[] = [];
    for (const entry of records) {
      const mac = sensors.get(entry.id)!;
      const sidecar = sidecars.get(entry.id)!;
      const seeded = tree.find((n) => n.nodeType === 'point' && n.macAddress === mac);
      const pointId = seeded?._id ?? (await addPoint(server, token, entry, sidecar));
      rows.push({ entry, sidecar, mac, pointId, measurements: [] });
    }

    const persisted = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    watcher = await mqtt.connectAsync(server.mqttUrl, {
      ...serverMqttOptions(server),
      clientId: 'bench-diagnosis-watcher',
      reconnectPeriod: 0,
    });
    watcher.on('message', (topic) => {
      const t = senseway.parseTopic(topic);
      if (t.kind !== 'measureEvent' || t.event !== 'persisted') return;
      persisted.set(t.id, performance.now());
      waiters.get(t.id)?.();
    });
    await watcher.subscribeAsync('prod/gateway/+/device/+/measure/+/persisted', { qos: 1 });

    const errors: string[] = [];
    plant = await startPlant({
      mqttUrl: server.mqttUrl,
      config: plantConfig(records, sensors),
      recordingsDir: RECORDINGS,
      credentials: plantCredentials(server),
      scanIntervalMs: 5_000,
      acquisitionSpeedup: 20,
      onEvent: (e) => {
        if (e.type === 'error' || e.type === 'rejected') errors.push(JSON.stringify(e));
      },
    });

    // One measurement at a time, round-robin over the points: persisted → report readable in the API.
    const toReport: number[] = [];
    for (let round = 0; round < MEASUREMENTS_PER_POINT; round++)
      for (const row of rows) {
        const { _id: id } = await call<{ _id: string }>('POST', `/iot/${row.pointId}/measure`, {});
        let timer: NodeJS.Timeout | undefined;
        const arrived = new Promise<void>((resolve, reject) => {
          waiters.set(id, resolve);
          timer = setTimeout(
            () => reject(new Error(`${row.entry.id}: ${id} not persisted in 60 s ${errors.join('; ')}`)),
            60_000,
          );
        });
        if (!persisted.has(id)) await arrived;
        clearTimeout(timer);
        waiters.delete(id);
        await server.ctx.diagnosis!.idle();
        await call<FaultReportsResponse>('GET', `/point/${row.pointId}/fault-reports?status=all&pageSize=100`);
        toReport.push(performance.now() - persisted.get(id)!);
        row.measurements.push(id);
      }

    const diagnosed = await server.ctx.db
      .selectFrom('measurement_diagnoses')
      .select(['measurement_id', 'point_id', 'codes'])
      .execute();
    console.log(
      `${rows.length} records × ${MEASUREMENTS_PER_POINT} measurements through the simulated gateway, MQTT, ingest and the diagnosis; ${diagnosed.length} diagnosed; ${os.availableParallelism()} cores`,
    );
    console.log(
      '| record | label | expected line | reports of its point (found in n of the measurements) | strongest evidence line (Δ from expected) | strongest envelope line (Δ from expected) | verdict |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) {
      const reports = (await call<FaultReportsResponse>('GET', `/point/${row.pointId}/fault-reports?status=all&pageSize=100`))
        .data.detectionReports;
      const codes = diagnosed.filter((d) => d.point_id === row.pointId).map((d) => d.codes);
      const found = (code: string) => `${codes.filter((c) => c.includes(code)).length}/${row.measurements.length}`;
      const machine = reports.filter((r) => r.detectionType === 'machine').sort((a, b) => b.confidence - a.confidence);
      const listed = reports
        .map(
          (r) =>
            `${r.detectionType === 'sensor' ? 'sensor ' : ''}${r.fault}${r.bearingComponent ? `/${r.bearingComponent}` : ''} ${r.severity} ${r.confidence.toFixed(2)} (${found(r.code)})`,
        )
        .join('; ');
      const expected = row.sidecar.expected_primary_fault_frequency;
      // the most confident machine report's lines of its latest measurement, strongest first (lifecycle.ts)
      const latest = machine[0]?.evidence.filter((l) => l.measurementId === machine[0]!.measurementId) ?? [];
      const describe = (l: EvidenceLine | undefined) =>
        l
          ? `${l.kind} ${fmtHz(l.frequencyHz)} (${l.axis ?? '—'}, ${l.domain})${
              expected && l.frequencyHz != null ? ` ${(((l.frequencyHz - expected.hz) / expected.hz) * 100).toFixed(1)} %` : ''
            }`
          : '—';
      console.log(
        `| ${row.entry.id} | ${labelOf(row.sidecar)} | ${expected ? `${expected.name} ${fmtHz(expected.hz)}` : '—'} | ${listed || '—'} | ${describe(
          latest[0],
        )} | ${describe(latest.find((l) => l.domain === 'envelope'))} | ${verdictOf(row.sidecar.fault.type, machine)} |`,
      );
    }
    const sorted = [...toReport].sort((a, b) => a - b);
    console.log(
      `persisted → report readable (GET /point/{id}/fault-reports), ${toReport.length} measurements: median ${median(toReport).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
    if (errors.length) console.log(`simulator errors: ${errors.join('; ')}`);

    // CPU, this process, one persisted measurement of the first record with a 12 kHz × 24 000 waveform.
    const sample = rows.find((r) => r.entry.fs_hz === 12_000) ?? rows[0]!;
    const id = sample.measurements[0]!;
    const m = await server.ctx.db
      .selectFrom('measurements')
      .select(['waveform_key', 'range_index', 'calibrated_sampling_rate'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const input = (await featuresSourceOf(server.ctx.db, id))!;
    const kinematics = pointKinematics(input.point, input.bearing, input.mainsHz, input.rangeIndex);
    const w = senseway.decodeTriaxial((await server.ctx.storage.get(m.waveform_key!))!, m.range_index);
    const fs = m.calibrated_sampling_rate!;
    const signal = { samplingRateHz: fs, x: w.x, y: w.y, z: w.z, temperatureC: null };
    const opts = { warmup: 5, batches: 15 };
    const telemetry = median(timeBatches(() => [w.x, w.y, w.z].forEach((a) => computeTelemetry(a, fs)), opts));
    const features = extractFeatures(signal, kinematics);
    const extract = median(timeBatches(() => extractFeatures(signal, kinematics), opts));
    const context = { kinematics, baseline: null, falsePositives: [] };
    const rules = median(timeBatches(() => diagnose(features, context), opts));
    console.log(
      `CPU on measurement ${id} (${sample.entry.id}, 3 × ${w.x.length} samples at ${fs} Hz), this thread: telemetry ${telemetry.toFixed(2)} ms, extractFeatures ${extract.toFixed(2)} ms + diagnose ${rules.toFixed(3)} ms = ${(extract + rules).toFixed(2)} ms added (${((extract + rules) / telemetry).toFixed(2)}× the telemetry; budget 20 ms)`,
    );
  } finally {
    await plant?.stop();
    await watcher?.endAsync();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
