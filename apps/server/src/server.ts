import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { configureHeaps } from './infra/heaps.ts';
import { ConfigError, multiInstanceProblems, type Config } from './infra/config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './infra/db/database.ts';
import { startEmbeddedMaintenance } from './infra/db/maintenance.ts';
import { migrate } from './infra/db/migrate.ts';
import { loadSecrets } from './infra/secrets.ts';
import { createLocalStorage } from './infra/storage.ts';
import { createS3Storage } from './infra/storage-s3.ts';
import { createDatabaseChunkStore } from './jobs/ingest/chunk-store-database.ts';
import { createFileChunkStore } from './jobs/ingest/chunk-store-files.ts';
import { createMailer } from './infra/mail.ts';
import { startEmbeddedBroker, SERVER_MQTT_USER, type EmbeddedBroker } from './infra/broker.ts';
import { connectServerMqtt } from './infra/mqtt-client.ts';
import { startLiveRelay, type LiveRelay } from './infra/live-relay.ts';
import { createDspPool, createInlineDspPool } from './jobs/dsp/dsp-pool.ts';
import { livePolicy } from './modules/iot/live-policy.ts';
import { noteConnectionDropped } from './modules/iot/command-redelivery.ts';
import { createEdgeDirectory } from './modules/edge/edge-directory.ts';
import { embeddedEdgeAccess, embeddedEdgePolicy } from './modules/edge/edge-policy.ts';
import { createMosquittoDynsec, type MosquittoDynsec } from './modules/edge/mosquitto-dynsec.ts';
import type { EdgeAccess } from './infra/edge-access.ts';
import { startIngest, type Ingest } from './jobs/ingest/ingest.ts';
import { startAlarmEvaluator } from './jobs/alarms/evaluator.ts';
import { startDiagnosis } from './jobs/diagnosis/diagnoser.ts';
import { startPredictionWarmer } from './jobs/ai-predictions/warmer.ts';
import { startScheduler, type Scheduler } from './modules/scheduler/scheduler.ts';
import { startTriggerListener } from './modules/scheduler/triggers.ts';
import { seedDemo } from './jobs/seed-demo.ts';
import { lockDataDir } from './infra/data-dir-lock.ts';
import { ensureBuiltInTelemetry } from './modules/telemetry/built-in.ts';
import { seedBearingCatalogue } from './modules/bearings/catalogue.ts';
import { buildApp } from './app.ts';

export interface RunningServer {
  url: string;
  mqttUrl: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  ingest: Ingest;
  /** periodic measurement scheduler (modules/scheduler) */
  scheduler: Scheduler;
  broker: EmbeddedBroker | null;
  /** Demo admin password when known (generated on first start, or DEMO_PASSWORD). */
  demoPassword: string | null;
  close(): Promise<void>;
}

/**
 * Starts the whole server: database (migrated), object storage, mail outbox, broker (embedded
 * unless MQTT_URL), the server's MQTT client, ingest, HTTP API and web app.
 * @param opts.loadDataDir PGlite: start from a dumped template (tests)
 * @param opts.inMemoryDb PGlite: keep the database in memory (tests)
 * @param opts.database a database opened already (tests: one opened from the template while the
 *   previous test file ran), used instead of opening one; the server closes it
 */
