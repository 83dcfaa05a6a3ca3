import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, telemetryDefinitionList } from '@overtone/contract';
import { BUILT_IN_TELEMETRY } from '../src/modules/telemetry/built-in.ts';
import { caller, loginOn, passwordChosen, validationText, type Call, startTwoTenants } from './admin-client.ts';
import { failureOf } from './support/endpoint-client.ts';

let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
let call: Call;
let other: Call;
let otherId: string;
let demoId: string;

beforeAll(async () => {
  ({ server, call, other, demoId, otherId } = await startTwoTenants());
});
afterAll(async () => server?.close());

const list = async (who: Call = call) => {
  const res = await who.endpoint(ENDPOINTS.listTelemetry);
  expect(res.status).toBe(200);
  return telemetryDefinitionList.parse(res.body);
};
const defaultOf = async (customerId: string) =>
  (
    (await server.ctx.db.selectFrom('customers').select('preferences').where('id', '=', customerId).executeTakeFirstOrThrow())
      .preferences as { defaultTelemetry: string }
  ).defaultTelemetry;
const fields = { displayName: 'Bearing temperature', unit: '°C', hidden: false, minValue: -20, maxValue: 150 };

describe('GET /telemetry', () => {
  it('gives a customer without definitions the built-in ones, in order, with its default', async () => {
    await server.ctx.db.deleteFrom('telemetry_definitions').where('customer_id', '=', otherId).execute();
    const defs = await list(other);
    expect(defs.map((d) => d.name)).toEqual(BUILT_IN_TELEMETRY.map((t) => t.name));
    expect(defs.map((d) => d.order)).toEqual(defs.map((_, i) => i));
    expect(defs.every((d) => d.builtIn && !d.hidden)).toBe(true);
    expect(defs.filter((d) => d.isDefault).map((d) => d.name)).toEqual([await defaultOf(otherId)]);
  });

  it('readTelemetry or a screen that names telemetry reads definitions; only the telemetry admin reads sources', async () => {
    const role = (await call.endpoint(ENDPOINTS.createRole, { body: { name: 'NOTHING AT ALL', permissions: [] } })).body;
    const u = await call.endpoint(ENDPOINTS.createUser, {
      body: {
        name: 'No',
        surname: 'Rights',
        email: 'no-rights@demo.local',
        role: role._id,
        password: 'Strong-Pass-1',
        mfaEnabled: false,
      },
    });
    await passwordChosen(server, u.body._id);
    const nobody = caller(server, await loginOn(server, 'no-rights@demo.local', 'Strong-Pass-1'));
    const definitions = async () => (await nobody.endpoint(ENDPOINTS.listTelemetry)).status;
    const sources = async () => (await nobody.endpoint(ENDPOINTS.listTelemetrySources)).status;
    const grant = (permissions: string[]) =>
      call.endpoint(ENDPOINTS.updateRole, { params: { id: role._id }, body: { name: 'NOTHING AT ALL', permissions } });
    expect(await definitions()).toBe(403);
    expect(await sources()).toBe(403);
    expect((await nobody.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'NOPE' } })).status).toBe(403);
    expect((await caller(server, null).endpoint(ENDPOINTS.listTelemetry)).status).toBe(401);
    // an alarm reader names telemetry in its alarms: definitions yes, sources no
    await grant(['readAlarm']);
    expect(await definitions()).toBe(200);
    expect(await sources()).toBe(403);
    await grant(['readTelemetry']);
    expect(await definitions()).toBe(200);
    expect(await sources()).toBe(200);
  });
});

describe('GET /telemetry/sources', () => {
  it('lists the three axes and the device', async () => {
    const res = await call.endpoint(ENDPOINTS.listTelemetrySources);
    expect(res.status).toBe(200);
    expect(res.body.map((s) => s.code)).toEqual(['accelerometer_x', 'accelerometer_y', 'accelerometer_z', 'device']);
  });
});

describe('POST /telemetry', () => {
  it('creates a definition at the end of the order, name upper-cased', async () => {
    const before = await list();
    const res = await call.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'bearing_temp' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...fields, name: 'BEARING_TEMP', builtIn: false, isDefault: false, order: before.length });
    expect((await list()).at(-1)!._id).toBe(res.body._id);
  });

  it('refuses an existing name (409), min above max, and missing unit or display name (400)', async () => {
    const dup = await call.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'grms' } });
    expect(dup.status).toBe(409);
    expect(failureOf(dup)).toMatchObject({ code: 'TELEMETRY_NAME_TAKEN' });
    const bounds = await call<{ errors: { msg: string; param: string }[] }>('POST', '/telemetry', {
      ...fields,
      name: 'X1',
      minValue: 5,
      maxValue: 1,
    });
    expect(bounds.status).toBe(400);
    expect(bounds.body.errors).toContainEqual({ msg: validationText('minGreaterThanMax'), param: 'minValue' });
    const missing = await call<{ errors: { msg: string }[] }>('POST', '/telemetry', { name: 'X2', displayName: ' ', unit: '' });
    expect(missing.body.errors.map((e) => e.msg)).toEqual(
      expect.arrayContaining([validationText('requireDisplayName'), validationText('requireUnit')]),
    );
  });

  it('with isDefault, becomes the default telemetry (definitions and preferences together)', async () => {
    const res = await call.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'NEW_DEFAULT', isDefault: true } });
    expect(res.body.isDefault).toBe(true);
    expect((await list()).filter((d) => d.isDefault).map((d) => d.name)).toEqual(['NEW_DEFAULT']);
    expect(await defaultOf(demoId)).toBe('NEW_DEFAULT');
  });
});

