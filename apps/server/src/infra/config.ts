import path from 'node:path';
import type { S3StorageConfig } from './storage-s3.ts';

/** Server configuration read from the environment (README "Environment variables"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite database under `dataDir/db` is used. */
  databaseUrl: string | null;
  /** PostgreSQL connections this instance keeps at most (DATABASE_POOL_SIZE, default 10; docs/operations.md "PostgreSQL") */
  databasePoolSize: number;
  /** External broker URL; when absent the embedded aedes broker is started. */
  mqttUrl: string | null;
  mqttPort: number;
  mqttHost: string;
  /**
   * MQTT over TLS on the embedded broker (MQTT_TLS_PORT, default 8883 when MQTT_TLS_CERT and
   * MQTT_TLS_KEY name PEM files; MQTT_TLS_CA, a CA whose signed client certificates, with the device
   * MAC as common name, authenticate a device without a password). Null: no TLS listener.
   */
  mqttTls: { port: number; certFile: string; keyFile: string; caFile: string | null } | null;
  /** With mqttUrl: manage Mosquitto's dynamic-security plugin (MQTT_DYNSEC, default on; docs/operations.md). */
  mqttDynsec: boolean;
  /** Host name devices connect to, as the credentials dialog shows it (MQTT_PUBLIC_HOST); null: the host the admin uses. */
  mqttPublicHost: string | null;
  /** Port devices connect to when a proxy or NAT maps it (MQTT_PUBLIC_PORT); null: `mqttPort`. */
  mqttPublicPort: number | null;
  /**
   * Client id of the server's persistent broker session (MQTT_CLIENT_ID); default derived from the
   * data directory, so a restarted server resumes its session; with `multiInstance`, made of the host
   * name and the process id instead. Each server instance needs its own.
   */
  mqttClientId?: string | null;
  /** Topic roots of the Senseway protocol the ingest listens on. */
  sensewayRoots: ('prod' | 'lake')[];
  /** Root used for commands we publish. */
  sensewayRoot: 'prod' | 'lake';
  webDist: string | null;
  demoPassword: string | null;
  /** Seconds a signed broker URL stays valid. */
  liveUrlTtlS: number;
  /** Milliseconds to wait for missing chunks after `done` before a measurement is stored as partial. */
  chunkWaitMs: number;
  /**
   * Where chunks wait for finalization (INGEST_CHUNK_STORE): `files` in the data directory (default
   * with the embedded database) or `database` (default with DATABASE_URL; shared by instances).
   */
  ingestChunkStore: 'files' | 'database';
  /** Measurements finalized at once (INGEST_CONCURRENCY, default 3): decode, telemetry, storage, commit. */
  ingestConcurrency: number;
  /** Milliseconds after which a requested measurement with no `done` is marked as errored. */
  measureTimeoutMs: number;
  sessionTtlHours: number;
  logLevel: string;
  /** DSP worker threads; 0 runs DSP on the request thread; null = one per core. */
  dspWorkers: number | null;
  /** Start the demo tenant seed on first start. */
  seedDemo: boolean;
  /**
   * Fastify `trustProxy` (TRUST_PROXY): off by default, so the tenant host and the client address come
   * from the connection itself. `on`/`true`: trust every proxy; a number: that many hops; anything else:
   * a comma-separated list of proxy addresses or CIDR ranges.
   */
  trustProxy: boolean | number | string;
  /** SMTP server URL (SMTP_URL, e.g. `smtp://user:pass@mail.example.com:587`); null writes mail to `dataDir/outbox`. */
  smtpUrl: string | null;
  /** Sender of the mails the server writes (MAIL_FROM). */
  mailFrom: string;
  /** Captcha difficulty (CAPTCHA_MAX_NUMBER, default 100000): the ALTCHA solver tries up to this many numbers. */
  captchaMaxNumber: number;
  /**
   * Periodic scheduler time factor (SCHEDULER_TIME_FACTOR, default 1): real intervals are the
   * sleepAmount interval divided by it (tests and demos use e.g. 1000: 2048 s → 2.048 s).
   */
  schedulerTimeFactor: number;
  /** How often the scheduler looks for due jobs, ms (SCHEDULER_POLL_MS, default 1000). */
  schedulerPollMs: number;
  /**
   * One of several server instances behind one address (MULTI_INSTANCE=on; docs/operations.md
   * "Several instances"): the shared database and broker and every shared key must be configured
   * ({@link multiInstanceProblems}), and the instance's broker client id is its own, not derived from
   * the data directory.
   */
  multiInstance: boolean;
  /**
   * An S3-compatible object store (S3_ENDPOINT, S3_BUCKET, S3_REGION default `us-east-1`,
   * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE default on) instead of
   * `dataDir/objects`; null without S3_ENDPOINT. @see s3Config
   */
  s3: S3StorageConfig | null;
}

/** A configuration the server cannot start with; its message says what to set (main.ts prints it alone). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The keys every instance of a multi-instance set-up must share (infra/secrets.ts reads them). */
export const SHARED_KEYS = ['CAPTCHA_HMAC_KEY', 'LIVE_URL_KEY', 'STORAGE_HMAC_KEY'] as const;
/** Shortest shared key accepted: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const MIN_SHARED_KEY_LENGTH = 32;

/**
 * What a multi-instance set-up lacks (issue 19 "Shared configuration"): instances that each made
 * their own keys would refuse one another's captchas, signed image and live URLs, and each would
 * run its own embedded database and broker. Empty when `MULTI_INSTANCE` is not on.
 * @param env the environment the configuration was read from
 * @returns one line per missing or too short variable, naming it
 */
