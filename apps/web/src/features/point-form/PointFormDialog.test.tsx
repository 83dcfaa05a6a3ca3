import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from '../../core/i18n';
import { reply } from '../admin/adminTestKit';
import {
  GROUP_ID,
  POINT_ID,
  RECORD,
  S3,
  SKF_6205,
  fakePointApi,
  inputOf,
  pick,
  renderDialog,
  saveAndGetBody,
  type,
  typeNumber,
} from './pointFormTestKit';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const NEW_ID = '0000000000000000000000b2';
const CREATE = `POST /group/${GROUP_ID}/point`;

/** Types in the bearing number box and picks the catalogue option of `number`. */
async function chooseBearing(number: string) {
  fireEvent.change(inputOf('point-bearing-number'), { target: { value: number.slice(0, 2) } });
  const option = await screen.findByText(`${number} · deep groove ball`, {}, { timeout: 2000 });
  fireEvent.click(option);
}

async function fillRequired() {
  await screen.findByTestId('point-name');
  type('point-name', '  Fan 2 NDE ');
  type('point-tag-code', 'fan-2 nde');
}

describe('PointFormDialog create', () => {
  it(
    'POSTs the form body to the parent group: Hz from RPM, hidden fields null, bearing id; then reports the new id',
    { timeout: 20000 },
    async () => {
      const calls = fakePointApi({ [CREATE]: reply(201, { _id: NEW_ID, S3URL: null }) });
      const { onSaved, onClose } = renderDialog();
      await fillRequired();
      await pick('point-type', 'Bearing');
      await pick('point-favorite-telemetry', 'VRMS');
      await pick('point-coordinateXAxis', 'Z axis');
      fireEvent.click(inputOf('point-frequency-unit-rpm'));
      typeNumber('point-reference-frequency', '1480');
      await pick('point-previous-faults', 'Misalignment');
      await pick('point-bearing-brand', 'SKF');
      await chooseBearing('6205');
      await pick('point-drive-type', 'Electric motor');
      await screen.findByTestId('point-motor-power');
      typeNumber('point-motor-power', '7.5');
      await pick('point-transmission-type', 'Belt and pulley');
      await screen.findByTestId('point-belt-length');
      typeNumber('point-belt-length', '120');
      await pick('point-transmission-type', 'Coupling');

      const body = await saveAndGetBody(calls, 'POST', `/group/${GROUP_ID}/point`);
      expect(body).toMatchObject({
        name: 'Fan 2 NDE',
        tagCode: 'FAN2 NDE',
        type: ['Bearing'],
        favoriteTelemetry: 'VRMS',
        coordinateXAxis: 'zAxis',
        coordinateYAxis: 'yAxis',
        coordinateZAxis: 'zAxis',
        previousFaults: ['Misalignment'],
        bearingBrand: 'SKF',
        bearing: SKF_6205._id,
        referenceFrequencyVariable: false,
        driveType: 'electricMotor',
        motorPower: 7.5,
        transmissionType: 'coupling',
        beltLength: null,
        gearboxType: null,
        imageBool: false,
        imageName: null,
        deleteImage: [],
      });
      expect(body.referenceFrequency).toBeCloseTo(1480 / 60, 10);
      expect(calls.some((c) => c.method === 'POST' && c.path === '/bearingSpesifications')).toBe(false);
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
      expect(onClose).toHaveBeenCalled();
      expect(await screen.findByText('Point created')).toBeTruthy();
    },
  );

  it('offers the extended point types and the universal-joint transmission (spec 002 §9), translated, and POSTs them', async () => {
    const calls = fakePointApi({ [CREATE]: reply(201, { _id: NEW_ID, S3URL: null }) });
    renderDialog();
    await fillRequired();
    // The option lists are virtual: search first, as a user scrolling to the end would find them.
    const search = async (testId: string, query: string, label: string) => {
      fireEvent.change(inputOf(testId), { target: { value: query } });
      await pick(testId, label);
    };
    for (const [query, label] of [
      ['Blow', 'Blower'],
      ['Compr', 'Compressor'],
      ['Generator', 'Generator-motor set'],
      ['Large', 'Large turbine / generator'],
      ['Chill', 'Chiller'],
    ])
      await search('point-type', query, label);
    await search('point-transmission-type', 'Universal', 'Universal joint (cardan shaft)');
    const body = await saveAndGetBody(calls, 'POST', `/group/${GROUP_ID}/point`);
    expect(body).toMatchObject({
      type: ['Blower', 'Compressor', 'Generator-MotorSet', 'Large Turbine / Generator', 'Chillers'],
      transmissionType: 'universal-joint',
    });
  });

  it('does not save without name and tag code', async () => {
    const calls = fakePointApi({ [CREATE]: { _id: NEW_ID, S3URL: null } });
    renderDialog();
    await screen.findByTestId('point-name');
    fireEvent.click(screen.getByTestId('point-dialog-ok'));
    expect(await screen.findByText('Please enter a name')).toBeTruthy();
    expect(await screen.findByText('Please enter a tag code')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('DEFAULT bearing factors are read-only; changing the brand clears the bearing', async () => {
    fakePointApi();
    renderDialog();
    await pick('point-type', 'Bearing');
    await screen.findByTestId('point-bearing-brand');
    await pick('point-bearing-brand', 'SKF');
    await chooseBearing('6205');
    await waitFor(() => expect(Number(inputOf('point-bearing-bpfo').value)).toBe(3.585));
    expect(Number(inputOf('point-bearing-bpfi').value)).toBe(5.415);
    expect(Number(inputOf('point-bearing-ftfi').value)).toBe(0.602);
    for (const f of ['bpfo', 'bsf', 'bpfi', 'ftf', 'ftfi']) expect(inputOf(`point-bearing-${f}`).readOnly).toBe(true);
    // and look it: no border, no steppers
    const factor = inputOf('point-bearing-bpfo').closest('.ant-input-number')!;
    expect(factor.className).toContain('ant-input-number-borderless');
    expect(factor.querySelector('.ant-input-number-handler-wrap')).toBeNull();
    expect(screen.getByTestId('point-bearing-type').textContent).toBe('Catalogue');

    await pick('point-bearing-brand', 'NTN');
    await waitFor(() => expect(inputOf('point-bearing-number').value).toBe(''));
    expect(screen.queryByTestId('point-bearing-bpfo')).toBeNull();
  });

  it('a free-typed bearing model is CUSTOM with editable zero factors, created before the point', async () => {
    const calls = fakePointApi({
      [CREATE]: { _id: NEW_ID, S3URL: null },
      'POST /bearingSpesifications': reply(201, {
        ...SKF_6205,
        _id: 'custom-1',
        bearing_number: 'X-99',
        type: 'CUSTOM',
        bpfo: 4.1,
      }),
    });
    renderDialog();
    await fillRequired();
    await pick('point-type', 'Bearing');
    await screen.findByTestId('point-bearing-brand');
    await pick('point-bearing-brand', 'SKF');
    fireEvent.change(inputOf('point-bearing-number'), { target: { value: 'X-99' } });
    await waitFor(() => expect(screen.getByTestId('point-bearing-type').textContent).toBe('Custom'));
    expect(Number(inputOf('point-bearing-bpfo').value)).toBe(0);
    expect(inputOf('point-bearing-bpfo').readOnly).toBe(false);
    typeNumber('point-bearing-bpfo', '4.1');

    const body = await saveAndGetBody(calls, 'POST', `/group/${GROUP_ID}/point`);
    const created = calls.find((c) => c.method === 'POST' && c.path === '/bearingSpesifications')!;
    expect(created.body).toEqual({ brand: 'SKF', bearing_number: 'X-99', bpfo: 4.1, bsf: 0, bpfi: 0, ftf: 0, ftfi: 0 });
    expect(calls.indexOf(created)).toBeLessThan(calls.findIndex((c) => c.path === `/group/${GROUP_ID}/point`));
    expect(body).toMatchObject({ bearingBrand: 'SKF', bearing: 'custom-1' });
  });

  it('uploads the chosen image as multipart to the S3URL: policy fields first, the file last', async () => {
    const calls = fakePointApi({
      [CREATE]: { _id: NEW_ID, S3URL: S3 },
      'POST /overtone-images': reply(201, {}),
    });
    const { onSaved } = renderDialog();
    await fillRequired();
    const file = new File(['png-bytes'], 'motor.png', { type: 'image/png' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    fireEvent.change(input, { target: { files: [file] } });
    expect((await screen.findByTestId('point-image-name')).textContent).toBe('motor.png');

    const body = await saveAndGetBody(calls, 'POST', `/group/${GROUP_ID}/point`);
    expect(body).toMatchObject({ imageBool: true, imageName: 'motor.png' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    const upload = calls.find((c) => c.path === '/overtone-images')!;
    expect(upload.method).toBe('POST');
    const form = upload.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect(form.get('policy')).toBe('p0l1cy');
    expect((form.get('file') as File).name).toBe('motor.png');
  });

  it('an upload failure is only logged: the point is still saved', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakePointApi({
      [CREATE]: { _id: NEW_ID, S3URL: S3 },
      'POST /overtone-images': reply(403, { message: 'denied' }),
    });
    const { onSaved } = renderDialog();
    await fillRequired();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    await screen.findByTestId('point-image-name');
    fireEvent.click(screen.getByTestId('point-dialog-ok'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(NEW_ID));
    expect(warn).toHaveBeenCalled();
  });
});

describe('PointFormDialog edit', () => {
  it('loads the point, hides the tag code, and PUTs the full form with deleted images and hidden fields nulled', async () => {
    const calls = fakePointApi({ [`PUT /point/${POINT_ID}`]: { _id: POINT_ID, S3URL: null } });
    const { onSaved } = renderDialog({ kind: 'edit', pointId: POINT_ID });
    await waitFor(() => expect(inputOf('point-name').value).toBe('Pump 1 DE'));
    expect(screen.getByText('Edit point')).toBeTruthy();
    expect(inputOf('point-tag-code').closest('.ant-form-item')?.className).toContain('ant-form-item-hidden');
    expect(Number(inputOf('point-bearing-bpfo').value)).toBe(3.585);
    expect(screen.getByTestId('point-teeth-first-current')).toBeTruthy();
    expect(screen.getByTestId('point-image-points/b1/front.jpg')).toBeTruthy();

    fireEvent.click(inputOf('point-image-delete-points/b1/side.jpg'));
    type('point-name', 'Pump 1 drive end');
    await pick('point-shaft', 'Input shaft');

    const body = await saveAndGetBody(calls, 'PUT', `/point/${POINT_ID}`);
    expect(body).toMatchObject({
      name: 'Pump 1 drive end',
      tagCode: 'P1 DE',
      type: ['Bearing', 'GearBox'],
      favoriteTelemetry: 'VRMS',
      bearingBrand: 'SKF',
      bearing: SKF_6205._id,
      coordinateXAxis: 'yAxis',
      coordinateYAxis: 'xAxis',
      referenceFrequency: 24.5,
      previousFaults: ['Unbalance'],
      motorPower: 15,
      couplingType: 'jaw',
      gearboxType: 'helicalGearReducer',
      numberOfStages: 2,
      shaftOfSensorAttachedTo: 'input',
      numberOfGearTeethAtDriverShaft: 17,
      numberOfGearTeethAtDrivenShaft: 60,
      numberOfGearTeethAtFirstCurrentShaft: null,
      numberOfGearTeethAtSecondCurrentShaft: null,
      lastMaintenanceDate: RECORD.lastMaintenanceDate,
      pumpClassification: RECORD.pumpClassification,
      imageBool: false,
      deleteImage: ['points/b1/side.jpg'],
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(POINT_ID));
    expect(await screen.findByText('Point updated')).toBeTruthy();
  });

  it('shows the loading state until the point arrives', async () => {
    let release: (v: unknown) => void = () => {};
    fakePointApi({ [`GET /point/${POINT_ID}`]: () => new Promise((r) => (release = r)) });
    renderDialog({ kind: 'edit', pointId: POINT_ID });
    await screen.findByText('Edit point');
    expect(screen.queryByTestId('point-name')).toBeNull();
    expect(document.querySelector('.ant-skeleton')).toBeTruthy();
    release(RECORD);
    await waitFor(() => expect(inputOf('point-name').value).toBe('Pump 1 DE'));
  });
});
