import { describe, expect, it } from 'vitest';
import { point, type Point } from '@overtone/contract';
import { validationText } from './admin-client.ts';
import {
  call,
  catalogueBearingId,
  codeOf,
  customBearing,
  demoId,
  everything,
  getPoint,
  msgsOf,
  newGroup,
  newPoint,
  other,
  otherId,
  pointGroup,
  tree,
  uniq,
  usePointsFixture,
} from './support/points-fixture.ts';

/**
 * Points through the API (spec 000 §3 "Point", §4 "Tree move mode" and "Tree rules", §5 "Point
 * form", §7): create, read, move, full edit and delete, the server nulling hidden conditional
 * fields, checking references (bearing, favourite telemetry) in the caller's scope, and answering
 * 404 for other customers' ids.
 */
usePointsFixture();

describe('POST /group/{parentGroupId}/point and GET /point/{id}', () => {
  it('stores every form field; the record carries them with the $-prefixed tag code, parent, path and no images', async () => {
    const g = await pointGroup();
    const body = { ...everything(), bearing: await catalogueBearingId(), tagCode: ' $pump-7a ', name: ' Pump 7A ' };
    const id = await newPoint(g, body);
    const p = await getPoint(id);
    expect(p).toMatchObject({
      _id: id,
      name: 'Pump 7A',
      tagCode: '$PUMP7A',
      parent: g,
      type: ['Bearing', 'GearBox', 'Electric Motor'],
      favoriteTelemetry: 'VRMS',
      bearingBrand: 'SKF',
      bearing: { _id: body.bearing, brand: 'SKF' },
      coordinateXAxis: 'zAxis',
      referenceFrequency: 24.5,
      previousFaults: ['Unbalance', 'Misalignment'],
      machineType: 'pump',
      driveType: 'electricMotor',
      motorPower: 7.5,
      transmissionType: 'belt-pulley',
      beltType: 'Vbelt',
      beltLength: 120,
      pulleyRadiusRatio: 1.5,
      gearboxType: 'helicalGearReducer',
      gearboxConversionInput: 3,
      numberOfStages: 2,
      shaftOfSensorAttachedTo: 'middle',
      numberOfGearTeethAtDriverShaft: 17,
      numberOfGearTeethAtFirstCurrentShaft: 31,
      numberOfGearTeethAtSecondCurrentShaft: 29,
      numberOfGearTeethAtDrivenShaft: 53,
      lastMaintenanceDate: '2024-03-01 08:30:00',
      pumpClassification: {
        pump: true,
        class: 'rotodynamic',
        rotodynamic: 'centrifugal',
        positiveDisplacement: null,
        open: true,
      },
      couplingClassification: { coupling: true, class: 'rigid', flexible: null },
      images: [],
      device: null,
      health: 'unknown',
    });
    expect(p.path.slice(-2)).toEqual([expect.stringMatching(/^Group/), 'Pump 7A']);
    const node = (await tree()).find((n) => n._id === id);
    expect(node).toMatchObject({ parent: g, nodeType: 'point', tagCode: '$PUMP7A', lastTelemetryValue: null });
  });

  it('nulls the fields whose condition does not hold (spec 000 §5 "Conditional fields")', async () => {
    const g = await pointGroup();
    // No Bearing or GearBox in type, not an electric motor, transmission coupling, no pump/coupling class.
    const id = await newPoint(g, {
      ...everything(),
      bearing: await catalogueBearingId(),
      type: ['None', 'Fan', 'Fan'],
      driveType: 'turbine',
      transmissionType: 'coupling',
      referenceFrequencyVariable: true,
      pumpClassification: { pump: false, class: 'rotodynamic', rotodynamic: 'axialFlow', positiveDisplacement: null, open: true },
      couplingClassification: { coupling: true, class: 'flexible', flexible: 'membrane' },
    });
    expect(await getPoint(id)).toMatchObject({
      type: ['Fan'],
      bearingBrand: null,
      bearing: null,
      referenceFrequency: 0,
      referenceFrequencyVariable: true,
      motorPower: null,
      beltType: null,
      beltLength: null,
      pulleyRadiusRatio: null,
      couplingType: 'jaw',
      transmission_numberOfStages: null,
      transmission_gearboxConversionInput: null,
      transmission_gearboxConversionOutput: null,
      gearboxType: null,
      gearboxConversionInput: null,
      gearboxConversionOutput: null,
      numberOfStages: null,
      shaftOfSensorAttachedTo: null,
      numberOfGearTeethAtRingGear: null,
      numberOfGearTeethAtPlanetGear: null,
      numberOfGearTeethAtSunGear: null,
      numberOfGearTeethAtDriverShaft: null,
      numberOfGearTeethAtFirstCurrentShaft: null,
      numberOfGearTeethAtSecondCurrentShaft: null,
      numberOfGearTeethAtDrivenShaft: null,
      pumpClassification: { pump: false, class: null, rotodynamic: null, positiveDisplacement: null, open: false },
      couplingClassification: { coupling: true, class: 'flexible', flexible: 'membrane' },
    });
  });

  it('keeps planetary teeth only for a planetary gearbox, current-shaft teeth only for the middle shaft, transmission_* only for gear-box', async () => {
    const g = await pointGroup();
    const planetary = await newPoint(g, { ...everything(), gearboxType: 'planetaryGearReducer', transmissionType: 'gear-box' });
    expect(await getPoint(planetary)).toMatchObject({
      numberOfGearTeethAtRingGear: 80,
      numberOfGearTeethAtPlanetGear: 20,
      numberOfGearTeethAtSunGear: 40,
      shaftOfSensorAttachedTo: null,
      numberOfGearTeethAtDriverShaft: null,
      numberOfGearTeethAtFirstCurrentShaft: null,
      numberOfGearTeethAtDrivenShaft: null,
      transmission_numberOfStages: 2,
      transmission_gearboxConversionInput: 5,
      beltType: null,
      couplingType: null,
    });
    const input = await newPoint(g, { ...everything(), shaftOfSensorAttachedTo: 'input' });
    expect(await getPoint(input)).toMatchObject({
      numberOfGearTeethAtRingGear: null,
      shaftOfSensorAttachedTo: 'input',
      numberOfGearTeethAtDriverShaft: 17,
      numberOfGearTeethAtDrivenShaft: 53,
      numberOfGearTeethAtFirstCurrentShaft: null,
      numberOfGearTeethAtSecondCurrentShaft: null,
    });
  });

  it('refuses invalid values with the form messages (400)', async () => {
    const g = await pointGroup();
    const res = await call('POST', `/group/${g}/point`, {
      name: ' ',
      tagCode: '#!',
      motorPower: -1,
      lastMaintenanceDate: '2024-03-01T08:30',
    });
    expect(res.status).toBe(400);
    expect(msgsOf(res)).toEqual(
      expect.arrayContaining(
        ['pleaseEnterName', 'pleaseInputTagCode', 'mustNotBeNegative', 'invalidDateTime'].map(validationText),
      ),
    );
  });

  it('accepts the extended point types and the universal-joint transmission (spec 002 §9), refuses unknown ones', async () => {
    const g = await pointGroup();
    const extended = ['Blower', 'Compressor', 'Generator-MotorSet', 'Large Turbine / Generator', 'Chillers'] as const;
    const id = await newPoint(g, { type: ['Bearing', ...extended], transmissionType: 'universal-joint' });
    const p = await getPoint(id);
    expect(p.type).toEqual(['Bearing', ...extended]);
    expect(p.transmissionType).toBe('universal-joint');
    for (const t of extended) expect((await getPoint(await newPoint(g, { type: [t] }))).type).toEqual([t]);
    const edited = await call('PUT', `/point/${id}`, { name: p.name, tagCode: p.tagCode, type: ['Chillers'] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await getPoint(id)).type).toEqual(['Chillers']);
    const bad = await call('POST', `/group/${g}/point`, { name: 'X', tagCode: 'X', type: ['Turbine'] });
    expect(bad.status).toBe(400);
    const badT = await call('POST', `/group/${g}/point`, { name: 'Y', tagCode: 'Y', transmissionType: 'cardan' });
    expect(badT.status).toBe(400);
  });

  it('refuses a point in a root group (409 ROOT_GROUP_LOCKED) or in a group holding groups (409 GROUP_HAS_GROUPS)', async () => {
    const root = await newGroup('root');
    const inRoot = await call('POST', `/group/${root}/point`, { name: 'P', tagCode: uniq('P') });
    expect(inRoot.status).toBe(409);
    expect(codeOf(inRoot)).toBe('ROOT_GROUP_LOCKED');
    const parent = await newGroup(root);
    await newGroup(parent);
    const inParent = await call('POST', `/group/${parent}/point`, { name: 'P', tagCode: uniq('P') });
    expect(inParent.status).toBe(409);
    expect(codeOf(inParent)).toBe('GROUP_HAS_GROUPS');
  });

  it('answers 404 GROUP_NOT_FOUND for an unknown group, a point as group and another customer’s group', async () => {
    const g = await pointGroup();
    const p = await newPoint(g);
    const foreign = await pointGroup(other);
    for (const parent of ['0123456789abcdef01234567', p, foreign]) {
      const res = await call('POST', `/group/${parent}/point`, { name: 'P', tagCode: uniq('P') });
      expect(res.status, parent).toBe(404);
      expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    }
  });

  it('accepts a catalogue bearing or the customer’s own, else 404 BEARING_NOT_FOUND (bearings are only checked with Bearing in type)', async () => {
    const g = await pointGroup();
    const own = await customBearing(demoId);
    expect((await getPoint(await newPoint(g, { type: ['Bearing'], bearing: own }))).bearing?._id).toBe(own);
    const foreign = await customBearing(otherId);
    for (const bearing of [foreign, '0123456789abcdef01234567']) {
      const res = await call('POST', `/group/${g}/point`, { name: 'P', tagCode: uniq('P'), type: ['Bearing'], bearing });
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('BEARING_NOT_FOUND');
    }
    // Without Bearing in type the bearing is dropped, so an unknown one is no error.
    const hidden = await newPoint(g, { type: ['Fan'], bearing: foreign });
    expect((await getPoint(hidden)).bearing).toBeNull();
  });

  it('accepts a favourite telemetry the customer defines, else 404 TELEMETRY_NOT_FOUND', async () => {
    const g = await pointGroup();
    expect((await getPoint(await newPoint(g, { favoriteTelemetry: 'KURTOSIS' }))).favoriteTelemetry).toBe('KURTOSIS');
    const res = await call('POST', `/group/${g}/point`, { name: 'P', tagCode: uniq('P'), favoriteTelemetry: 'NO_SUCH' });
    expect(res.status).toBe(404);
    expect(codeOf(res)).toBe('TELEMETRY_NOT_FOUND');
  });
});

