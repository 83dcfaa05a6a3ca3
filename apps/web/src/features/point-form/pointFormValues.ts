import dayjs, { type Dayjs } from 'dayjs';
import { sanitizeTagCode, visibility, type PointFormBody, type PointFormInput } from '@overtone/contract';
import { NO_BEARING, chosenBearing, type BearingChoice } from './bearingChoice';
import type { PointFormRecord } from './pointFormRecord';

/** Unit the reference frequency is shown and typed in (spec 000 §4: RPM = Hz × 60). */
export type FrequencyUnit = 'hz' | 'rpm';

/** Wire format of lastMaintenanceDate (spec 000 §5). */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Body = PointFormBody;

/** The values of the point form (what antd's Form store holds). */
export interface PointFormValues {
  name: string;
  /** Without the '$' prefix (the input shows it). */
  tagCode: string;
  type: Body['type'];
  favoriteTelemetry: string | null;
  bearingBrand: string | null;
  bearing: BearingChoice;
  coordinateXAxis: Body['coordinateXAxis'];
  coordinateYAxis: Body['coordinateYAxis'];
  coordinateZAxis: Body['coordinateZAxis'];
  /** In `referenceFrequencyUnit`. */
  referenceFrequency: number | null;
  referenceFrequencyUnit: FrequencyUnit;
  referenceFrequencyVariable: boolean;
  previousFaults: Body['previousFaults'];
  machineType: Body['machineType'];
  driveType: Body['driveType'];
  /** kW. */
  motorPower: number | null;
  transmissionType: Body['transmissionType'];
  beltType: Body['beltType'];
  /** cm. */
  beltLength: number | null;
  pulleyRadiusRatio: number | null;
  couplingType: string | null;
  gearboxType: Body['gearboxType'];
  gearboxConversionInput: number | null;
  gearboxConversionOutput: number | null;
  numberOfStages: number | null;
  shaftOfSensorAttachedTo: Body['shaftOfSensorAttachedTo'];
  numberOfGearTeethAtRingGear: number | null;
  numberOfGearTeethAtPlanetGear: number | null;
  numberOfGearTeethAtSunGear: number | null;
  numberOfGearTeethAtDriverShaft: number | null;
  numberOfGearTeethAtFirstCurrentShaft: number | null;
  numberOfGearTeethAtSecondCurrentShaft: number | null;
  numberOfGearTeethAtDrivenShaft: number | null;
  transmission_numberOfStages: number | null;
  transmission_gearboxConversionInput: number | null;
  transmission_gearboxConversionOutput: number | null;
  lastMaintenanceDate: Dayjs | null;
  pumpClassification: Body['pumpClassification'];
  couplingClassification: Body['couplingClassification'];
  /** A newly chosen image to upload on save. */
  image: File | null;
  /** Keys of stored images to delete. */
  deleteImage: string[];
}

/** Fields copied as they are (each null when its condition does not hold). */
const PLAIN_FIELDS = [
  'machineType',
  'driveType',
  'motorPower',
  'transmissionType',
  'beltType',
  'beltLength',
  'pulleyRadiusRatio',
  'couplingType',
  'gearboxType',
  'gearboxConversionInput',
  'gearboxConversionOutput',
  'numberOfStages',
  'shaftOfSensorAttachedTo',
  'numberOfGearTeethAtRingGear',
  'numberOfGearTeethAtPlanetGear',
  'numberOfGearTeethAtSunGear',
  'numberOfGearTeethAtDriverShaft',
  'numberOfGearTeethAtFirstCurrentShaft',
  'numberOfGearTeethAtSecondCurrentShaft',
  'numberOfGearTeethAtDrivenShaft',
  'transmission_numberOfStages',
  'transmission_gearboxConversionInput',
  'transmission_gearboxConversionOutput',
] as const satisfies readonly (keyof PointFormValues & keyof Body)[];
type PlainField = (typeof PLAIN_FIELDS)[number];

/** Values of a new point (spec 000 §3: type defaults to ['None']). */
export function emptyPointFormValues(): PointFormValues {
  const plain = Object.fromEntries(PLAIN_FIELDS.map((k) => [k, null])) as Pick<PointFormValues, PlainField>;
  return {
    ...plain,
    name: '',
    tagCode: '',
    type: ['None'],
    favoriteTelemetry: null,
    bearingBrand: null,
    bearing: NO_BEARING,
    coordinateXAxis: 'xAxis',
    coordinateYAxis: 'yAxis',
    coordinateZAxis: 'zAxis',
    referenceFrequency: 0,
    referenceFrequencyUnit: 'hz',
    referenceFrequencyVariable: false,
    previousFaults: [],
    lastMaintenanceDate: null,
    pumpClassification: { pump: false, class: null, rotodynamic: null, positiveDisplacement: null, open: false },
    couplingClassification: { coupling: false, class: null, flexible: null },
    image: null,
    deleteImage: [],
  };
}

/** The edit form's values of a stored point; the frequency is shown in Hz. */
export function pointFormValuesOf(r: PointFormRecord): PointFormValues {
  const plain = Object.fromEntries(PLAIN_FIELDS.map((k) => [k, r[k] ?? null])) as Pick<PointFormValues, PlainField>;
  const date = r.lastMaintenanceDate ? dayjs(r.lastMaintenanceDate) : null;
  return {
    ...emptyPointFormValues(),
    ...plain,
    name: r.name,
    tagCode: sanitizeTagCode(r.tagCode),
    type: r.type.length ? (r.type as Body['type']) : ['None'],
    favoriteTelemetry: r.favoriteTelemetry,
    bearingBrand: r.bearingBrand ?? r.bearing?.brand ?? null,
    bearing: r.bearing ? chosenBearing(r.bearing) : NO_BEARING,
    coordinateXAxis: r.coordinateXAxis,
    coordinateYAxis: r.coordinateYAxis,
    coordinateZAxis: r.coordinateZAxis,
    referenceFrequency: r.referenceFrequency,
    referenceFrequencyVariable: r.referenceFrequencyVariable,
    previousFaults: r.previousFaults,
    lastMaintenanceDate: date?.isValid() ? date : null,
    pumpClassification: r.pumpClassification,
    couplingClassification: r.couplingClassification,
  };
}

