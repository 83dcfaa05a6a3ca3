import type { Kysely } from 'kysely';
import { senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../infra/db/schema.ts';
import { publishMeasureCommand } from './measure-command.ts';
import { markConnectionDropped, takeConnectionDropped, unansweredCommands } from './repo.ts';

/**
 * How long a measure command waits for its answer (ms): the live measurement's timeout until
 * `accepted` (spec 000 §9, 60 000 ms; senseway-gateway.md §17 item 7). A command older than this is
 * not sent again: the user who asked has been told it failed.
 */
export const COMMAND_ANSWER_TIMEOUT_MS = 60_000;

/**
 * Measure commands lost with a gateway's connection, sent again.
 *
 * Why: the gateway protocol documents no session or QoS (senseway-gateway.md §3, "QoS, retain
 * flags, client ids, keep-alive and last-will are not documented"), and a gateway that connects
 * with a clean session receives nothing published while it was away. Its connection drops when the
 * embedded broker loses it, and on an external Mosquitto whenever the server rewrites the ACLs of
 * its role (a device added, renamed or moved: the dynamic-security plugin then disconnects every
 * client holding the role, docs/operations.md "What to expect"). A measure command published in
 * that gap was lost, and its measurement stayed `requested` with nobody to answer it.
 *
 * How: the drop is noted on the gateway (`gateways.connection_dropped_at`, before the ACLs are
 * rewritten, so the note is there before the gateway can come back); the gateway's first scan
 * afterwards (gateways scan on connecting, and about every 60 s) takes the note, and the commands
 * to that gateway still `requested` and younger than {@link COMMAND_ANSWER_TIMEOUT_MS} are
 * published again with the same measurement id. Taking the note is atomic, so with several
 * instances sharing the ingest one of them sends. A command the gateway did receive and has not yet
 * answered is then received twice; its measurement is stored once (ingest keys by device and id).
 */
export async function noteConnectionDropped(db: Kysely<DB>, gatewayMacs: readonly string[], at = new Date()): Promise<void> {
  await markConnectionDropped(
    db,
    gatewayMacs.map((m) => m.toUpperCase()),
    at,
  );
}

/**
 * On a scan of `gatewayMac`: when its connection was noted dropped, sends again its unanswered
 * measure commands (see {@link noteConnectionDropped}).
 * @param now the scan's arrival
 * @returns how many commands were sent again (0 when no drop was noted)
 * @throws database errors; a failed publish is counted out and the rest are still sent
 */
export async function redeliverAfterReconnect(
  ctx: Pick<AppContext, 'db' | 'mqtt'>,
  gatewayMac: string,
  now = new Date(),
): Promise<number> {
  const dropped = await takeConnectionDropped(ctx.db, gatewayMac);
  if (!dropped) return 0;
  const since = new Date(now.getTime() - COMMAND_ANSWER_TIMEOUT_MS);
  let sent = 0;
  for (const m of await unansweredCommands(ctx.db, gatewayMac, since)) {
    const ok = await publishMeasureCommand(ctx, {
      root: senseway.sensewayRootOf(m.root),
      gateway: gatewayMac,
      device: m.device_mac,
      objectId: m.object_id,
      command: { rangeIndex: m.range_index, rateIndex: m.rate_index, sampleSize: m.sample_size },
    }).then(
      () => true,
      () => false,
    );
    if (ok) sent++;
  }
  return sent;
}
