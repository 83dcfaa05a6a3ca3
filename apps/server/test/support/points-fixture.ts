import { afterAll, beforeAll, expect } from 'vitest';
import { point, pointSaveAnswer, treeResponse, type Point, type PointFormInput, type TreeNode } from '@overtone/contract';
import { newId } from '../../src/infra/ids.ts';
import { startTwoTenants, type Call } from '../admin-client.ts';

/** Shared setup of points.test.ts and point-tree-values.test.ts: live bindings, read them inside tests. */
export let server: Awaited<ReturnType<typeof startTwoTenants>>['server'];
export let call: Call;
export let other: Call;
export let otherId: string;
export let demoId: string;

export let seq = 0;
export const uniq = (s: string) => `${s} ${++seq}`;
export const codeOf = (res: { body: unknown }) => (res.body as { code?: string }).code;
export const msgsOf = (res: { body: unknown }) => (res.body as { errors: { msg: string }[] }).errors.map((e) => e.msg);

export async function newGroup(parent: string, as: Call = call): Promise<string> {
  const name = uniq('Group');
  const res = await as<{ _id: string }>('POST', `/tree/group/${parent}/group`, { name, tagCode: name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id;
}
/** A non-root group that may take points. */
export const pointGroup = async (as: Call = call) => newGroup(await newGroup('root', as), as);
export async function newPoint(groupId: string, extra: Partial<PointFormInput> = {}, as: Call = call): Promise<string> {
  const name = uniq('Point');
  const res = await as<{ _id: string }>('POST', `/group/${groupId}/point`, { name, tagCode: name, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(pointSaveAnswer.parse(res.body).S3URL).toBeNull();
  return res.body._id;
}
export const getPoint = async (id: string, as: Call = call) => {
  const res = await as<Point>('GET', `/point/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return point.parse(res.body);
};
export const tree = async (as: Call = call) => treeResponse.parse((await as<TreeNode[]>('GET', '/tree')).body);

/** The catalogue bearing the demo seed attaches to its points (SKF 6205). */
export async function catalogueBearingId(): Promise<string> {
  const b = await server.ctx.db.selectFrom('bearings').select('id').where('customer_id', 'is', null).executeTakeFirstOrThrow();
  return b.id;
}
export async function customBearing(customerId: string): Promise<string> {
  const id = newId();
  await server.ctx.db
    .insertInto('bearings')
    .values({
      id,
      customer_id: customerId,
      brand: 'ACME',
      bearing_number: uniq('X'),
      bpfo: 1,
      bpfi: 2,
      bsf: 3,
      ftf: 0.4,
      type: 'CUSTOM',
    })
    .execute();
  return id;
}

/** Every conditional field filled in, whatever the conditions. */
export const everything = (): PointFormInput => ({
  name: uniq('Full'),
  tagCode: uniq('full'),
  type: ['Bearing', 'GearBox', 'Electric Motor'],
  favoriteTelemetry: 'VRMS',
  bearingBrand: 'SKF',
  coordinateXAxis: 'zAxis',
  coordinateYAxis: 'xAxis',
  coordinateZAxis: 'yAxis',
  referenceFrequency: 24.5,
  referenceFrequencyVariable: false,
  previousFaults: ['Unbalance', 'Misalignment'],
  machineType: 'pump',
  driveType: 'electricMotor',
  motorPower: 7.5,
  transmissionType: 'belt-pulley',
  beltType: 'Vbelt',
  beltLength: 120,
  pulleyRadiusRatio: 1.5,
  couplingType: 'jaw',
  gearboxType: 'helicalGearReducer',
  gearboxConversionInput: 3,
  gearboxConversionOutput: 1,
  numberOfStages: 2,
  shaftOfSensorAttachedTo: 'middle',
  numberOfGearTeethAtRingGear: 80,
  numberOfGearTeethAtPlanetGear: 20,
  numberOfGearTeethAtSunGear: 40,
  numberOfGearTeethAtDriverShaft: 17,
  numberOfGearTeethAtFirstCurrentShaft: 31,
  numberOfGearTeethAtSecondCurrentShaft: 29,
  numberOfGearTeethAtDrivenShaft: 53,
  transmission_numberOfStages: 2,
  transmission_gearboxConversionInput: 5,
  transmission_gearboxConversionOutput: 2,
  lastMaintenanceDate: '2024-03-01 08:30:00',
  pumpClassification: {
    pump: true,
    class: 'rotodynamic',
    rotodynamic: 'centrifugal',
    positiveDisplacement: 'rotary',
    open: true,
  },
  couplingClassification: { coupling: true, class: 'rigid', flexible: 'membrane' },
});

/** Registers the fixture's beforeAll and afterAll in the calling test file. */
export function usePointsFixture() {
  beforeAll(async () => {
    ({ server, call, other, otherId, demoId } = await startTwoTenants());
  });
  afterAll(async () => server?.close());
}
