import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { pointFormBody } from '@overtone/contract';
import { NO_BEARING, customBearingBodyOf, typedBearing } from './bearingChoice';
import {
  convertFrequency,
  emptyPointFormValues,
  liveTagCode,
  pointFormValuesOf,
  toPointFormBody,
  type PointFormValues,
} from './pointFormValues';
import { RECORD, SKF_6205, SKF_6206 } from './pointFormTestKit';

const values = (over: Partial<PointFormValues>): PointFormValues => ({
  ...emptyPointFormValues(),
  name: 'P',
  tagCode: 'P',
  ...over,
});

describe('toPointFormBody', () => {
  it('a new point: defaults that pass the contract', () => {
    const body = toPointFormBody(values({}));
    expect(pointFormBody.parse(body)).toMatchObject({ type: ['None'], referenceFrequency: 0, imageBool: false, bearing: null });
  });

  it('converts an RPM frequency to Hz and sends 0 for a variable speed', () => {
    expect(toPointFormBody(values({ referenceFrequency: 1500, referenceFrequencyUnit: 'rpm' })).referenceFrequency).toBe(25);
    expect(toPointFormBody(values({ referenceFrequency: 12.5 })).referenceFrequency).toBe(12.5);
    expect(toPointFormBody(values({ referenceFrequency: 12.5, referenceFrequencyVariable: true })).referenceFrequency).toBe(0);
  });

  it('nulls the fields whose condition does not hold', () => {
    const body = toPointFormBody(
      values({
        type: ['Fan'],
        bearingBrand: 'SKF',
        bearing: { ...NO_BEARING, id: 'b1', type: 'DEFAULT', number: '6205' },
        gearboxType: 'spurGearReducer',
        numberOfGearTeethAtDriverShaft: 20,
        driveType: 'turbine',
        motorPower: 11,
        transmissionType: 'coupling',
        beltLength: 90,
        couplingType: ' jaw ',
      }),
    );
    expect(body).toMatchObject({
      bearingBrand: null,
      bearing: null,
      gearboxType: null,
      numberOfGearTeethAtDriverShaft: null,
      motorPower: null,
      beltLength: null,
      couplingType: 'jaw',
    });
  });

  it('sanitises the tag code, trims the name, formats the date, and reports the image', () => {
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const body = toPointFormBody(
      values({
        name: ' Motor ',
        tagCode: '$m-1 ',
        lastMaintenanceDate: dayjs('2024-02-03T04:05:06'),
        image: file,
        deleteImage: ['k1'],
      }),
    );
    expect(body).toMatchObject({
      name: 'Motor',
      tagCode: 'M1',
      lastMaintenanceDate: '2024-02-03 04:05:06',
      imageBool: true,
      imageName: 'a.png',
      deleteImage: ['k1'],
    });
  });

  it('uses the id of a just-created bearing', () => {
    const v = values({ type: ['Bearing'], bearingBrand: 'SKF', bearing: { ...NO_BEARING, type: 'CUSTOM', number: 'X1' } });
    expect(toPointFormBody(v, 'new-id').bearing).toBe('new-id');
  });
});

describe('pointFormValuesOf', () => {
  it('round-trips a stored point to the same body', () => {
    const v = pointFormValuesOf(RECORD);
    expect(v.tagCode).toBe('P1 DE');
    expect(v.bearing).toMatchObject({ id: SKF_6205._id, type: 'DEFAULT', bpfo: 3.585 });
    expect(v.lastMaintenanceDate?.format('YYYY-MM-DD HH:mm:ss')).toBe('2024-05-06 07:08:09');
    const body = toPointFormBody(v);
    expect(body).toMatchObject({
      lastMaintenanceDate: '2024-05-06 07:08:09',
      bearing: SKF_6205._id,
      couplingType: 'jaw',
      motorPower: 15,
    });
    expect(pointFormBody.safeParse(body).success).toBe(true);
  });
});

describe('helpers', () => {
  it('convertFrequency: RPM = Hz × 60', () => {
    expect(convertFrequency(25, 'hz', 'rpm')).toBe(1500);
    expect(convertFrequency(1500, 'rpm', 'hz')).toBe(25);
    expect(convertFrequency(null, 'hz', 'rpm')).toBeNull();
  });

  it('liveTagCode keeps one trailing space so that words can be typed', () => {
    expect(liveTagCode('  ab-c ')).toBe('ABC ');
    expect(liveTagCode('çş1!')).toBe('ÇŞ1');
    expect(liveTagCode(' ')).toBe('');
  });

  it('typedBearing: a listed number chooses it; other text is a new CUSTOM model keeping typed factors', () => {
    expect(typedBearing('6206', [SKF_6205, SKF_6206], NO_BEARING)).toMatchObject({ id: SKF_6206._id, type: 'DEFAULT' });
    const fresh = typedBearing('X', [SKF_6205], NO_BEARING);
    expect(fresh).toMatchObject({ id: null, type: 'CUSTOM', number: 'X', bpfo: 0, ftfi: 0 });
    expect(typedBearing('X9', [], { ...fresh, bpfo: 4 })).toMatchObject({ number: 'X9', bpfo: 4 });
    expect(typedBearing('X9', [], { ...fresh, id: 'old', type: 'DEFAULT' })).toMatchObject({ id: null, bpfo: 0 });
    expect(typedBearing('', [SKF_6205], fresh)).toEqual(NO_BEARING);
  });

  it('customBearingBodyOf: for a CUSTOM bearing (new or stored) with a brand, never a DEFAULT one', () => {
    const fresh = { ...NO_BEARING, type: 'CUSTOM' as const, number: ' X1 ', bpfo: 2 };
    expect(customBearingBodyOf('NTN', fresh)).toEqual({
      brand: 'NTN',
      bearing_number: 'X1',
      bpfo: 2,
      bsf: 0,
      bpfi: 0,
      ftf: 0,
      ftfi: 0,
    });
    expect(customBearingBodyOf(null, fresh)).toBeNull();
    expect(customBearingBodyOf('SKF', { ...fresh, id: 'x' })).toMatchObject({ bearing_number: 'X1' });
    expect(customBearingBodyOf('SKF', { ...fresh, id: 'x', type: 'DEFAULT' })).toBeNull();
  });
});
