import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import { edgeSecretSha256 } from '../modules/edge/edge-directory.ts';
import { issueEdgeCredentials } from '../modules/edge/credentials.ts';
import { findEdgeCredential } from '../modules/edge/repo.ts';
import { DEMO_DUCK, DEMO_GATEWAY, DEMO_HOST, DEMO_TRIGGER, demoCustomer } from './seed-demo.ts';

/** File in the data directory through which `npm start` hands the simulated plant its MQTT credentials. */
export const SIMULATOR_CREDENTIALS_FILE = 'simulator-credentials.json';

/**
 * The simulated plant is a set of gateways like any other (docs/gateway-sim.md): `npm start`
 * registers them to the demo tenant (seed-demo.ts) and, here, issues their MQTT credentials, as an
 * admin would in the Gateways tab, and hands them over in `DATA_DIR/simulator-credentials.json`
 * (mode 0600, `{MAC: secret}`), which the simulator reads (GATEWAY_CREDENTIALS_FILE). A secret still
 * valid from an earlier start is kept; one that is missing, revoked or rotated by an admin is issued
 * anew. Only the demo tenant's own gateways, Duck and trigger are touched.
 * @returns the file's path and the MACs whose secret was issued now
 */
export async function handDemoPlantCredentials(ctx: AppContext): Promise<{ file: string; issued: string[] }> {
  const file = path.join(ctx.config.dataDir, SIMULATOR_CREDENTIALS_FILE);
  let known: Record<string, string>;
  try {
    known = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    known = {};
  }
  const customer = await demoCustomer(ctx.db);
  const out: Record<string, string> = {};
  const issued: string[] = [];
  if (customer) {
    const owned = async (mac: string, table: 'gateways' | 'devices') =>
      (await ctx.db.selectFrom(table).select('customer_id').where('mac', '=', mac).executeTakeFirst())?.customer_id ===
      customer.id;
    const targets: { mac: string; kind: 'GATEWAY' | 'TRIGGER' }[] = [];
    for (const mac of [DEMO_GATEWAY, DEMO_DUCK]) if (await owned(mac, 'gateways')) targets.push({ mac, kind: 'GATEWAY' });
    if (await owned(DEMO_TRIGGER, 'devices')) targets.push({ mac: DEMO_TRIGGER, kind: 'TRIGGER' });
    for (const t of targets) {
      const stored = await findEdgeCredential(ctx.db, t.mac);
      const secret = known[t.mac];
      if (secret && stored?.secret_sha256 === edgeSecretSha256(secret)) {
        out[t.mac] = secret;
        continue;
      }
      const c = await issueEdgeCredentials(ctx, {
        customerId: customer.id,
        mac: t.mac,
        kind: t.kind,
        userId: null,
        hostname: DEMO_HOST,
      });
      out[t.mac] = c.password;
      issued.push(t.mac);
    }
  }
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(out, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
  return { file, issued };
}
