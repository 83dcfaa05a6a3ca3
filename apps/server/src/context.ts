import type { Kysely } from 'kysely';
import type { MeasurementFeatures } from '@overtone/diagnosis';
import type { Config } from './infra/config.ts';
import type { DB } from './infra/db/schema.ts';
import type { Secrets } from './infra/secrets.ts';
import type { ObjectStorage } from './infra/storage.ts';
import type { Mailer } from './infra/mail.ts';
import type { ServerMqtt } from './infra/mqtt-client.ts';
import type { DspPool } from './jobs/dsp/dsp-pool.ts';
import type { EdgeAccess } from './infra/edge-access.ts';
import type { ChunkStore } from './jobs/ingest/chunk-store.ts';

/** What modules and jobs get from the running server (built once in app.ts). */
export interface AppContext {
  config: Config;
  secrets: Secrets;
  db: Kysely<DB>;
  storage: ObjectStorage;
  mailer: Mailer;
  mqtt: ServerMqtt;
  dsp: DspPool;
  /** the broker's view of gateway and trigger credentials and scopes (modules/edge) */
  edge: EdgeAccess;
  /** where ingest keeps chunks until their measurement is finalized */
  chunks: ChunkStore;
  /** alarm evaluator (jobs/alarms): call `notify(measurementId)` once a measurement is persisted */
  alarms?: { notify(measurementId: string): void };
  /** fault diagnosis (jobs/diagnosis): call `notify(measurementId)` once a measurement of a point is stored (its diagnosis queued) */
  diagnosis?: { notify(measurementId: string, features?: MeasurementFeatures): void; idle(): Promise<void> };
  /** AI prediction warmer (jobs/ai-predictions): call `notify(measurementId)` once a measurement is persisted */
  aiPredictions?: { notify(measurementId: string): void; idle(): Promise<void> };
}
