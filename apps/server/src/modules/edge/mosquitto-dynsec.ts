import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MqttClient } from 'mqtt';
import type { DB } from '../../infra/db/schema.ts';
import type { EdgeAccess } from '../../infra/edge-access.ts';
import { edgeAclRules, type EdgeIdentity } from './edge-rules.ts';
import { gatewayScope, liveEdgeCredentials, triggerOwner } from './repo.ts';
import { noteConnectionDropped } from '../iot/command-redelivery.ts';
import {
  DYNSEC_TOPIC,
  DYNSEC_RESPONSE_TOPIC,
  SERVER_ROLE,
  DynsecError,
  isNotFound,
  edgeRoleName,
  edgeMacOfRole,
  defaultAclAccessCommand,
  serverRoleAcls,
  roleCommands,
  commandBatches,
  parseDynsecResponses,
  type DynsecCommand,
  type DynsecResponse,
  type RoleAcl,
} from './dynsec-commands.ts';

/**
 * The device edge on an external Mosquitto 2 (docs/operations.md "External MQTT broker
 * (Mosquitto 2)", docs/security.md "The device edge"): the same credentials and deny-by-default
 * topics as the embedded broker, kept in Mosquitto's dynamic-security plugin by the server over its
 * own MQTT connection (the plugin's control API: JSON commands published to
 * `$CONTROL/dynamic-security/v1`, answers on `$CONTROL/dynamic-security/v1/response`).
 *
 * What the server owns in the plugin: the role `overtone-server` (given to the server's own user),
 * every role named `edge-<MAC without colons>` and every client whose username is a MAC (one per
 * gateway or trigger, holding its role). Nothing else is touched, so the operator's admin clients
 * and roles stay as they are.
 *
 * Behaviour of Mosquitto 2.0 this relies on (checked against 2.0.11 by test/edge-mosquitto.test.ts):
 * ACLs are checked on every PUBLISH and SUBSCRIBE, so a new device's chunks are allowed at once;
 * `setClientPassword`, `addClientRole`, `modifyClient`, `disableClient` and `deleteClient` disconnect
 * every connection of that username, and a role's ACL changes (`addRoleACL`, `removeRoleACL`,
 * `modifyRole`) may disconnect the clients holding it (the plugin's `role__kick_all`; seen for a
 * client given the role by `addClientRole`, not always for one created with it). Each such change
 * is noted on the gateway first (modules/iot/command-redelivery.ts), so the measure commands
 * published while it reconnects are sent again.
 */

/** Tries of a credential's change that another instance's change of the same client or role got in the way of. */
const MAX_RACED_ATTEMPTS = 3;
const MAC = /^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/;

/** What {@link MosquittoDynsec.sync} did. */
export interface DynsecSyncReport {
  /** roles created or changed (server and edge) */
  rolesWritten: number;
  /** edge roles and clients removed because their credential is gone */
  removed: string[];
  /**
   * MACs holding a live credential but no client in Mosquitto (issued while another broker served):
   * their secret exists only as a hash, so they cannot connect until rotated in the Gateways tab.
   */
  needRotation: string[];
}

/** {@link EdgeAccess} kept in Mosquitto's dynamic-security plugin, with a full reconciliation. */
export interface MosquittoDynsec extends EdgeAccess {
  /**
   * Makes the plugin match the database: deny-by-default access, the server's role, one role and
   * client per live credential with exactly `edgeAclRules` of its identity, and no `edge-*` role or
   * MAC client whose credential is gone. Call once after connecting (server start).
   * If the server's user did not hold {@link SERVER_ROLE} yet, Mosquitto disconnects it once when the
   * role is added; the client reconnects (its session is persistent) and the sync goes on.
   * @throws Error when the plugin does not answer (not loaded, or the user may not use `$CONTROL`)
   */
  sync(): Promise<DynsecSyncReport>;
  /** Raw access to the control API (tests and diagnostics). @returns one response per command, in order */
  run(commands: DynsecCommand[]): Promise<DynsecResponse[]>;
  /** Stops listening; commands still waiting are rejected. */
  close(): void;
}