/**
 * A frequency in `to` units (spec 000 §4: RPM = Hz × 60).
 * @param value frequency in `from` units; null stays null.
 */
export function convertFrequency(value: number | null, from: FrequencyUnit, to: FrequencyUnit): number | null {
  if (value === null || from === to) return value;
  return to === 'rpm' ? value * 60 : value / 60;
}

/**
 * The tag code as it is typed (spec 000 §5): upper-cased, stripped of everything but letters,
 * digits and spaces, leading spaces dropped; one trailing space is kept so that words can be typed
 * (the full trim of {@link sanitizeTagCode} is applied on blur and on save).
 */
export function liveTagCode(input: string): string {
  const clean = sanitizeTagCode(input);
  return clean && /\s$/.test(input) ? `${clean} ` : clean;
}

/**
 * Body of `POST /group/{parentGroupId}/point` and of the full-form `PUT /point/{id}`: frequency in
 * Hz (0 when variable), hidden conditional fields null (spec 000 §5), date as YYYY-MM-DD HH:mm:ss.
 * @param bearingId id of the bearing to store, when it was just created; otherwise the chosen one's.
 */
export function toPointFormBody(v: PointFormValues, bearingId: string | null = v.bearing.id): PointFormInput {
  const show = visibility(v);
  const when = <T>(shown: boolean, value: T | null | undefined): T | null => (shown ? (value ?? null) : null);
  const plain = Object.fromEntries(PLAIN_FIELDS.map((k) => [k, v[k] ?? null])) as Pick<PointFormValues, PlainField>;
  const pump = v.pumpClassification;
  const coupling = v.couplingClassification;
  const hz = convertFrequency(v.referenceFrequency ?? 0, v.referenceFrequencyUnit, 'hz') ?? 0;
  return {
    ...plain,
    name: v.name.trim(),
    tagCode: sanitizeTagCode(v.tagCode),
    type: v.type.length ? v.type : ['None'],
    favoriteTelemetry: v.favoriteTelemetry ?? null,
    bearingBrand: when(show.bearing, v.bearingBrand),
    bearing: when(show.bearing, bearingId),
    coordinateXAxis: v.coordinateXAxis,
    coordinateYAxis: v.coordinateYAxis,
    coordinateZAxis: v.coordinateZAxis,
    referenceFrequency: v.referenceFrequencyVariable ? 0 : hz,
    referenceFrequencyVariable: v.referenceFrequencyVariable,
    previousFaults: v.previousFaults,
    motorPower: when(show.motorPower, v.motorPower),
    beltType: when(show.belt, v.beltType),
    beltLength: when(show.belt, v.beltLength),
    pulleyRadiusRatio: when(show.belt, v.pulleyRadiusRatio),
    couplingType: when(show.couplingType, v.couplingType?.trim() || null),
    gearboxType: when(show.gearbox, v.gearboxType),
    gearboxConversionInput: when(show.gearbox, v.gearboxConversionInput),
    gearboxConversionOutput: when(show.gearbox, v.gearboxConversionOutput),
    numberOfStages: when(show.gearbox, v.numberOfStages),
    numberOfGearTeethAtRingGear: when(show.planetaryTeeth, v.numberOfGearTeethAtRingGear),
    numberOfGearTeethAtPlanetGear: when(show.planetaryTeeth, v.numberOfGearTeethAtPlanetGear),
    numberOfGearTeethAtSunGear: when(show.planetaryTeeth, v.numberOfGearTeethAtSunGear),
    shaftOfSensorAttachedTo: when(show.shaftTeeth, v.shaftOfSensorAttachedTo),
    numberOfGearTeethAtDriverShaft: when(show.shaftTeeth, v.numberOfGearTeethAtDriverShaft),
    numberOfGearTeethAtDrivenShaft: when(show.shaftTeeth, v.numberOfGearTeethAtDrivenShaft),
    numberOfGearTeethAtFirstCurrentShaft: when(show.currentShaftTeeth, v.numberOfGearTeethAtFirstCurrentShaft),
    numberOfGearTeethAtSecondCurrentShaft: when(show.currentShaftTeeth, v.numberOfGearTeethAtSecondCurrentShaft),
    transmission_numberOfStages: when(show.transmissionGearbox, v.transmission_numberOfStages),
    transmission_gearboxConversionInput: when(show.transmissionGearbox, v.transmission_gearboxConversionInput),
    transmission_gearboxConversionOutput: when(show.transmissionGearbox, v.transmission_gearboxConversionOutput),
    lastMaintenanceDate: v.lastMaintenanceDate ? v.lastMaintenanceDate.format(DATE_TIME_FORMAT) : null,
    pumpClassification: {
      pump: pump.pump,
      class: when(show.pumpClass, pump.class),
      rotodynamic: when(show.rotodynamicPump, pump.rotodynamic),
      positiveDisplacement: when(show.positiveDisplacementPump, pump.positiveDisplacement),
      open: show.rotodynamicPump && pump.open,
    },
    couplingClassification: {
      coupling: coupling.coupling,
      class: when(show.couplingClass, coupling.class),
      flexible: when(show.flexibleCoupling, coupling.flexible),
    },
    imageBool: v.image !== null,
    imageName: v.image?.name ?? null,
    deleteImage: v.deleteImage,
  };
}
