/**
 * Test helpers of the point form (imported by its *.test.tsx only): fixtures shaped by the
 * contract, the dialog rendered with the admin test kit's providers, and antd input helpers.
 */
import { expect, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Bearing } from '@overtone/contract';
import { fakeApi, renderAdmin, TELEMETRY, type Routes } from '../admin/adminTestKit';
import { PointFormDialog, type PointFormMode } from './PointFormDialog';
import type { PointFormRecord } from './pointFormRecord';

export const GROUP_ID = '0000000000000000000000a1';
export const POINT_ID = '0000000000000000000000b1';

export const SKF_6205: Bearing = {
  _id: '0000000000000000000000c1',
  bearing_number: '6205',
  brand: 'SKF',
  bpfo: 3.585,
  bpfi: 5.415,
  bsf: 2.357,
  ftf: 0.398,
  ftfi: 0.602,
  group: 'deep groove ball',
  type: 'DEFAULT',
};
export const SKF_6206: Bearing = { ...SKF_6205, _id: '0000000000000000000000c2', bearing_number: '6206', bpfo: 3.57 };
export const NTN_6205: Bearing = { ...SKF_6205, _id: '0000000000000000000000c3', brand: 'NTN' };

/** A stored point as the extended `GET /point/{id}` answers it. */
export const RECORD: PointFormRecord = {
  _id: POINT_ID,
  name: 'Pump 1 DE',
  tagCode: '$P1 DE',
  parent: GROUP_ID,
  path: ['Plant', 'Line 1'],
  type: ['Bearing', 'GearBox'],
  favoriteTelemetry: 'VRMS',
  referenceFrequency: 24.5,
  referenceFrequencyVariable: false,
  bearingBrand: 'SKF',
  bearing: SKF_6205,
  coordinateXAxis: 'yAxis',
  coordinateYAxis: 'xAxis',
  coordinateZAxis: 'zAxis',
  health: 'healthy',
  device: null,
  profile: null,
  previousFaults: ['Unbalance'],
  machineType: 'pump',
  driveType: 'electricMotor',
  motorPower: 15,
  transmissionType: 'coupling',
  beltType: null,
  beltLength: null,
  pulleyRadiusRatio: null,
  couplingType: 'jaw',
  gearboxType: 'helicalGearReducer',
  gearboxConversionInput: 1,
  gearboxConversionOutput: 3.5,
  numberOfStages: 2,
  shaftOfSensorAttachedTo: 'middle',
  numberOfGearTeethAtRingGear: null,
  numberOfGearTeethAtPlanetGear: null,
  numberOfGearTeethAtSunGear: null,
  numberOfGearTeethAtDriverShaft: 17,
  numberOfGearTeethAtFirstCurrentShaft: 40,
  numberOfGearTeethAtSecondCurrentShaft: 19,
  numberOfGearTeethAtDrivenShaft: 60,
  transmission_numberOfStages: null,
  transmission_gearboxConversionInput: null,
  transmission_gearboxConversionOutput: null,
  lastMaintenanceDate: '2024-05-06 07:08:09',
  pumpClassification: { pump: true, class: 'rotodynamic', rotodynamic: 'centrifugal', positiveDisplacement: null, open: true },
  couplingClassification: { coupling: false, class: null, flexible: null },
  images: [
    { key: 'points/b1/front.jpg', url: 'https://img.example/front.jpg' },
    { key: 'points/b1/side.jpg', url: 'https://img.example/side.jpg' },
  ],
};

export const S3 = {
  url: 'https://s3.example/overtone-images',
  fields: { key: 'points/new.png', policy: 'p0l1cy', 'x-amz-signature': 'sig' },
};

/** Bearings of `GET /bearingSpesifications` filtered by brand and number prefix, like the server. */
export function bearingSearch(all: readonly Bearing[]) {
  return (call: { query: URLSearchParams }) => {
    const brand = call.query.get('brand');
    const prefix = (call.query.get('bearing_number') ?? '').toUpperCase();
    return all.filter((b) => (!brand || b.brand === brand) && b.bearing_number.toUpperCase().startsWith(prefix));
  };
}

/** The fake API every dialog test starts from, plus `routes`. */
export function fakePointApi(routes: Routes = {}) {
  return fakeApi({
    'GET /telemetry': TELEMETRY,
    'GET /bearingSpesifications': bearingSearch([SKF_6205, SKF_6206, NTN_6205]),
    [`GET /point/${POINT_ID}`]: RECORD,
    ...routes,
  });
}

/** Renders the dialog open in `mode`; returns the close and saved spies. */
export function renderDialog(mode: PointFormMode = { kind: 'create', parentGroupId: GROUP_ID }) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const result = renderAdmin(<PointFormDialog open mode={mode} onClose={onClose} onSaved={onSaved} />);
  return { ...result, onClose, onSaved };
}

export const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

/** The <input> of an antd control by its data-testid (on the input itself or on a wrapper). */
export function inputOf(testId: string): HTMLInputElement {
  const el = screen.getByTestId(testId);
  return el instanceof HTMLInputElement ? el : el.querySelector('input')!;
}

/** Opens an antd Select (by its data-testid) and picks the option with this text. */
export async function pick(testId: string, text: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(select.querySelector('input') ?? select);
  const options = await screen.findAllByText(text, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

/** Types a number in an antd InputNumber and leaves it (the value is committed on blur). */
export function typeNumber(testId: string, value: string) {
  const input = inputOf(testId);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** Clicks Save and waits for the request `METHOD /path`; returns its body. */
export async function saveAndGetBody(calls: { method: string; path: string; body: unknown }[], method: string, path: string) {
  fireEvent.click(screen.getByTestId('point-dialog-ok'));
  await waitFor(() => expect(calls.some((c) => c.method === method && c.path === path)).toBe(true), { timeout: 3000 });
  return calls.find((c) => c.method === method && c.path === path)!.body as Record<string, unknown>;
}