export function multiInstanceProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.multiInstance) return [];
  const problems: string[] = [];
  if (!config.databaseUrl) problems.push('DATABASE_URL is not set: every instance must use the same PostgreSQL database');
  if (!config.mqttUrl) problems.push('MQTT_URL is not set: every instance must use the same MQTT broker');
  if (!config.s3)
    problems.push('S3_ENDPOINT is not set: waveforms, images, photos and logos must be in one object store for every instance');
  if (config.databaseUrl && config.ingestChunkStore !== 'database')
    problems.push("INGEST_CHUNK_STORE is 'files': the instances share the ingest, so chunks must wait in the database");
  for (const key of SHARED_KEYS) {
    const v = env[key] ?? '';
    if (!v) problems.push(`${key} is not set: every instance must be given the same value`);
    else if (v.length < MIN_SHARED_KEY_LENGTH)
      problems.push(`${key} has ${v.length} characters: at least ${MIN_SHARED_KEY_LENGTH}`);
  }
  return problems;
}

/** Parses TRUST_PROXY (see `Config.trustProxy`). */
export function parseTrustProxy(v: string | undefined): boolean | number | string {
  const s = (v ?? '').trim();
  if (!s || /^(off|false|no)$/i.test(s)) return false;
  if (/^(on|true|yes)$/i.test(s)) return true;
  if (/^\d+$/.test(s)) return Number(s) === 0 ? false : Number(s);
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .join(',');
}

/**
 * The object store's `S3_*` variables, or null without S3_ENDPOINT.
 * @throws ConfigError naming every variable missing beside S3_ENDPOINT
 */
export function s3Config(env: NodeJS.ProcessEnv): S3StorageConfig | null {
  if (!env.S3_ENDPOINT) return null;
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((k) => !env[k]);
  if (missing.length)
    throw new ConfigError(`S3_ENDPOINT is set, but not ${missing.join(', ')} (docs/operations.md "Object storage")`);
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: !/^(off|false|no|0)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
  };
}

/** INGEST_CHUNK_STORE, defaulting by database kind. @throws Error for another value */
function chunkStoreKind(v: string | undefined, databaseUrl: string | undefined): Config['ingestChunkStore'] {
  if (v === 'files' || v === 'database') return v;
  if (v) throw new Error(`INGEST_CHUNK_STORE must be 'files' or 'database', got '${v}'`);
  return databaseUrl ? 'database' : 'files';
}
const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const roots = (env.SENSEWAY_ROOTS ?? 'prod,lake').split(',').filter((r): r is 'prod' | 'lake' => r === 'prod' || r === 'lake');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: Math.max(2, int(env.DATABASE_POOL_SIZE, 10)),
    mqttUrl: env.MQTT_URL || null,
    mqttPort: int(env.MQTT_PORT, 1883),
    mqttHost: env.MQTT_HOST ?? '0.0.0.0',
    mqttClientId: env.MQTT_CLIENT_ID || null,
    mqttTls:
      env.MQTT_TLS_CERT && env.MQTT_TLS_KEY
        ? {
            port: int(env.MQTT_TLS_PORT, 8883),
            certFile: path.resolve(env.MQTT_TLS_CERT),
            keyFile: path.resolve(env.MQTT_TLS_KEY),
            caFile: env.MQTT_TLS_CA ? path.resolve(env.MQTT_TLS_CA) : null,
          }
        : null,
    mqttDynsec: !/^(off|false|no)$/i.test(env.MQTT_DYNSEC ?? ''),
    mqttPublicHost: env.MQTT_PUBLIC_HOST || null,
    mqttPublicPort: env.MQTT_PUBLIC_PORT && /^\d+$/.test(env.MQTT_PUBLIC_PORT) ? Number(env.MQTT_PUBLIC_PORT) : null,
    sensewayRoots: roots.length ? roots : ['prod'],
    sensewayRoot: env.SENSEWAY_ROOT === 'lake' ? 'lake' : 'prod',
    webDist: env.WEB_DIST === 'off' ? null : path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    demoPassword: env.DEMO_PASSWORD || null,
    liveUrlTtlS: int(env.LIVE_URL_TTL_S, 300),
    chunkWaitMs: int(env.CHUNK_WAIT_MS, 15000),
    ingestChunkStore: chunkStoreKind(env.INGEST_CHUNK_STORE, env.DATABASE_URL),
    ingestConcurrency: Math.max(1, int(env.INGEST_CONCURRENCY, 3)),
    measureTimeoutMs: int(env.MEASURE_TIMEOUT_MS, 120000),
    sessionTtlHours: int(env.SESSION_TTL_HOURS, 24 * 7),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedDemo: env.SEED_DEMO !== 'off',
    dspWorkers: env.DSP_WORKERS && /^\d+$/.test(env.DSP_WORKERS) ? Number(env.DSP_WORKERS) : null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Overtone <no-reply@overtone.local>',
    captchaMaxNumber: Math.max(10, int(env.CAPTCHA_MAX_NUMBER, 100_000)),
    schedulerTimeFactor: Number(env.SCHEDULER_TIME_FACTOR) > 0 ? Number(env.SCHEDULER_TIME_FACTOR) : 1,
    schedulerPollMs: Math.max(10, int(env.SCHEDULER_POLL_MS, 1000)),
    multiInstance: /^(on|true|yes|1)$/i.test(env.MULTI_INSTANCE ?? ''),
    s3: s3Config(env),
  };
}
