import { describe, expect, it } from 'vitest';
import { edgeAclRules, type EdgeIdentity } from './edge-rules.ts';
import {
  MAX_ACL_DIFF,
  commandBatches,
  defaultAclAccessCommand,
  edgeMacOfRole,
  edgeRoleName,
  isNotFound,
  parseDynsecResponses,
  roleCommands,
  sameAcls,
  serverRoleAcls,
  type RoleAcl,
} from './dynsec-commands.ts';

const gw = (devices: string[]): EdgeIdentity => ({
  kind: 'GATEWAY',
  mac: 'CA:B8:28:00:00:01',
  customerId: 'c1',
  roots: ['prod'],
  devices: new Set(devices),
  triggers: new Set(),
});

describe('role names', () => {
  it('names an edge role after the MAC without colons and reads it back', () => {
    expect(edgeRoleName('ca:b8:28:00:00:0a')).toBe('edge-CAB82800000A');
    expect(edgeMacOfRole('edge-CAB82800000A')).toBe('CA:B8:28:00:00:0A');
  });
  it('leaves other roles alone', () => {
    for (const r of [
      'admin',
      'overtone-server',
      'edge-',
      'edge-CAB82800000',
      'edge-cab82800000a',
      'edge-CAB82800000A1',
      'xedge-CAB82800000A',
    ])
      expect(edgeMacOfRole(r)).toBeNull();
  });
});

describe('default access and the server role', () => {
  it('denies publishing, receiving and subscribing by default', () => {
    const c = defaultAclAccessCommand();
    expect(c.command).toBe('setDefaultACLAccess');
    expect(c.acls).toEqual(
      expect.arrayContaining([
        { acltype: 'publishClientSend', allow: false },
        { acltype: 'publishClientReceive', allow: false },
        { acltype: 'subscribe', allow: false },
      ]),
    );
  });
  it('gives the server every topic below its roots, $SYS and the control API', () => {
    const acls = serverRoleAcls(['prod', 'lake']);
    for (const topic of ['prod/#', 'lake/#', '$CONTROL/dynamic-security/#'])
      for (const acltype of ['publishClientSend', 'publishClientReceive', 'subscribePattern'])
        expect(acls).toContainEqual({ acltype, topic, allow: true });
    expect(acls).toContainEqual({ acltype: 'subscribePattern', topic: '$SYS/#', allow: true });
    expect(acls.some((a) => a.topic === '#')).toBe(false);
  });
});

describe('roleCommands', () => {
  const before = edgeAclRules(gw(['CA:B8:31:00:00:01']));
  const after = edgeAclRules(gw(['CA:B8:31:00:00:01', 'CA:B8:31:00:00:02']));

  it('creates a missing role with every ACL (priority 0)', () => {
    const [c, ...rest] = roleCommands('edge-X', null, before);
    expect(rest).toEqual([]);
    expect(c.command).toBe('createRole');
    expect(c.rolename).toBe('edge-X');
    expect(c.acls).toHaveLength(before.length);
    expect((c.acls as RoleAcl[]).every((a) => a.priority === 0 && a.allow)).toBe(true);
  });

  it('sends nothing when the role already holds the rules (in any order, priority 0 as reported)', () => {
    const reported = [...before].reverse().map((a) => ({ ...a, priority: 0 }));
    expect(roleCommands('edge-X', reported, before)).toEqual([]);
    expect(sameAcls(reported, before)).toBe(true);
  });

  it('adds only the rules of a new device', () => {
    const cmds = roleCommands('edge-X', before, after);
    expect(cmds.every((c) => c.command === 'addRoleACL' && c.rolename === 'edge-X')).toBe(true);
    expect(cmds).toHaveLength(after.length - before.length);
    expect(cmds.map((c) => c.topic)).toContain('prod/device/CA:B8:31:00:00:02/measure/+/chunk/+');
  });

  it('removes the rules of a device gone, before adding anything', () => {
    const cmds = roleCommands('edge-X', after, before);
    expect(cmds).toHaveLength(after.length - before.length);
    expect(cmds.every((c) => c.command === 'removeRoleACL' && c.allow === undefined)).toBe(true);
    const mixed = roleCommands(
      'edge-X',
      [{ acltype: 'publishClientSend', topic: 'x/y', allow: true }],
      [{ acltype: 'publishClientSend', topic: 'x/z', allow: true }],
    );
    expect(mixed.map((c) => c.command)).toEqual(['removeRoleACL', 'addRoleACL']);
  });

  it('replaces an ACL whose allow or priority differs', () => {
    const cmds = roleCommands(
      'r',
      [{ acltype: 'publishClientSend', topic: 'a', allow: false }],
      [{ acltype: 'publishClientSend', topic: 'a', allow: true }],
    );
    expect(cmds).toEqual([
      { command: 'removeRoleACL', rolename: 'r', acltype: 'publishClientSend', topic: 'a' },
      { command: 'addRoleACL', rolename: 'r', acltype: 'publishClientSend', topic: 'a', priority: 0, allow: true },
    ]);
  });

  it('replaces the whole role with one modifyRole when the difference is large', () => {
    const many = edgeAclRules(gw(Array.from({ length: 20 }, (_, i) => `CA:B8:31:00:01:${String(i).padStart(2, '0')}`)));
    expect(many.length - before.length).toBeGreaterThan(MAX_ACL_DIFF);
    const cmds = roleCommands('edge-X', before, many);
    expect(cmds).toHaveLength(1);
    expect(cmds[0].command).toBe('modifyRole');
    expect(cmds[0].acls).toHaveLength(many.length);
  });
});

describe('messages', () => {
  it('splits commands into bounded messages', () => {
    expect(commandBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(commandBatches([], 2)).toEqual([]);
  });
  it('reads the plugin answers and ignores anything else', () => {
    expect(
      parseDynsecResponses(
        '{"responses":[{"command":"createRole","correlationData":"a-1"},{"command":"getClient","error":"Client not found","correlationData":"a-2"}]}',
      ),
    ).toEqual([
      { command: 'createRole', correlationData: 'a-1' },
      { command: 'getClient', error: 'Client not found', correlationData: 'a-2' },
    ]);
    expect(parseDynsecResponses('not json')).toBeNull();
    expect(parseDynsecResponses('{"x":1}')).toBeNull();
    expect(parseDynsecResponses('{"responses":[1,null,{"command":"ok"}]}')).toEqual([{ command: 'ok' }]);
    expect(isNotFound('Role not found')).toBe(true);
    expect(isNotFound('Client already exists')).toBe(false);
  });
});
