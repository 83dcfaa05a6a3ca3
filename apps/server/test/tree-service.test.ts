import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointFormBody } from '@overtone/contract';
import { createGroup, deleteGroup, editGroup, groupWithChildren } from '../src/modules/tree/service.ts';
import { createPoint, deletePoint, movePoint } from '../src/modules/points/service.ts';
import { startTestServer } from './support/test-server.ts';
import { demoCustomerId } from './support/users.ts';

/**
 * The asset tree's rules (spec 000 §4 "Tree rules") called as services (modules/tree/service.ts,
 * modules/points/service.ts) on the real database, without HTTP; the HTTP side is tree.test.ts and
 * points.test.ts.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let c: string;
beforeAll(async () => {
  server = await startTestServer();
  c = await demoCustomerId(server);
});
afterAll(async () => server?.close());

const code = (e: unknown) => (e as { code?: string }).code;
const failure = async (p: Promise<unknown>) =>
  code(
    await p.then(
      () => null,
      (e: unknown) => e,
    ),
  );
const form = (name: string, tagCode: string) => pointFormBody.parse({ name, tagCode, type: ['None'], referenceFrequency: 25 });

describe('tree services', () => {
  it('a group holds groups or points, never both; a root group holds no point and is never edited or deleted', async () => {
    const root = (await createGroup(server.ctx, c, 'root', { name: 'Site S', tagCode: 'SVC SITE' }))._id;
    const area = (await createGroup(server.ctx, c, root, { name: 'Area', tagCode: 'SVC AREA' }))._id;
    await createPoint(server.ctx, c, area, form('Pump', 'SVC PUMP'));
    expect(await failure(createGroup(server.ctx, c, area, { name: 'Sub', tagCode: 'SVC SUB' }))).toBe('GROUP_HAS_POINTS');
    expect(await failure(createPoint(server.ctx, c, root, form('Fan', 'SVC FAN')))).toBe('ROOT_GROUP_LOCKED');
    const line = (await createGroup(server.ctx, c, root, { name: 'Line', tagCode: 'SVC LINE' }))._id;
    await createGroup(server.ctx, c, line, { name: 'Cell', tagCode: 'SVC CELL' });
    expect(await failure(createPoint(server.ctx, c, line, form('Fan', 'SVC FAN')))).toBe('GROUP_HAS_GROUPS');
    expect(await failure(editGroup(server.ctx, c, root, { name: 'Renamed', tagCode: 'SVC SITE' }))).toBe('ROOT_GROUP_LOCKED');
    expect(await failure(deleteGroup(server.ctx, c, root))).toBe('ROOT_GROUP_LOCKED');
    expect(await failure(deleteGroup(server.ctx, c, area))).toBe('GROUP_NOT_EMPTY');
    expect((await groupWithChildren(server.ctx, c, root)).children.map((x) => x.name)).toEqual(['Area', 'Line']);
  });

  it('tag codes are unique across groups and points; a group never moves below itself', async () => {
    const root = (await createGroup(server.ctx, c, 'root', { name: 'Site T', tagCode: 'SVC T' }))._id;
    const a = (await createGroup(server.ctx, c, root, { name: 'A', tagCode: 'SVC TA' }))._id;
    const b = (await createGroup(server.ctx, c, a, { name: 'B', tagCode: 'SVC TB' }))._id;
    expect(await failure(createGroup(server.ctx, c, root, { name: 'Again', tagCode: 'SVC TA' }))).toBe('TAG_CODE_TAKEN');
    expect(await failure(editGroup(server.ctx, c, a, { name: 'A', tagCode: 'SVC TA', parent: b }))).toBe('TREE_CYCLE');
    const other = (await createGroup(server.ctx, c, root, { name: 'Other', tagCode: 'SVC TO' }))._id;
    await editGroup(server.ctx, c, b, { name: 'B moved', tagCode: 'SVC TB', parent: other });
    expect((await groupWithChildren(server.ctx, c, other)).children.map((x) => x.name)).toEqual(['B moved']);
    expect(await failure(createPoint(server.ctx, c, b, form('P', 'SVC TA')))).toBe('TAG_CODE_TAKEN');
  });

  it('a point moves to a group that may hold it, and its deletion leaves the group empty', async () => {
    const root = (await createGroup(server.ctx, c, 'root', { name: 'Site M', tagCode: 'SVC M' }))._id;
    const g1 = (await createGroup(server.ctx, c, root, { name: 'G1', tagCode: 'SVC M1' }))._id;
    const g2 = (await createGroup(server.ctx, c, root, { name: 'G2', tagCode: 'SVC M2' }))._id;
    const p = (await createPoint(server.ctx, c, g1, form('Motor', 'SVC MOTOR')))._id;
    expect(await failure(movePoint(server.ctx, c, p, root))).toBe('ROOT_GROUP_LOCKED');
    const holder = (await createGroup(server.ctx, c, root, { name: 'Holder', tagCode: 'SVC MH' }))._id;
    await createGroup(server.ctx, c, holder, { name: 'Inner', tagCode: 'SVC MI' });
    expect(await failure(movePoint(server.ctx, c, p, holder))).toBe('GROUP_HAS_GROUPS');
    await movePoint(server.ctx, c, p, g2);
    expect((await groupWithChildren(server.ctx, c, g1)).children).toEqual([]);
    expect((await groupWithChildren(server.ctx, c, g2)).children.map((x) => x._id)).toEqual([p]);
    await deletePoint(server.ctx, c, p);
    expect(await failure(deletePoint(server.ctx, c, p))).toBe('POINT_NOT_FOUND');
    await deleteGroup(server.ctx, c, g2);
    expect(await failure(groupWithChildren(server.ctx, c, g2))).toBe('GROUP_NOT_FOUND');
  });
});
