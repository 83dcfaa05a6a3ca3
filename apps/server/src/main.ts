import { ConfigError, loadConfig } from './infra/config.ts';
import { startServer } from './server.ts';
import { DEMO_EMAIL, seedDemoPlant } from './jobs/seed-demo.ts';
import { seedDemoHistory } from './jobs/seed-demo-history.ts';
import { humanLogStream } from './infra/log-format.ts';
import { withoutPassword } from './infra/redact-url.ts';
import { handDemoPlantCredentials } from './jobs/demo-plant-credentials.ts';

/** A configuration error says what to set: printed alone, without a stack; anything else is thrown on. */
const refuseToStart = (err: unknown): never => {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Overtone cannot start: ${err.message}`);
  process.exit(1);
};

/** `npm start` entry: reads the environment, starts everything, stops cleanly on Ctrl+C. */
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return refuseToStart(err);
  }
})();
const server = await startServer(config, {
  logger: process.env.LOG_FORMAT === 'json' ? { level: config.logLevel } : { level: config.logLevel, stream: humanLogStream() },
}).catch(refuseToStart);
// The simulated plant's trigger and Duck join the demo tenant (idempotent; the API tests' template
// has the demo tenant without them, so they never measure there on their own).
if (config.seedDemo) {
  const added = await seedDemoPlant(server.ctx.db).catch((err: unknown) => {
    server.app.log.error({ err }, 'demo plant wiring failed');
    return null;
  });
  if (added?.trigger || added?.duck) server.app.log.info(added, 'demo plant: trigger and duck wired');
  // The simulated plant's MQTT credentials, issued as an admin would (scripts/start.ts hands them
  // over). Not with several instances: each would issue them anew (the simulator is `npm start`'s,
  // one instance); there the demo's gateways get theirs in the Gateways tab, as any other.
  const handed = config.multiInstance
    ? null
    : await handDemoPlantCredentials(server.ctx).catch((err: unknown) => {
        server.app.log.error({ err }, 'demo plant credentials failed');
        return null;
      });
  if (handed?.issued.length) server.app.log.info({ gateways: handed.issued }, 'demo plant: MQTT credentials issued');
  // 30 days of synthetic history for the rig's points (docs/demo-history.md), in the background.
  void seedDemoHistory(server.ctx).then(
    (r) => r.measurements && server.app.log.info(r, 'demo history: synthetic measurements added'),
    (err: unknown) => server.app.log.error({ err }, 'demo history failed'),
  );
}
const line = '─'.repeat(60);
console.log(`\n${line}\n Overtone is running at ${server.url}`);
console.log(
  ` MQTT broker: ${server.broker ? `mqtt://localhost:${server.broker.tcpPort()} and ws ${server.url.replace('http', 'ws')}/mqtt` : withoutPassword(server.mqttUrl)}`,
);
if (config.seedDemo)
  console.log(
    ` Demo login: ${DEMO_EMAIL} / ${server.demoPassword ?? '(set DEMO_PASSWORD; the generated one is in DATA_DIR/demo-password.txt)'}`,
  );
console.log(` Data directory: ${config.dataDir}\n${line}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.app.log.info({ signal }, 'stopping');
  await server.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
