import memoryPersistence from 'aedes-persistence';
import type { Client } from 'aedes';

/** The persistence the embedded broker keeps sessions, queued QoS 1 messages and retained ones in. */
export type BrokerPersistence = ReturnType<typeof memoryPersistence>;

type OutgoingUpdate = (client: Client, packet: object) => Promise<unknown>;

/**
 * aedes' in-memory persistence (aedes-persistence 11), with one correction: delivering a queued QoS 1
 * message whose queue entry is gone no longer closes the subscriber's connection.
 *
 * Before writing a QoS 1 message to a persistent session (clean: false), aedes records the message
 * id it chose in the session's queue entry (`outgoingUpdate`); when the entry is missing it throws
 * "no such packet", which aedes turns into a client error that closes the connection. Two paths
 * reach that with well-formed clients, both seen under the ingest fuzz test's flood, where the
 * subscriber was the server's own client:
 *
 * - the live matcher (mqemitter, `matchEmptyLevels: true`, MQTT 3.1.1 §4.7.1.3: `+` matches an
 *   empty level) delivers a topic such as `prod/device//measure/x/chunk/1` that the queue's
 *   subscription trie (qlobber without empty-level matching) did not queue;
 * - on reconnection, the queue replayed from a snapshot holds a message the client acknowledged
 *   after the snapshot was taken.
 *
 * In both the right outcome is to deliver it: the subscriber acknowledges it, and acknowledging an
 * id that has no entry is already a no-op (`outgoingClearMessageId`). Our subscriber's handlers are
 * idempotent (a message may come twice under QoS 1 anyway, MQTT 3.1.1 §4.3.2).
 * @returns a fresh in-memory persistence for `Aedes.createBroker({ persistence })`
 */
export function createBrokerPersistence(): BrokerPersistence {
  const persistence = memoryPersistence();
  const target = persistence as unknown as { outgoingUpdate: OutgoingUpdate };
  const update = target.outgoingUpdate.bind(persistence);
  // aedes 1.x calls the promise form (no callback): lib/client.js deliverQoS
  target.outgoingUpdate = (client, packet) =>
    update(client, packet).catch((err: unknown) => {
      if (err instanceof Error && err.message === 'no such packet') return undefined;
      throw err;
    });
  return persistence;
}