export interface MosquittoDynsecOptions {
  /** the server's own connected mqtt.js client (ServerMqtt.client) */
  client: MqttClient;
  db: Kysely<DB>;
  /** topic roots (config `sensewayRoots`) */
  roots: readonly string[];
  /** the dynamic-security username the client connected with (MQTT_URL's user) */
  username: string;
  /** ms to wait for each control message's answer, and for a reconnect after being disconnected (default 15 000) */
  timeoutMs?: number;
  log?: { warn(o: object, m: string): void; info?(o: object, m: string): void };
}

/**
 * Creates the dynamic-security {@link EdgeAccess}. Commands are serialized (one change at a time,
 * in call order). Must not be awaited inside an MQTT message handler of the same client: the
 * answers arrive on that connection after the handler returns.
 */
export function createMosquittoDynsec(opts: MosquittoDynsecOptions): MosquittoDynsec {
  const { client, db } = opts;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const roots = opts.roots;
  const nonce = randomBytes(6).toString('hex');
  let seq = 0;
  let closed = false;
  const pending = new Map<string, { resolve(r: DynsecResponse): void; reject(e: Error): void }>();
  /** ACLs last read from or written to the plugin, per role (null: known absent) */
  const roleCache = new Map<string, RoleAcl[] | null>();

  const onMessage = (topic: string, payload: Buffer) => {
    if (topic !== DYNSEC_RESPONSE_TOPIC) return;
    for (const r of parseDynsecResponses(payload) ?? []) {
      const done = r.correlationData !== undefined ? pending.get(r.correlationData) : undefined;
      if (done) {
        pending.delete(r.correlationData!);
        done.resolve(r);
      }
    }
  };
  client.on('message', onMessage);

  let subscribed: Promise<void> | null = null;
  const subscribe = () =>
    (subscribed ??= client.subscribeAsync(DYNSEC_RESPONSE_TOPIC, { qos: 1 }).then(
      (granted) => {
        if (granted.some((g) => g.qos === 128))
          throw new Error(`the MQTT user '${opts.username}' may not subscribe to ${DYNSEC_RESPONSE_TOPIC}`);
      },
      (e: Error) => {
        subscribed = null;
        throw new Error(`cannot subscribe to ${DYNSEC_RESPONSE_TOPIC} as '${opts.username}': ${e.message}`);
      },
    ));

  /** Sends one control message; resolves with its responses in command order. */
  const send = async (commands: DynsecCommand[]): Promise<DynsecResponse[]> => {
    if (closed) throw new Error('Mosquitto dynamic-security access is closed');
    await subscribe();
    const ids = commands.map(() => `${nonce}-${++seq}`);
    const answers = ids.map(
      (id) =>
        new Promise<DynsecResponse>((resolve, reject) => {
          pending.set(id, { resolve, reject });
        }),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `Mosquitto dynamic-security did not answer ${commands[0].command}${commands.length > 1 ? ` (+${commands.length - 1} commands)` : ''} within ${timeoutMs} ms: ` +
                `is mosquitto_dynamic_security.so loaded, and may '${opts.username}' publish to ${DYNSEC_TOPIC}?`,
            ),
          ),
        timeoutMs,
      );
    });
    try {
      const payload = JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: ids[i] })) });
      await Promise.race([client.publishAsync(DYNSEC_TOPIC, payload, { qos: 1 }), timeout]);
      return await Promise.race([Promise.all(answers), timeout]);
    } finally {
      clearTimeout(timer);
      ids.forEach((id) => pending.delete(id));
    }
  };

  const run = async (commands: DynsecCommand[]) => {
    const out: DynsecResponse[] = [];
    for (const b of commandBatches(commands)) out.push(...(await send(b)));
    return out;
  };
  /** Runs commands; throws the first refusal except "not found" ones when `ignoreNotFound`. */
  const runOk = async (commands: DynsecCommand[], o: { ignoreNotFound?: boolean } = {}) => {
    const res = await run(commands);
    res.forEach((r, i) => {
      if (r.error && !(o.ignoreNotFound && isNotFound(r.error))) throw new DynsecError(commands[i], r.error);
    });
    return res;
  };

  // Serialized: one change at a time, in call order.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = queue.then(fn, fn);
    queue = p.catch(() => {});
    return p;
  };

  /** The ACLs of roles (cached; null when absent). */
  const readRoles = async (names: string[]): Promise<Map<string, RoleAcl[] | null>> => {
    const unknown = names.filter((n) => !roleCache.has(n));
    if (unknown.length) {
      const res = await run(unknown.map((rolename) => ({ command: 'getRole', rolename })));
      res.forEach((r, i) => {
        if (r.error && !isNotFound(r.error)) throw new DynsecError({ command: 'getRole', rolename: unknown[i] }, r.error);
        const role = (r.data as { role?: { acls?: RoleAcl[] } } | undefined)?.role;
        roleCache.set(unknown[i], r.error ? null : (role?.acls ?? []));
      });
    }
    return new Map(names.map((n) => [n, roleCache.get(n) ?? null]));
  };

  /**
   * Brings roles to their desired ACLs with as few commands as possible. A role whose diff was
   * refused (changed behind our back) is read again and replaced whole.
   * @returns how many roles were written
   */
  const writeRoles = async (desired: Map<string, RoleAcl[]>): Promise<number> => {
    const current = await readRoles([...desired.keys()]);
    const plan = [...desired].map(([name, acls]) => ({ name, acls, cmds: roleCommands(name, current.get(name) ?? null, acls) }));
    const todo = plan.filter((p) => p.cmds.length);
    // Mosquitto disconnects the clients of a role it changes: noted first, so the commands lost in
    // that gap are sent again when each gateway is back (modules/iot/command-redelivery.ts).
    await noteConnectionDropped(
      db,
      todo.filter((p) => current.get(p.name)).flatMap((p) => edgeMacOfRole(p.name) ?? []),
    );
    const all = todo.flatMap((p) => p.cmds);
    const res = await run(all);
    let k = 0;
    const retry: typeof todo = [];
    for (const p of todo) {
      const mine = res.slice(k, (k += p.cmds.length));
      if (mine.some((r) => r.error)) retry.push(p);
      else roleCache.set(p.name, p.acls);
    }
    for (const p of retry) {
      roleCache.delete(p.name);
      const now = (await readRoles([p.name])).get(p.name) ?? null;
      const acls = p.acls.map((a) => ({ ...a, priority: a.priority ?? 0 }));
      await runOk([now ? { command: 'modifyRole', rolename: p.name, acls } : { command: 'createRole', rolename: p.name, acls }]);
      roleCache.set(p.name, p.acls);
    }
    return todo.length;
  };

  /** The roles of a dynamic-security client, or null when it does not exist. */
  const clientRoles = async (username: string): Promise<string[] | null> => {
    const [r] = await run([{ command: 'getClient', username }]);
    if (r.error) {
      if (isNotFound(r.error)) return null;
      throw new DynsecError({ command: 'getClient', username }, r.error);
    }
    const c = (r.data as { client?: { roles?: { rolename: string }[] } } | undefined)?.client;
    return (c?.roles ?? []).map((x) => x.rolename);
  };

  /**
   * Who a MAC with a live credential is, from the database, as edge-directory.ts builds it (without
   * checking the secret: the caller vouches that one is issued).
   * @returns null when its gateway or trigger is not registered to the credential's customer
   */
  const loadIdentity = async (mac: string, kind: 'GATEWAY' | 'TRIGGER', customerId: string): Promise<EdgeIdentity | null> => {
    if (kind === 'TRIGGER') {
      if ((await triggerOwner(db, mac)) !== customerId) return null;
      return { kind, mac, customerId, roots, devices: new Set(), triggers: new Set() };
    }
    const scope = await gatewayScope(db, mac);
    if (!scope || scope.customerId !== customerId) return null;
    return { kind, mac, customerId, roots, devices: new Set(scope.devices), triggers: new Set(scope.triggers) };
  };

  /** Removes a MAC's client (Mosquitto disconnects it) and role; absent ones are fine. */
  const removeEdge = async (mac: string) => {
    const rolename = edgeRoleName(mac);
    await runOk(
      [
        { command: 'deleteClient', username: mac },
        { command: 'deleteRole', rolename },
      ],
      { ignoreNotFound: true },
    );
    roleCache.set(rolename, null);
  };

  /** Resolves when the client is connected (now or within the timeout). */
  const connected = () =>
    client.connected
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const ok = () => {
            clearTimeout(t);
            resolve();
          };
          const t = setTimeout(() => {
            client.off('connect', ok);
            reject(new Error(`the MQTT client did not reconnect to Mosquitto within ${timeoutMs} ms`));
          }, timeoutMs);
          client.once('connect', ok);
        });

  /** Adds SERVER_ROLE to our own user; Mosquitto then disconnects us, so wait for the reconnect and check. */
  const attachServerRole = async () => {
    const cmd: DynsecCommand = { command: 'addClientRole', username: opts.username, rolename: SERVER_ROLE, priority: 0 };
    let onClose = () => {};
    const kicked = new Promise<void>((resolve) => {
      onClose = () => resolve();
      client.once('close', onClose);
    });
    // The answer may be lost with the connection: the role is checked after the reconnect instead.
    const answered = send([cmd]).then(
      ([r]) => (r.error ? new DynsecError(cmd, r.error) : null),
      () => null,
    );
    const refused = await Promise.race([answered, kicked.then(() => null)]);
    if (refused) {
      client.off('close', onClose);
      throw refused;
    }
    // Mosquitto 2.0.11 disconnects before it answers; should an answer come first, the disconnect follows.
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([kicked, new Promise((r) => (waited = setTimeout(r, 1000)))]);
    clearTimeout(waited);
    client.off('close', onClose);
    await connected();
    if (!(await clientRoles(opts.username))?.includes(SERVER_ROLE))
      throw new Error(`Mosquitto did not give '${opts.username}' the role ${SERVER_ROLE}`);
  };

  const sync = async (): Promise<DynsecSyncReport> => {
    const report: DynsecSyncReport = { rolesWritten: 0, removed: [], needRotation: [] };
    roleCache.clear();
    // 1. our own role, before access is denied by default
    const selfRoles = await clientRoles(opts.username);
    if (!selfRoles)
      throw new Error(
        `the MQTT user '${opts.username}' is not a client of Mosquitto's dynamic-security plugin (create it with mosquitto_ctrl dynsec init, docs/operations.md)`,
      );
    report.rolesWritten += await writeRoles(new Map([[SERVER_ROLE, serverRoleAcls(roots)]]));
    if (!selfRoles.includes(SERVER_ROLE)) await attachServerRole();
    // 2. deny by default
    await runOk([defaultAclAccessCommand()]);
    // 3. one role per live credential, exactly its rules
    const live = new Map<string, EdgeIdentity>();
    const credentials = await liveEdgeCredentials(db);
    for (const c of credentials) {
      const id = MAC.test(c.mac) ? await loadIdentity(c.mac, c.kind, c.customer_id) : null;
      if (id) live.set(c.mac, id);
    }
    report.rolesWritten += await writeRoles(new Map([...live].map(([mac, id]) => [edgeRoleName(mac), edgeAclRules(id)])));
    // 4. clients: attach missing roles, find the ones we cannot create, remove the stale
    const [listed] = await runOk([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]);
    const clients = ((listed.data as { clients?: unknown[] } | undefined)?.clients ?? []).map((c) =>
      typeof c === 'string'
        ? { username: c, roles: [] as string[] }
        : {
            username: String((c as { username?: unknown }).username),
            roles: ((c as { roles?: { rolename: string }[] }).roles ?? []).map((r) => r.rolename),
          },
    );
    const byName = new Map(clients.map((c) => [c.username, c]));
    const fixes: DynsecCommand[] = [];
    for (const mac of live.keys()) {
      const c = byName.get(mac);
      if (!c) report.needRotation.push(mac);
      else if (!c.roles.includes(edgeRoleName(mac)))
        fixes.push({ command: 'addClientRole', username: mac, rolename: edgeRoleName(mac), priority: 0 });
    }
    await noteConnectionDropped(
      db,
      fixes.map((f) => String(f.username)),
    );
    await runOk(fixes);
    const stale = new Set<string>();
    for (const c of clients)
      if (MAC.test(c.username) && !live.has(c.username) && c.roles.every((r) => edgeMacOfRole(r) !== null)) stale.add(c.username);
    const [roles] = await runOk([{ command: 'listRoles', verbose: false, count: -1, offset: 0 }]);
    for (const r of (roles.data as { roles?: unknown[] } | undefined)?.roles ?? []) {
      const name = typeof r === 'string' ? r : String((r as { rolename?: unknown }).rolename);
      const mac = edgeMacOfRole(name);
      if (mac && !live.has(mac)) stale.add(mac);
    }
    // read again just before: another instance may have issued one of these since (its own change
    // of the plugin follows); a credential this sync judged stays judged
    const judged = new Set(credentials.map((c) => c.mac));
    const issuedSince = new Set((await liveEdgeCredentials(db)).map((c) => c.mac).filter((mac) => !judged.has(mac)));
    report.removed = [...stale].filter((mac) => !issuedSince.has(mac));
    for (const mac of report.removed) await removeEdge(mac);
    if (report.needRotation.length)
      opts.log?.warn(
        { macs: report.needRotation },
        'MQTT credentials issued before this broker was used: rotate them in the Gateways tab so these devices can connect',
      );
    return report;
  };

  return {
    sync: () => exclusive(sync),
    run: (commands) => run(commands),

    credentialsIssued: (identity, secret) =>
      exclusive(async () => {
        const mac = identity.mac.toUpperCase();
        const id = await loadIdentity(mac, identity.kind, identity.customerId);
        if (!id) {
          // as on the embedded broker: no registered gateway or trigger, no connection
          opts.log?.warn({ mac }, 'MQTT credentials issued for a MAC that is not registered: the broker refuses it');
          await removeEdge(mac);
          return;
        }
        const rolename = edgeRoleName(mac);
        // Another instance may change the same client or role meanwhile (its own issue of this MAC's
        // secret, or its start-up sync removing a role it read as stale): what it did is read again
        // and the change made over, a few times.
        for (let attempt = 1; ; attempt++) {
          try {
            roleCache.delete(rolename);
            await writeRoles(new Map([[rolename, edgeAclRules(id)]]));
            const roles = await clientRoles(mac);
            // A new password, or a new client, disconnects every older connection of the MAC.
            if (roles === null)
              await runOk([{ command: 'createClient', username: mac, password: secret, roles: [{ rolename, priority: 0 }] }]);
            else
              await runOk([
                { command: 'setClientPassword', username: mac, password: secret },
                ...(roles.includes(rolename) ? [] : [{ command: 'addClientRole', username: mac, rolename, priority: 0 }]),
              ]);
            return;
          } catch (err) {
            const raced = err instanceof DynsecError && (isNotFound(err.error) || /already exists/i.test(err.error));
            if (!raced || attempt >= MAX_RACED_ATTEMPTS) throw err;
          }
        }
      }),

    credentialsRevoked: (mac) => exclusive(() => removeEdge(mac.toUpperCase())),

    scopeChanged: (customerId) =>
      exclusive(async () => {
        const desired = new Map<string, RoleAcl[]>();
        const gone: string[] = [];
        for (const c of await liveEdgeCredentials(db)) {
          if (c.customer_id !== customerId) continue;
          const id = await loadIdentity(c.mac, c.kind, c.customer_id);
          if (id) desired.set(edgeRoleName(c.mac), edgeAclRules(id));
          else gone.push(c.mac);
        }
        await writeRoles(desired);
        for (const mac of gone) await removeEdge(mac);
      }),

    close() {
      closed = true;
      client.off('message', onMessage);
      for (const p of pending.values()) p.reject(new Error('Mosquitto dynamic-security access is closed'));
      pending.clear();
    },
  };
}
