import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { group, treeResponse, type Group, type PointFormInput, type TreeNode } from '@overtone/contract';
import { startTwoTenants, validationText, type Call } from './admin-client.ts';

/**
 * Groups of the asset tree through the API (spec 000 §2 "Asset tree", §4 "Tree move mode" and
 * "Tree rules", §7): the server enforces every rule the web app hides, and another customer's ids
 * answer 404 like unknown ones.
 */
let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;

beforeAll(async () => {
  ({ server, call, other } = await startTwoTenants());
});
afterAll(async () => server?.close());

let seq = 0;
const uniq = (s: string) => `${s} ${++seq}`;

/** Creates a group below `parent` ('root' for a root group) and returns its id. */
async function newGroup(parent: string, name = uniq('Group'), as: Call = call): Promise<string> {
  const res = await as<{ _id: string }>('POST', `/tree/group/${parent}/group`, { name, tagCode: name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id;
}
/** Creates a point in a group and returns its id. */
async function newPoint(groupId: string, extra: Partial<PointFormInput> = {}): Promise<string> {
  const name = uniq('Point');
  const res = await call<{ _id: string }>('POST', `/group/${groupId}/point`, { name, tagCode: name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id;
}
const getGroup = (id: string, as: Call = call) => as<Group>('GET', `/tree/group/${id}`);
const tree = async (as: Call = call) => treeResponse.parse((await as<TreeNode[]>('GET', '/tree')).body);
const codeOf = (res: { body: unknown }) => (res.body as { code?: string }).code;

describe('POST /tree/group/{parentGroupId}/group', () => {
  it("creates a root group with 'root' and sub-groups below it; the tag code is sanitised and stored with '#'", async () => {
    const rootId = await newGroup('root', 'Plant A');
    const res = await call<{ _id: string }>('POST', `/tree/group/${rootId}/group`, { name: ' Line 1 ', tagCode: ' #l1-ä/b ' });
    expect(res.status).toBe(200);
    const root = group.parse((await getGroup(rootId)).body);
    expect(root).toMatchObject({ _id: rootId, name: 'Plant A', tagCode: '#PLANT A', parent: 'root', nodeType: 'group' });
    expect(root.children).toEqual([{ _id: res.body._id, name: 'Line 1', nodeType: 'group' }]);
    expect((await getGroup(res.body._id)).body).toMatchObject({ tagCode: '#L1ÄB', parent: rootId, children: [] });
    const nodes = await tree();
    expect(nodes.find((n) => n._id === rootId)).toMatchObject({ parent: 'root', nodeType: 'group', tagCode: '#PLANT A' });
    expect(nodes.find((n) => n._id === res.body._id)).toMatchObject({ parent: rootId, name: 'Line 1' });
  });

  it('refuses an empty name or a tag code with nothing left after sanitising (400 with the form messages)', async () => {
    const res = await call<{ errors: { msg: string; param?: string }[] }>('POST', '/tree/group/root/group', {
      name: '  ',
      tagCode: ' #-/ ',
    });
    expect(res.status).toBe(400);
    const msgs = res.body.errors.map((e) => e.msg);
    expect(msgs).toContain(validationText('pleaseEnterName'));
    expect(msgs).toContain(validationText('pleaseInputTagCode'));
  });

  it('refuses a group below a group holding points (409 GROUP_HAS_POINTS)', async () => {
    const line = await newGroup(await newGroup('root'));
    await newPoint(line);
    const res = await call('POST', `/tree/group/${line}/group`, { name: 'Sub', tagCode: uniq('SUB') });
    expect(res.status).toBe(409);
    expect(codeOf(res)).toBe('GROUP_HAS_POINTS');
  });

  it('answers 404 GROUP_NOT_FOUND for an unknown parent, a point as parent and another customer’s group', async () => {
    const line = await newGroup(await newGroup('root'));
    const pointId = await newPoint(line);
    const foreign = await newGroup('root', uniq('Foreign'), other);
    for (const parent of ['0123456789abcdef01234567', pointId, foreign]) {
      const res = await call('POST', `/tree/group/${parent}/group`, { name: 'X', tagCode: uniq('X') });
      expect(res.status, parent).toBe(404);
      expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    }
  });
});

describe('tag codes', () => {
  it('are unique per customer across groups and points, compared without the prefix (409 TAG_CODE_TAKEN)', async () => {
    const root = await newGroup('root');
    const line = await newGroup(root);
    const code = uniq('PUMP');
    expect((await call('POST', `/tree/group/${root}/group`, { name: 'G', tagCode: code })).status).toBe(200);
    const dupGroup = await call('POST', `/tree/group/${root}/group`, { name: 'G2', tagCode: code.toLowerCase() });
    expect(dupGroup.status).toBe(409);
    expect(codeOf(dupGroup)).toBe('TAG_CODE_TAKEN');
    // '$CODE' may not coexist with '#CODE': a tag code names one asset.
    const dupPoint = await call('POST', `/group/${line}/point`, { name: 'P', tagCode: `$${code}` });
    expect(dupPoint.status).toBe(409);
    expect(codeOf(dupPoint)).toBe('TAG_CODE_TAKEN');
    // Editing a group to another node's code is refused too; keeping its own code is not a clash.
    const g = await newGroup(root);
    const edit = await call('PUT', `/tree/group/${g}`, { name: 'renamed', tagCode: code });
    expect(edit.status).toBe(409);
    expect(codeOf(edit)).toBe('TAG_CODE_TAKEN');
    const own = (await getGroup(g)).body.tagCode.slice(1);
    expect((await call('PUT', `/tree/group/${g}`, { name: 'renamed', tagCode: own })).status).toBe(200);
  });

  it('another customer may use the same code', async () => {
    const code = uniq('SHARED');
    expect((await call('POST', '/tree/group/root/group', { name: 'A', tagCode: code })).status).toBe(200);
    expect((await other('POST', '/tree/group/root/group', { name: 'A', tagCode: code })).status).toBe(200);
  });
});

describe('GET /tree/group/{id}', () => {
  it('answers 404 GROUP_NOT_FOUND for an unknown id, a point id and another customer’s group', async () => {
    const line = await newGroup(await newGroup('root'));
    const pointId = await newPoint(line);
    const foreign = await newGroup('root', uniq('Foreign'), other);
    for (const id of ['0123456789abcdef01234567', pointId, foreign]) {
      const res = await getGroup(id);
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    }
    expect((await getGroup(foreign, other)).status).toBe(200);
  });
});

describe('PUT /tree/group/{id}', () => {
  it('edits the name and tag code', async () => {
    const g = await newGroup(await newGroup('root'));
    const res = await call('PUT', `/tree/group/${g}`, { name: 'Edited', tagCode: uniq('edited') });
    expect(res.status).toBe(200);
    expect((await getGroup(g)).body).toMatchObject({ name: 'Edited', tagCode: `#EDITED ${seq}` });
  });

  it('moves a group with `parent` below another group, keeping its subtree', async () => {
    const a = await newGroup('root');
    const b = await newGroup('root');
    const moving = await newGroup(a);
    const child = await newGroup(moving);
    const res = await call('PUT', `/tree/group/${moving}`, { name: 'Moved', tagCode: uniq('MOVED'), parent: b });
    expect(res.status).toBe(200);
    const nodes = await tree();
    expect(nodes.find((n) => n._id === moving)).toMatchObject({ parent: b, name: 'Moved' });
    expect(nodes.find((n) => n._id === child)?.parent).toBe(moving);
    expect((await getGroup(a)).body.children).toEqual([]);
  });

  it('refuses a move into itself or below itself (409 TREE_CYCLE)', async () => {
    const root = await newGroup('root');
    const a = await newGroup(root);
    const b = await newGroup(a);
    const c = await newGroup(b);
    for (const target of [a, b, c]) {
      const res = await call('PUT', `/tree/group/${a}`, { name: 'A', tagCode: uniq('A'), parent: target });
      expect(res.status, target).toBe(409);
      expect(codeOf(res)).toBe('TREE_CYCLE');
    }
    expect((await getGroup(a)).body.parent).toBe(root);
  });

  it('refuses a move onto a group holding points (409 GROUP_HAS_POINTS), onto a point, an unknown or a foreign group (404)', async () => {
    const root = await newGroup('root');
    const g = await newGroup(root);
    const withPoints = await newGroup(root);
    const pointId = await newPoint(withPoints);
    const hasPoints = await call('PUT', `/tree/group/${g}`, { name: 'G', tagCode: uniq('G'), parent: withPoints });
    expect(hasPoints.status).toBe(409);
    expect(codeOf(hasPoints)).toBe('GROUP_HAS_POINTS');
    const foreign = await newGroup('root', uniq('Foreign'), other);
    for (const parent of [pointId, foreign, '0123456789abcdef01234567', 'root']) {
      const res = await call('PUT', `/tree/group/${g}`, { name: 'G', tagCode: uniq('G'), parent });
      expect(res.status, parent).toBe(404);
      expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    }
    expect((await getGroup(g)).body.parent).toBe(root);
  });

  it('never edits or moves a root group (409 ROOT_GROUP_LOCKED)', async () => {
    const root = await newGroup('root', 'Locked root');
    const target = await newGroup(await newGroup('root'));
    const code = (await getGroup(root)).body.tagCode.slice(1);
    const edit = await call('PUT', `/tree/group/${root}`, { name: 'New name', tagCode: code });
    expect(edit.status).toBe(409);
    expect(codeOf(edit)).toBe('ROOT_GROUP_LOCKED');
    const move = await call('PUT', `/tree/group/${root}`, { name: 'Locked root', tagCode: code, parent: target });
    expect(codeOf(move)).toBe('ROOT_GROUP_LOCKED');
    expect((await getGroup(root)).body).toMatchObject({ name: 'Locked root', parent: 'root' });
  });

  it('answers 404 for another customer’s group and leaves it unchanged', async () => {
    const foreign = await newGroup(await newGroup('root', uniq('F'), other), uniq('Foreign child'), other);
    const res = await call('PUT', `/tree/group/${foreign}`, { name: 'Hijacked', tagCode: uniq('H') });
    expect(res.status).toBe(404);
    expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    expect((await getGroup(foreign, other)).body.name).toMatch(/^Foreign child/);
  });
});

describe('DELETE /tree/group/{id}', () => {
  it('deletes an empty group', async () => {
    const root = await newGroup('root');
    const g = await newGroup(root);
    const res = await call('DELETE', `/tree/group/${g}`);
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect((await getGroup(g)).status).toBe(404);
    expect((await getGroup(root)).body.children).toEqual([]);
  });

  it('refuses a group holding groups or points (409 GROUP_NOT_EMPTY)', async () => {
    const root = await newGroup('root');
    const withGroup = await newGroup(root);
    await newGroup(withGroup);
    const withPoint = await newGroup(root);
    await newPoint(withPoint);
    for (const g of [withGroup, withPoint]) {
      const res = await call('DELETE', `/tree/group/${g}`);
      expect(res.status).toBe(409);
      expect(codeOf(res)).toBe('GROUP_NOT_EMPTY');
    }
  });

  it('never deletes a root group, even an empty one (409 ROOT_GROUP_LOCKED)', async () => {
    const root = await newGroup('root');
    const res = await call('DELETE', `/tree/group/${root}`);
    expect(res.status).toBe(409);
    expect(codeOf(res)).toBe('ROOT_GROUP_LOCKED');
    expect((await getGroup(root)).status).toBe(200);
  });

  it('answers 404 for another customer’s group and keeps it', async () => {
    const foreign = await newGroup(await newGroup('root', uniq('F'), other), uniq('FC'), other);
    const res = await call('DELETE', `/tree/group/${foreign}`);
    expect(res.status).toBe(404);
    expect((await getGroup(foreign, other)).status).toBe(200);
  });
});

describe('GET /tree', () => {
  it('lists only the caller’s customer’s nodes', async () => {
    const mine = await newGroup('root');
    const theirs = await newGroup('root', uniq('Theirs'), other);
    const ids = (await tree()).map((n) => n._id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect((await tree(other)).map((n) => n._id)).toContain(theirs);
  });
});