describe('PUT /telemetry/{id}', () => {
  it('edits display name, unit, bounds and hidden; the name stays', async () => {
    const grms = (await list()).find((d) => d.name === 'GRMS')!;
    const res = await call.endpoint(ENDPOINTS.updateTelemetry, {
      params: { id: grms._id },
      body: { displayName: 'Overall acceleration', unit: 'm/s²', hidden: true, minValue: null, maxValue: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'GRMS',
      displayName: 'Overall acceleration',
      unit: 'm/s²',
      hidden: true,
      maxValue: 3,
    });
  });

  it('moving the default clears the previous one and sets preferences.defaultTelemetry', async () => {
    const defs = await list();
    const vrms = defs.find((d) => d.name === 'VRMS')!;
    const params = { id: vrms._id };
    const res = await call.endpoint(ENDPOINTS.updateTelemetry, { params, body: { ...fields, isDefault: true } });
    expect(res.body.isDefault).toBe(true);
    expect((await list()).filter((d) => d.isDefault).map((d) => d.name)).toEqual(['VRMS']);
    expect(await defaultOf(demoId)).toBe('VRMS');
    // The default is moved, never unset.
    const off = await call.endpoint(ENDPOINTS.updateTelemetry, { params, body: { ...fields, isDefault: false } });
    expect(off.body.isDefault).toBe(true);
    expect(await defaultOf(demoId)).toBe('VRMS');
  });

  it('refuses min above max (400) and an unknown id (404)', async () => {
    const peak = (await list()).find((d) => d.name === 'PEAK')!;
    expect((await call('PUT', `/telemetry/${peak._id}`, { ...fields, minValue: 2, maxValue: 1 })).status).toBe(400);
    const unknown = await call.endpoint(ENDPOINTS.updateTelemetry, { params: { id: '0123456789abcdef01234567' }, body: fields });
    expect(unknown.status).toBe(404);
    expect(failureOf(unknown)).toMatchObject({ code: 'TELEMETRY_NOT_FOUND' });
  });
});

describe('DELETE /telemetry/{id}', () => {
  it('deletes a definition the customer created', async () => {
    const created = (await call.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'SHORT_LIVED' } })).body;
    const params = { id: created._id };
    expect((await call.endpoint(ENDPOINTS.deleteTelemetry, { params })).status).toBe(200);
    expect((await list()).map((d) => d.name)).not.toContain('SHORT_LIVED');
    expect(failureOf(await call.endpoint(ENDPOINTS.deleteTelemetry, { params }))).toMatchObject({ code: 'TELEMETRY_NOT_FOUND' });
  });

  it('refuses built-in definitions and the default one (409)', async () => {
    const kurtosis = (await list()).find((d) => d.name === 'KURTOSIS')!;
    const builtIn = await call.endpoint(ENDPOINTS.deleteTelemetry, { params: { id: kurtosis._id } });
    expect(builtIn.status).toBe(409);
    expect(failureOf(builtIn)).toMatchObject({ code: 'TELEMETRY_BUILT_IN' });
    const custom = (
      await call.endpoint(ENDPOINTS.createTelemetry, { body: { ...fields, name: 'CUSTOM_DEFAULT', isDefault: true } })
    ).body;
    expect((await call.endpoint(ENDPOINTS.deleteTelemetry, { params: { id: custom._id } })).status).toBe(409);
    expect((await list()).map((d) => d.name)).toContain('CUSTOM_DEFAULT');
  });
});

describe('PUT /telemetry/order', () => {
  it('sets the display order from the full list of ids', async () => {
    const ids = (await list()).map((d) => d._id).reverse();
    const res = await call.endpoint(ENDPOINTS.reorderTelemetry, { body: { ids } });
    expect(res.status).toBe(200);
    expect(res.body.map((d) => d._id)).toEqual(ids);
    expect((await list()).map((d) => d._id)).toEqual(ids);
    expect((await list()).map((d) => d.order)).toEqual(ids.map((_, i) => i));
  });

  it('refuses a list that is not exactly the customer’s ids (400)', async () => {
    const ids = (await list()).map((d) => d._id);
    const theirs = (await list(other)).map((d) => d._id);
    for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), theirs[0]!], [...ids, theirs[0]!]]) {
      const res = await call.endpoint(ENDPOINTS.reorderTelemetry, { body: { ids: bad } });
      expect(res.status).toBe(400);
    }
    expect((await list()).map((d) => d._id)).toEqual(ids);
  });
});

describe('tenant isolation of telemetry definitions', () => {
  it('neither customer sees or changes the other’s definitions', async () => {
    const ours = await list();
    const theirs = await list(other);
    expect(theirs.map((d) => d._id).filter((id) => ours.some((o) => o._id === id))).toEqual([]);
    const foreign = theirs.find((d) => !d.isDefault)!;
    const params = { id: foreign._id };
    expect(
      failureOf(await call.endpoint(ENDPOINTS.updateTelemetry, { params, body: { ...fields, isDefault: true } })),
    ).toMatchObject({ code: 'TELEMETRY_NOT_FOUND' });
    expect((await call.endpoint(ENDPOINTS.deleteTelemetry, { params })).status).toBe(404);
    const created = await other.endpoint(ENDPOINTS.createTelemetry, {
      body: { ...fields, name: 'BEARING_TEMP', isDefault: true },
    });

    expect(created.status).toBe(200);
    expect(await list()).toEqual(ours);
    expect(await defaultOf(otherId)).toBe('BEARING_TEMP');
    expect(await defaultOf(demoId)).toBe(ours.find((d) => d.isDefault)!.name);
  });
});
