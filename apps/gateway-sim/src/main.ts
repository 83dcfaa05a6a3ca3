/**
 * Command-line entry of the simulated plant. Runs against any MQTT broker, as a real gateway would.
 *
 * Environment (all optional):
 *   MQTT_URL             broker URL, default mqtt://127.0.0.1:1883
 *   SENSEWAY_ROOT        topic root, prod (default) or lake
 *   PLANT_CONFIG         layout file, default apps/gateway-sim/plant.json
 *   RECORDINGS_DIR       directory with index.json in the data/vibration format, default the bundled CWRU records
 *   SCAN_INTERVAL_MS     scanDevice period in ms, default 60000
 *   CHUNK_BYTES          chunk payload size in bytes (even), default 20480
 *   ACQUISITION_SPEEDUP  recorded time / simulated acquisition time, default 10
 *   GATEWAY_CREDENTIALS_FILE  JSON file {MAC: secret}: each gateway, Duck and trigger connects with
 *                        username = its MAC and that secret (issued in the Gateways tab; `npm start`
 *                        writes DATA_DIR/simulator-credentials.json)
 *   SIMULATOR=off        do nothing and exit 0
 */
import fs from 'node:fs';
import type { PlantEvent } from './gateway.ts';
import { startPlant } from './plant.ts';

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const v = Number(raw);
  if (!Number.isFinite(v)) throw new Error(`${name}=${raw} is not a number`);
  return v;
}

/** One line per event: ISO time, event type, then key=value pairs. */
function formatEvent(e: PlantEvent): string {
  const head = `${new Date().toISOString()} gateway-sim ${e.type} gw=${e.gateway}`;
  switch (e.type) {
    case 'scan':
      return `${head} ${Object.entries(e.devices)
        .map(([mac, d]) => `${mac}:${d.status}/${d.rssi}dBm`)
        .join(' ')}`;
    case 'command':
      return `${head} dev=${e.device} id=${e.id} payload=${JSON.stringify(e.payload)}`;
    case 'rejected':
      return `${head} dev=${e.device} id=${e.id} reason=${e.reason}`;
    case 'accepted': {
      const r = e.replay;
      return `${head} dev=${e.device} id=${e.id} recording=${r.recording} offset=${r.offset} q=${r.q} rateHz=${r.calibratedRateHz} samples=${r.sampleSize} range=${r.rangeIndex}`;
    }
    case 'done':
      return `${head} dev=${e.device} id=${e.id} chunks=${e.chunkCount} rateHz=${e.calibratedRateHz} samples=${e.sampleSize}`;
    case 'version':
      return `${head} target=${e.target} answer=${e.answer}`;
    case 'error':
      return `${head} ${e.message}`;
    default:
      return head;
  }
}

/** `{MAC: secret}` from GATEWAY_CREDENTIALS_FILE, MACs upper-cased; none without the variable. */
function readCredentials(file: string | undefined): Record<string, string> | undefined {
  if (!file) return undefined;
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!json || typeof json !== 'object') throw new Error(`${file}: expected a JSON object {MAC: secret}`);
  return Object.fromEntries(
    Object.entries(json as Record<string, unknown>)
      .filter((e): e is [string, string] => typeof e[1] === 'string')
      .map(([mac, secret]) => [mac.toUpperCase(), secret]),
  );
}

async function main(): Promise<void> {
  if (process.env.SIMULATOR === 'off') {
    console.log('gateway-sim: SIMULATOR=off, not starting');
    return;
  }
  const root = process.env.SENSEWAY_ROOT || 'prod';
  if (root !== 'prod' && root !== 'lake') throw new Error(`SENSEWAY_ROOT=${root}: expected prod or lake`);
  const mqttUrl = process.env.MQTT_URL || 'mqtt://127.0.0.1:1883';
  console.log(`${new Date().toISOString()} gateway-sim starting broker=${mqttUrl} root=${root}`);
  const plant = await startPlant({
    mqttUrl,
    root,
    config: process.env.PLANT_CONFIG || undefined,
    recordingsDir: process.env.RECORDINGS_DIR || undefined,
    scanIntervalMs: numberFromEnv('SCAN_INTERVAL_MS'),
    chunkBytes: numberFromEnv('CHUNK_BYTES'),
    acquisitionSpeedup: numberFromEnv('ACQUISITION_SPEEDUP'),
    onEvent: (e) => (e.type === 'error' ? console.error : console.log)(formatEvent(e)),
    onTrigger: (e) => console.log(`${new Date().toISOString()} gateway-sim trigger dev=${e.trigger} id=${e.id}`),
    waitForConnection: false,
    credentials: readCredentials(process.env.GATEWAY_CREDENTIALS_FILE),
  });
  for (const g of plant.config.gateways)
    console.log(
      `${new Date().toISOString()} gateway-sim gateway ${g.mac}: ${g.devices.map((d) => `${d.mac}=${d.recording}`).join(' ')}`,
    );
  for (const d of plant.config.ducks) console.log(`${new Date().toISOString()} gateway-sim duck ${d.mac}: ${d.recording}`);
  for (const t of plant.config.triggers)
    console.log(
      `${new Date().toISOString()} gateway-sim trigger ${t.mac}: ${t.intervalMs ? `an event every ${t.intervalMs / 1000} s` : 'no timer'}`,
    );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${new Date().toISOString()} gateway-sim ${signal}: stopping`);
    plant.stop().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`gateway-sim: ${err.message}`);
  process.exit(1);
});