describe('PUT /point/{id}', () => {
  it('with `tagGroup` moves the point and ignores the other move fields', async () => {
    const a = await pointGroup();
    const b = await pointGroup();
    const id = await newPoint(a, { referenceFrequency: 10 });
    const before = await getPoint(id);
    const res = await call('PUT', `/point/${id}`, {
      tagGroup: b,
      name: 'ignored',
      tagCode: 'ignored',
      type: ['Fan'],
      referenceFrequency: 99,
    });
    expect(res).toEqual({ status: 200, body: { _id: id, S3URL: null } });
    const after = await getPoint(id);
    expect(after).toMatchObject({
      parent: b,
      name: before.name,
      tagCode: before.tagCode,
      type: ['None'],
      referenceFrequency: 10,
    });
    expect((await tree()).find((n) => n._id === id)?.parent).toBe(b);
  });

  it('refuses a move into a root group (409 ROOT_GROUP_LOCKED), a group holding groups (409 GROUP_HAS_GROUPS), a foreign or unknown group (404)', async () => {
    const root = await newGroup('root');
    const a = await newGroup(root);
    const id = await newPoint(a);
    const intoRoot = await call('PUT', `/point/${id}`, { tagGroup: root });
    expect(intoRoot.status).toBe(409);
    expect(codeOf(intoRoot)).toBe('ROOT_GROUP_LOCKED');
    const withGroups = await newGroup(root);
    await newGroup(withGroups);
    const intoGroups = await call('PUT', `/point/${id}`, { tagGroup: withGroups });
    expect(codeOf(intoGroups)).toBe('GROUP_HAS_GROUPS');
    for (const target of [await pointGroup(other), '0123456789abcdef01234567', id]) {
      const res = await call('PUT', `/point/${id}`, { tagGroup: target });
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('GROUP_NOT_FOUND');
    }
    expect((await getPoint(id)).parent).toBe(a);
  });

  it('with the full form replaces the fields, nulling hidden ones, and keeps the point in its group', async () => {
    const g = await pointGroup();
    const id = await newPoint(g, everything());
    const code = uniq('edited');
    const res = await call('PUT', `/point/${id}`, {
      name: 'Edited',
      tagCode: code,
      type: ['GearBox'],
      gearboxType: 'planetaryGearReducer',
      numberOfGearTeethAtRingGear: 60,
      numberOfGearTeethAtDriverShaft: 12,
    });
    expect(res).toEqual({ status: 200, body: { _id: id, S3URL: null } });
    expect(await getPoint(id)).toMatchObject({
      name: 'Edited',
      tagCode: `$${code.toUpperCase()}`,
      parent: g,
      type: ['GearBox'],
      gearboxType: 'planetaryGearReducer',
      numberOfGearTeethAtRingGear: 60,
      numberOfGearTeethAtDriverShaft: null,
      motorPower: null,
      driveType: null,
      bearingBrand: null,
      previousFaults: [],
      pumpClassification: { pump: false },
    });
  });

  it('validates a form body with the form messages and a move body as a move (400)', async () => {
    const id = await newPoint(await pointGroup());
    const form = await call('PUT', `/point/${id}`, { name: '', tagCode: 'X', referenceFrequency: -2 });
    expect(form.status).toBe(400);
    expect(msgsOf(form)).toEqual(
      expect.arrayContaining([validationText('pleaseEnterName'), validationText('mustNotBeNegative')]),
    );
    const move = await call('PUT', `/point/${id}`, { tagGroup: 5 });
    expect(move.status).toBe(400);
  });

  it('refuses another point’s tag code (409 TAG_CODE_TAKEN) and keeps its own', async () => {
    const g = await pointGroup();
    const first = await getPoint(await newPoint(g));
    const second = await getPoint(await newPoint(g));
    const clash = await call('PUT', `/point/${second._id}`, { name: second.name, tagCode: first.tagCode });
    expect(clash.status).toBe(409);
    expect(codeOf(clash)).toBe('TAG_CODE_TAKEN');
    expect((await call('PUT', `/point/${second._id}`, { name: 'Same code', tagCode: second.tagCode })).status).toBe(200);
  });

  it('answers 404 POINT_NOT_FOUND for another customer’s point (move or edit) and leaves it unchanged', async () => {
    const foreignGroup = await pointGroup(other);
    const foreign = await newPoint(foreignGroup, {}, other);
    const mine = await pointGroup();
    for (const body of [{ tagGroup: mine }, { name: 'Hijacked', tagCode: uniq('H') }]) {
      const res = await call('PUT', `/point/${foreign}`, body);
      expect(res.status).toBe(404);
      expect(codeOf(res)).toBe('POINT_NOT_FOUND');
    }
    expect(await getPoint(foreign, other)).toMatchObject({ parent: foreignGroup, name: expect.stringMatching(/^Point/) });
  });
});

describe('GET /point?points=', () => {
  it('answers the caller’s points asked for, in order, leaving out unknown and foreign ids', async () => {
    const g = await pointGroup();
    const a = await newPoint(g);
    const b = await newPoint(g);
    const foreign = await newPoint(await pointGroup(other), {}, other);
    const res = await call<Point[]>('GET', `/point?points=${b},${foreign},0123456789abcdef01234567,${a},${b}`);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => point.parse(p)._id)).toEqual([b, a]);
    expect((await call('GET', '/point')).body).toEqual([]);
  });
});
