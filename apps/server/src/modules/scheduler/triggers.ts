import { createHash } from 'node:crypto';
import { senseway } from '@overtone/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../infra/errors.ts';
import { sendDuckMeasureCommand } from '../ducks/measure.ts';
import { sendMeasureCommand } from '../iot/measure-command.ts';

type Log = { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };

export interface TriggerListener {
  /** Resolves when every event received so far has been handled (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The key that identifies one event of a trigger: its `timestamp` (unix s or ms, or an ISO string)
 * when the payload carries one, else a hash of the payload and the receive second.
 */
export function triggerEventKey(payload: Buffer, receivedAt: Date): string {
  try {
    const json = JSON.parse(payload.toString('utf8')) as { timestamp?: unknown; id?: unknown };
    if (typeof json.id === 'string' && json.id) return `id:${json.id}`;
    if (typeof json.timestamp === 'number' || (typeof json.timestamp === 'string' && json.timestamp))
      return `ts:${String(json.timestamp)}`;
  } catch {
    // not JSON: fall through
  }
  return `h:${createHash('sha256').update(payload).digest('hex').slice(0, 16)}:${Math.floor(receivedAt.getTime() / 1000)}`;
}

/**
 * Makes the sensors of the points a trigger is assigned to, and the Ducks assigned to it
 * (`POST /trigger/{id}/duck`), measure (TRIGGERED) on each event it publishes on
 * `<root>/trigger/<MAC>/event` (our design; senseway-gateway.md §8.4 documents no trigger topic;
 * contract `senseway/schedule.ts`). Each event is handled once: its key is inserted into
 * `trigger_events` first, so a redelivery or another server instance receiving the same event does
 * nothing; that row is also the trigger's reported status (`GET /trigger`), kept for an event that
 * makes nothing measure. A point or Duck whose command cannot be sent (no device, no route, Duck not configured,
 * broker down) is logged and skipped; the others still measure. Only assignments within the
 * trigger's own customer count.
 * @returns the listener, already subscribed
 */
export async function startTriggerListener(ctx: AppContext, log: Log): Promise<TriggerListener> {
  const pending = new Set<Promise<unknown>>();
  let stopped = false;

  const handle = async (trigger: string, payload: Buffer) => {
    const assigned = await ctx.db
      .selectFrom('point_triggers as pt')
      .innerJoin('devices as d', (j) => j.onRef('d.mac', '=', 'pt.trigger_mac').onRef('d.customer_id', '=', 'pt.customer_id'))
      .select(['pt.point_id', 'pt.customer_id'])
      .where('pt.trigger_mac', '=', trigger)
      .execute();
    // A Duck names its trigger by device id (ducks.trigger_id); the device must be the Duck's customer's.
    const ducks = await ctx.db
      .selectFrom('ducks as k')
      .innerJoin('devices as d', (j) => j.onRef('d.id', '=', 'k.trigger_id').onRef('d.customer_id', '=', 'k.customer_id'))
      .select(['k.id', 'k.mac', 'k.customer_id'])
      .where('d.mac', '=', trigger)
      .orderBy('k.mac')
      .execute();
    // Every event of a registered trigger is recorded (its reported status, `GET /trigger`), even one
    // that makes nothing measure; an unregistered MAC leaves no row.
    const registered = await ctx.db.selectFrom('devices').select('id').where('mac', '=', trigger).executeTakeFirst();
    if (!registered) return;
    const key = triggerEventKey(payload, new Date());
    const fresh = await ctx.db
      .insertInto('trigger_events')
      .values({ trigger_mac: trigger, event_key: key })
      .onConflict((oc) => oc.columns(['trigger_mac', 'event_key']).doNothing())
      .returning('event_key')
      .executeTakeFirst();
    if (!fresh) return;
    for (const a of assigned) {
      try {
        const id = await sendMeasureCommand(ctx, {
          customerId: a.customer_id,
          pointId: a.point_id,
          type: 'TRIGGERED',
          userId: null,
        });
        log.info({ trigger, point: a.point_id, measurement: id }, 'triggered measurement requested');
      } catch (e) {
        log.warn(
          { trigger, point: a.point_id, reason: e instanceof AppError ? e.code : String(e) },
          'triggered measurement failed',
        );
      }
    }
    for (const k of ducks) {
      try {
        const id = await sendDuckMeasureCommand(ctx, { customerId: k.customer_id, duck: k.id, type: 'TRIGGERED', userId: null });
        log.info({ trigger, duck: k.mac, measurement: id }, 'triggered duck measurement requested');
      } catch (e) {
        log.warn(
          { trigger, duck: k.mac, reason: e instanceof AppError ? e.code : String(e) },
          'triggered duck measurement failed',
        );
      }
    }
  };

  ctx.mqtt.onMessage((topic, payload) => {
    if (stopped) return;
    const t = senseway.parseTriggerTopic(topic);
    if (!t) return;
    const p = handle(t.trigger, payload).catch((err: unknown) => log.error({ err, topic }, 'trigger event failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  });
  await ctx.mqtt.subscribe(ctx.config.sensewayRoots.map((r) => senseway.scheduleTopics.triggerFilter(r)));

  const idle = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return {
    idle,
    async stop() {
      stopped = true;
      await idle();
    },
  };
}
