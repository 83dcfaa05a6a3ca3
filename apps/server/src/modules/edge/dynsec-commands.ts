/**
 * The commands of Mosquitto 2's dynamic-security plugin the edge sends (its control API: JSON
 * commands published to `$CONTROL/dynamic-security/v1`, answers on
 * `$CONTROL/dynamic-security/v1/response`; mosquitto.org "Dynamic Security plugin"): role names,
 * ACLs, their difference as commands, batching and the answers' parsing. Pure: the client that
 * sends them is mosquitto-dynsec.ts.
 */
/** The plugin's command topic. */
export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
/** Where the plugin answers (to the sending connection only). */
export const DYNSEC_RESPONSE_TOPIC = '$CONTROL/dynamic-security/v1/response';
/** The role the server's own user holds: commands to gateways, every Senseway topic, the control API. */
export const SERVER_ROLE = 'overtone-server';
const EDGE_ROLE_PREFIX = 'edge-';

/** One command of the plugin's control API (plugins/dynamic-security/README.md of Mosquitto). */
export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}
/** One answer: `error` is set when the command failed; `data` carries what a get/list command read. */
export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}
/** An ACL as the plugin stores and reports it (priority 0 when not given). */
export interface RoleAcl {
  acltype: string;
  topic: string;
  allow: boolean;
  priority?: number;
}

/** A command the plugin refused. `error` is the plugin's text (e.g. "Role not found"). */
export class DynsecError extends Error {
  constructor(
    readonly command: DynsecCommand,
    readonly error: string,
  ) {
    const what = ['username', 'rolename', 'groupname'].map((k) => command[k]).find((v) => typeof v === 'string');
    super(`Mosquitto dynamic-security refused ${command.command}${what ? ` ${String(what)}` : ''}: ${error}`);
    this.name = 'DynsecError';
  }
}

/** True for the plugin's "… not found" answers (deleting or reading something absent). */
export const isNotFound = (error: string | undefined) => Boolean(error && /not found/i.test(error));

/** The role of an edge MAC: `edge-` and the upper-case MAC without colons (`edge-CAB8280000A1`). */
export const edgeRoleName = (mac: string) => `${EDGE_ROLE_PREFIX}${mac.toUpperCase().replace(/:/g, '')}`;

/** The MAC (upper case, colons) an `edge-…` role belongs to, or null for any other role name. */
export function edgeMacOfRole(rolename: string): string | null {
  const m = /^edge-([0-9A-F]{12})$/.exec(rolename);
  return m ? m[1].match(/../g)!.join(':') : null;
}

/**
 * The plugin's default access when no ACL of a client's roles matches: publishing, receiving and
 * subscribing denied (the plugin's own default lets every client receive), unsubscribing allowed.
 */
export function defaultAclAccessCommand(): DynsecCommand {
  return {
    command: 'setDefaultACLAccess',
    acls: [
      { acltype: 'publishClientSend', allow: false },
      { acltype: 'publishClientReceive', allow: false },
      { acltype: 'subscribe', allow: false },
      { acltype: 'unsubscribe', allow: true },
    ],
  };
}

/**
 * ACLs of {@link SERVER_ROLE}: everything below each Senseway root (ingest subscriptions, commands to
 * gateways, `persisted` events), `$SYS`, and the plugin's control topics.
 * @param roots the topic roots the server uses (config `sensewayRoots`)
 */
export function serverRoleAcls(roots: readonly string[]): RoleAcl[] {
  const all = (topic: string): RoleAcl[] => [
    { acltype: 'publishClientSend', topic, allow: true },
    { acltype: 'publishClientReceive', topic, allow: true },
    { acltype: 'subscribePattern', topic, allow: true },
  ];
  return [
    ...roots.flatMap((r) => all(`${r}/#`)),
    ...all('$CONTROL/dynamic-security/#'),
    { acltype: 'publishClientReceive', topic: '$SYS/#', allow: true },
    { acltype: 'subscribePattern', topic: '$SYS/#', allow: true },
  ];
}

const aclKey = (a: { acltype: string; topic: string }) => `${a.acltype}\u0000${a.topic}`;
const aclValue = (a: RoleAcl) => `${a.allow ? 1 : 0}:${a.priority ?? 0}`;

/** True when two ACL lists hold the same rules (order ignored; a missing priority is 0). */
export function sameAcls(a: readonly RoleAcl[], b: readonly RoleAcl[]): boolean {
  if (a.length !== b.length) return false;
  const m = new Map(a.map((x) => [aclKey(x), aclValue(x)]));
  return b.every((x) => m.get(aclKey(x)) === aclValue(x));
}

/** Above this many single changes a role is replaced whole by `modifyRole` instead. */
export const MAX_ACL_DIFF = 64;

/**
 * The commands that turn a role's ACLs from `current` into `desired`:
 * - none when they are the same;
 * - `createRole` with every ACL when the role does not exist (`current` null);
 * - `removeRoleACL` / `addRoleACL` for what differs when that is at most {@link MAX_ACL_DIFF}
 *   commands (a device added to a customer of a few hundred devices changes 12 rules per root, while
 *   the whole role holds thousands);
 * - else one `modifyRole`, which replaces the list atomically.
 * The plugin runs the commands of one message in order without serving a client in between, so
 * a client never sees a half-applied diff.
 */
export function roleCommands(rolename: string, current: readonly RoleAcl[] | null, desired: readonly RoleAcl[]): DynsecCommand[] {
  const acls = desired.map((a) => ({ acltype: a.acltype, topic: a.topic, priority: a.priority ?? 0, allow: a.allow }));
  if (!current) return [{ command: 'createRole', rolename, acls }];
  const want = new Map(desired.map((a) => [aclKey(a), a]));
  const have = new Map(current.map((a) => [aclKey(a), a]));
  const remove = current.filter((a) => want.get(aclKey(a)) === undefined || aclValue(want.get(aclKey(a))!) !== aclValue(a));
  const add = desired.filter((a) => have.get(aclKey(a)) === undefined || aclValue(have.get(aclKey(a))!) !== aclValue(a));
  if (!remove.length && !add.length) return [];
  if (remove.length + add.length > MAX_ACL_DIFF) return [{ command: 'modifyRole', rolename, acls }];
  return [
    ...remove.map((a) => ({ command: 'removeRoleACL', rolename, acltype: a.acltype, topic: a.topic })),
    ...add.map((a) => ({
      command: 'addRoleACL',
      rolename,
      acltype: a.acltype,
      topic: a.topic,
      priority: a.priority ?? 0,
      allow: a.allow,
    })),
  ];
}

/** Commands per control message (each answered in the same response message). */
export const MAX_COMMANDS_PER_MESSAGE = 200;

/** Splits commands into control messages of at most `max` commands. */
export function commandBatches<T>(commands: readonly T[], max = MAX_COMMANDS_PER_MESSAGE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < commands.length; i += max) out.push(commands.slice(i, i + max));
  return out;
}

/**
 * Reads a response message of the plugin.
 * @returns its responses, or null when the payload is not `{"responses": [...]}`
 */
export function parseDynsecResponses(payload: Buffer | string): DynsecResponse[] | null {
  try {
    const j = JSON.parse(payload.toString()) as { responses?: unknown };
    if (!Array.isArray(j.responses)) return null;
    return j.responses.filter(
      (r): r is DynsecResponse => typeof r === 'object' && r !== null && typeof (r as DynsecResponse).command === 'string',
    );
  } catch {
    return null;
  }
}
