import type { BearingComponent, EvidenceLine, FaultName, FindingSeverity } from '@overtone/contract';
import type { MachineClass } from '@overtone/dsp';
import type { BearingFeatures } from './features/bearing-features.ts';
import type { SpectrumFeatures } from './features/spectrum-features.ts';
import type { TimeFeatures } from './features/time-features.ts';

/**
 * The diagnosis' shapes (docs/diagnosis.md). Two stages:
 *
 * 1. `extractFeatures(signal, kinematics)`: the heavy part, once per measurement in the DSP pool,
 *    from the decoded waveform: a compact, JSON-serialisable {@link MeasurementFeatures} stored with
 *    the measurement (a few kB).
 * 2. `diagnose(features, context)`: pure rules over those features, the point's kinematics, its
 *    baseline (learned from earlier features) and what evaluations taught; cheap, main thread.
 */

export type Axis = 'x' | 'y' | 'z';
export const AXES: readonly Axis[] = ['x', 'y', 'z'];

/** Bearing defect frequencies as orders of shaft speed (the bearing catalogue's bpfo, bpfi, bsf, ftf). */
export interface BearingOrders {
  bpfo: number;
  bpfi: number;
  /** Ball (roller) spin frequency, order (a rolling-element defect shows at 2×BSF too). */
  bsf: number;
  ftf: number;
}

/** One gear mesh: its frequency and the speeds of its two shafts, orders of the reference shaft. */
export interface GearMesh {
  /** Gear-mesh frequency (teeth × shaft speed of either gear), order of the reference shaft. */
  meshOrder: number;
  /** Speeds of the two meshing shafts (sideband spacings), orders of the reference shaft. */
  shaftOrders: [number, number];
}

/**
 * A point's kinematics in the form the rules use. The server converts the point form (spec 000 §3
 * Point) into it: docs/diagnosis.md "Inputs".
 */
export interface PointKinematics {
  /** Nominal running speed of the shaft the sensor is on (the point's referenceFrequency), Hz > 0; null unknown. */
  shaftHz: number | null;
  /**
   * The speed varies (referenceFrequencyVariable): each measurement's speed is estimated from its
   * spectrum (near `shaftHz` when given).
   */
  shaftSpeedVariable: boolean;
  /** Bearing defect orders of the point's bearing; null without a bearing (or an all-zero CUSTOM one). */
  bearing: BearingOrders | null;
  /** Gear meshes when the teeth are known; empty otherwise. */
  gearMeshes: GearMesh[];
  /**
   * Belt drive (transmissionType belt-pulley): the driven pulley's speed as an order of the
   * reference shaft (pulleyRadiusRatio), belt length in m; null without a belt.
   */
  belt: { drivenShaftOrder: number | null; beltLengthM: number | null } | null;
  /** Driven by an electric motor (driveType electricMotor, or an Electric Motor point): electrical rules apply. */
  electricMotor: boolean;
  /** A pump (machineType pump or the pump classification): cavitation and flow rules apply. */
  pump: boolean;
  /** A fan (machineType fan or a Fan point). */
  fan: boolean;
  /** Mains frequency of the customer's grid, Hz (customer preference; 50 default). */
  mainsHz: number;
  /** The sensor axis along the shaft; null unknown (then no rule relies on an axial reading). */
  axialAxis: Axis | null;
  /** The accelerometer's full-scale range of this measurement, g (clipping). */
  rangeG: number;
  /** ISO 10816-1 machine class for the overall-velocity zones (from motorPower; II by default). */
  machineClass: MachineClass;
}

/** One measurement's decoded signal, acceleration in g per axis (equal lengths). */
export interface MeasurementSignal {
  samplingRateHz: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** The sensor's temperature reported with the measurement, °C; null unknown. */
  temperatureC: number | null;
}

/** The running speed this measurement was analysed at. */
export interface ShaftSpeed {
  /** Hz; null when neither given nor found. */
  hz: number | null;
  source: 'reference' | 'estimated' | 'none';
}

/** The features of one axis. */
export interface AxisFeatures {
  /** Time-domain statistics and sensor-integrity measures. */
  time: TimeFeatures;
  /** Velocity/acceleration spectrum: running-speed orders, bands, mesh, belt and mains lines, peaks. */
  spectrum: SpectrumFeatures;
  /** Spectral-kurtosis band and squared-envelope lines of the bearing; null without bearing orders or speed. */
  bearing: BearingFeatures | null;
}

/**
 * Everything the rules read about one measurement: compact and JSON-serialisable (stored with
 * the measurement; the baseline is learned from these). Values a baseline compares sit under
 * stable object keys (no arrays), so that {@link flattenFeatures} gives the same key every time.
 */
export interface MeasurementFeatures {
  /** Bumped when the shape or a definition changes; features of another version are not compared. */
  version: number;
  samplingRateHz: number;
  samples: number;
  shaft: ShaftSpeed;
  temperatureC: number | null;
  axes: Record<Axis, AxisFeatures>;
}

/** A line of evidence as a rule finds it (the server adds the measurement id). */
export type Evidence = Omit<EvidenceLine, 'measurementId'>;

/** One diagnosed fault. */
export interface Finding {
  fault: FaultName;
  bearingComponent: BearingComponent | null;
  severity: FindingSeverity;
  /** How sure the rule is, 0…1 (how many of the pattern's parts are present and how clearly). */
  confidence: number;
  /**
   * Strength of the pattern, dimensionless ≥ 0, comparable between measurements of one point for
   * one rule (e.g. the strongest line over its threshold). Learning from a "not confirmed" answer
   * compares it (feedback.ts).
   */
  score: number;
  /** The lines that show it, strongest first. */
  evidence: Evidence[];
  /** The rule that found it (`bearing.envelope`, `shaft.unbalance`…): docs/diagnosis.md lists them. */
  rule: string;
}

/** Robust statistics of one feature over the baseline's measurements. */
export interface BaselineStat {
  median: number;
  /** Median absolute deviation (not scaled). */
  mad: number;
  n: number;
}

/** A point's baseline: {@link BaselineStat} by flattened feature key (see `flattenFeatures`). */
export interface Baseline {
  version: number;
  /** Measurements it was learned from. */
  measurements: number;
  stats: Record<string, BaselineStat>;
}

/** A pattern an evaluation marked "not confirmed" on this point (feedback.ts). */
export interface KnownFalsePositive {
  fault: FaultName;
  bearingComponent: BearingComponent | null;
  /** The finding's score when it was reported. */
  score: number;
}

/** What `diagnose` needs beside the features. */
export interface DiagnosisContext {
  kinematics: PointKinematics;
  /** The point's healthy baseline; null while it has none (absolute criteria only). */
  baseline: Baseline | null;
  /** Patterns evaluations marked "not confirmed" on this point. */
  falsePositives: readonly KnownFalsePositive[];
}