export async function startServer(
  config: Config,
  opts: { logger?: boolean | object; loadDataDir?: Blob; inMemoryDb?: boolean; database?: Database } = {},
): Promise<RunningServer> {
  const problems = multiInstanceProblems(config);
  if (problems.length)
    throw new ConfigError(
      `MULTI_INSTANCE is on, but:\n${problems.map((p) => `  - ${p}`).join('\n')}\n(docs/operations.md "Several instances")`,
    );
  configureHeaps(); // V8's heaps of the process, before the worker threads start (infra/heaps.ts)
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secrets = loadSecrets(config.dataDir);
  // The embedded database on disk is single-process: refuse a second server or a tenant CLI run on it.
  const unlock = !config.databaseUrl && !opts.inMemoryDb ? lockDataDir(config.dataDir, 'the Overtone server') : () => {};
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: opts.inMemoryDb ? null : path.join(config.dataDir, 'db'),
      loadDataDir: opts.loadDataDir,
    }).catch((e: unknown) => {
      unlock();
      throw e;
    }));
  database.keepProcessAlive?.(true);
  const closers: (() => Promise<void>)[] = [async () => unlock(), () => database.close()];
  let closing: Promise<void> | null = null;
  /** Stops everything, last started first; once (a second call waits for the first). */
  const closeAll = () =>
    (closing ??= (async () => {
      for (const c of [...closers].reverse()) await c().catch(() => {});
    })());
  try {
    let demoPassword: string | null = config.demoPassword;
    // Several instances may start at once on one PostgreSQL database: they take turns here.
    await database.withStartupLock(async () => {
      await migrate(database);
      // The shared bearing catalogue (idempotent upsert), before the demo seed that uses its SKF 6205-2RS.
      await seedBearingCatalogue(database.db);
      const passwordFile = path.join(config.dataDir, 'demo-password.txt');
      if (config.seedDemo) {
        const seeded = await seedDemo(database.db, { password: config.demoPassword });
        if (seeded.password) fs.writeFileSync(passwordFile, seeded.password + '\n', { mode: 0o600 });
        if (!demoPassword && fs.existsSync(passwordFile)) demoPassword = fs.readFileSync(passwordFile, 'utf8').trim();
      }
      // Customers created before telemetry definitions existed get the built-in ones.
      for (const c of await database.db.selectFrom('customers').select('id').execute())
        await ensureBuiltInTelemetry(database.db, c.id);
    });

    // S3 when configured (shared by every instance), else the data directory (docs/operations.md "Object storage")
    const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'objects'));
    closers.push(async () => storage.close?.());
    await storage.ready(); // an unreachable store or a missing bucket stops the start here, with the store's error
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    /** refused MQTT connections and topics go to the server log once it exists */
    let edgeLog: { warn(o: object, m: string): void } = quiet;
    let broker: EmbeddedBroker | null = null;
    let mqttUrl = config.mqttUrl;
    const mqttOptions: { username?: string; password?: string } = {};
    const edgeDirectory = createEdgeDirectory(database.db, { roots: config.sensewayRoots });
    let edge: EdgeAccess = embeddedEdgeAccess(edgeDirectory, () => broker);
    let dynsec: MosquittoDynsec | null = null;
    if (!mqttUrl) {
      const tlsFiles = config.mqttTls;
      broker = await startEmbeddedBroker({
        host: config.mqttHost,
        port: config.mqttPort,
        tls: tlsFiles
          ? {
              port: tlsFiles.port,
              cert: fs.readFileSync(tlsFiles.certFile),
              key: fs.readFileSync(tlsFiles.keyFile),
              ca: tlsFiles.caFile ? fs.readFileSync(tlsFiles.caFile) : undefined,
            }
          : null,
        edge: embeddedEdgePolicy(edgeDirectory),
        liveUrlKey: secrets.liveUrlKey,
        serverPassword: secrets.brokerServerPassword,
        policy: livePolicy(database.db),
        log: { info: () => {}, warn: (o, m) => edgeLog.warn(o, m) },
        // what was published to it meanwhile is sent again when it is back (modules/iot/command-redelivery.ts)
        edgeDisconnected: (mac) =>
          void noteConnectionDropped(database.db, [mac]).catch((err: Error) =>
            edgeLog.warn({ mac, err: err.message }, 'gateway disconnection not noted'),
          ),
      });
      closers.push(() => broker!.close());
      mqttUrl = `mqtt://127.0.0.1:${broker.tcpPort()}`;
      Object.assign(mqttOptions, { username: SERVER_MQTT_USER, password: secrets.brokerServerPassword });
    }
    // A stable id, so the broker keeps this session (clean: false) and its unacknowledged messages,
    // that nobody can predict (it is keyed by the broker secret) and so take over. Instances of a
    // multi-instance set-up may share a data directory's path (containers): each takes its own.
    const clientId =
      config.mqttClientId ||
      (config.multiInstance
        ? `overtone-server-${os.hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString('hex')}`
        : `overtone-server-${createHmac('sha256', secrets.brokerServerPassword).update(config.dataDir).digest('hex').slice(0, 20)}`);
    const mqtt = await connectServerMqtt(mqttUrl, { ...mqttOptions, clientId }, { holdUntilDurable: true });
    closers.push(() => mqtt.close());
    if (config.mqttUrl && config.mqttDynsec) {
      // The external Mosquitto keeps the same credentials and ACLs, told by the server (docs/operations.md).
      dynsec = createMosquittoDynsec({
        client: mqtt.client,
        db: database.db,
        roots: config.sensewayRoots,
        username: decodeURIComponent(new URL(config.mqttUrl).username),
        log: { warn: (o, m) => edgeLog.warn(o, m) },
      });
      closers.push(async () => dynsec?.close());
      edge = dynsec;
    }
    // With an external broker, the browsers' live WebSocket is served by the relay (infra/live-relay.ts).
    let liveRelay: LiveRelay | null = null;
    if (config.mqttUrl) {
      liveRelay = await startLiveRelay({
        upstream: mqtt,
        subscribeUpstream: config.multiInstance, // the ingest's subscriptions are shared then
        liveUrlKey: secrets.liveUrlKey,
        policy: livePolicy(database.db),
        log: { info: () => {}, warn: (o, m) => edgeLog.warn(o, m) },
      });
      closers.push(() => liveRelay!.close());
    }
    const dsp = config.dspWorkers === 0 ? createInlineDspPool() : createDspPool(config.dspWorkers ?? undefined);
    closers.push(() => dsp.close());
    let logMail: (m: string) => void = () => {};
    const ctx: AppContext = {
      // with the ports the embedded broker really listens on (0 in the configuration picks a free one)
      config: broker
        ? {
            ...config,
            mqttPort: broker.tcpPort(),
            mqttTls: config.mqttTls ? { ...config.mqttTls, port: broker.tlsPort() ?? config.mqttTls.port } : null,
          }
        : config,
      secrets,
      db: database.db,
      storage,
      mqtt,
      dsp,
      get edge() {
        return edge;
      },
      chunks:
        config.ingestChunkStore === 'database'
          ? createDatabaseChunkStore(database.db)
          : createFileChunkStore(path.join(config.dataDir, 'ingest-chunks'), { reset: opts.inMemoryDb }),
      mailer: createMailer({
        outboxDir: path.join(config.dataDir, 'outbox'),
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: (m) => logMail(m),
      }),
    };
    const app = await buildApp(ctx, { logger: opts.logger, config });
    const log = opts.logger ? app.log : quiet;
    edgeLog = log;
    logMail = (m) => log.info(m);
    // Alarm evaluation of persisted measurements (docs/alarms.md), stopped after ingest.
    const alarms = startAlarmEvaluator(ctx, { log });
    ctx.alarms = alarms;
    closers.push(() => alarms.stop());
    // Fault diagnosis of persisted measurements (docs/fault-reports.md), stopped after ingest.
    let ingestRef: Ingest | null = null;
    const diagnosis = startDiagnosis(ctx, { log, busy: () => ingestRef?.busy() ?? false });
    ctx.diagnosis = diagnosis;
    closers.push(() => diagnosis.stop());
    // AI predictions computed ahead, at low priority in the DSP pool (docs/ai-model.md "Serving").
    const aiPredictions = startPredictionWarmer(ctx, { log });
    ctx.aiPredictions = aiPredictions;
    closers.push(() => aiPredictions.stop());
    const ingest = await startIngest(ctx, log);
    ingestRef = ingest;
    closers.push(() => ingest.stop());
    // The broker's rules, once ingest takes messages: a resumed session's messages come first on the
    // connection (infra/mqtt-client.ts holds them until ingest is there), the plugin's replies after.
    // Throws a clear error when the plugin does not answer.
    await dynsec?.sync();
    // Periodic runs and trigger events (docs/scheduler.md); stopped before the broker client and database.
    const triggers = await startTriggerListener(ctx, log);
    closers.push(() => triggers.stop());
    const scheduler = startScheduler(ctx, log);
    closers.push(() => scheduler.stop());
    // The embedded database has no autovacuum (infra/db/maintenance.ts); PostgreSQL has its own.
    const maintenance = startEmbeddedMaintenance(database, log);
    closers.push(() => maintenance.stop());
    await app.listen({ port: config.port, host: config.host });
    closers.push(() => app.close());
    (broker ?? liveRelay)?.attachWebSocket(app.server);
    const port = (app.server.address() as AddressInfo).port;
    return {
      url: `http://localhost:${port}`,
      mqttUrl,
      app,
      ctx,
      database,
      ingest,
      scheduler,
      broker,
      demoPassword,
      close: closeAll,
    };
  } catch (e) {
    await closeAll();
    throw e;
  }
}
