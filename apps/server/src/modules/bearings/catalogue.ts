import { sql, type Kysely } from 'kysely';
import { bearingFrequencies } from '@overtone/dsp';
import type { DB } from '../../infra/db/schema.ts';
import { newId } from '../../infra/ids.ts';

/**
 * The bearing catalogue: common deep-groove ball and cylindrical roller bearings of the three brands
 * the point form offers (spec 000 §3 "Bearing", §9: SCHAFFLER, SKF, NTN), with their fault-frequency
 * multipliers COMPUTED from internal geometry by `bearingFrequencies` (packages/dsp kinematics;
 * formulas and sources in docs/bearings.md). Nothing here is a copied multiplier.
 *
 * Where the geometry comes from (see docs/bearings.md "Geometry and its sources" for the error budget):
 * - `CWRU`: the internal geometry the Case Western Reserve University Bearing Data Center publishes
 *   for its SKF 6205-2RS JEM and 6203-2RS JEM (shared/data/vibration/README.md); reproduces CWRU's
 *   published multipliers within 0.02 %.
 * - `nominal`: boundary dimensions (bore, outside diameter) from ISO 15; pitch diameter taken as
 *   (bore + OD)/2; ball count and ball diameter as commonly reproduced in bearing defect-frequency
 *   reference tables. Not checked against each maker's current datasheet; for the 6205 this
 *   approximation gives a pitch diameter 1.4 % below CWRU's measured one, i.e. BPFO/BPFI/FTF within
 *   0.4 % and BSF within 1.6 %.
 * - `estimate`: cylindrical roller bearings (NU2xx, E design): roller count and diameter are
 *   representative values, not taken from a datasheet; a roller count off by one moves BPFO/BPFI by
 *   about 7 %. Verify against the maker's data before relying on them, or enter a custom bearing.
 *
 * Every brand gets the same geometry per ISO designation: makers may use a different ball
 * complement for the same designation, which this catalogue does not capture.
 */

/** Catalogue family, stored in `bearings.group` and answered as `group`. */
export type BearingGroup = 'deep groove ball' | 'cylindrical roller';

/** Internal geometry of one bearing designation; lengths in millimetres. */
export interface CatalogueGeometry {
  /** ISO designation without brand suffixes, e.g. '6205', 'NU205'. */
  designation: string;
  group: BearingGroup;
  /** Bore d, mm (ISO 15). */
  boreMm: number;
  /** Outside diameter D, mm (ISO 15). */
  outerMm: number;
  /** Number of rolling elements Z. */
  rollingElements: number;
  /** Rolling-element (ball or roller) diameter, mm. */
  rollingElementDiameterMm: number;
  /** Pitch diameter, mm (CWRU's measured value, or (bore + OD)/2). */
  pitchDiameterMm: number;
  /** Contact angle φ, degrees (0 for radial deep-groove and cylindrical roller bearings). */
  contactAngleDeg: number;
  source: 'CWRU' | 'nominal' | 'estimate';
}

/** The brands of the catalogue, spelled as on the wire (spec 000 §9: SCHAFFLER is Schaeffler/FAG). */
export const CATALOGUE_BRANDS = ['SKF', 'NTN', 'SCHAFFLER'] as const;

const IN = 25.4;
const nominal = (
  designation: string,
  group: BearingGroup,
  boreMm: number,
  outerMm: number,
  rollingElements: number,
  rollingElementDiameterMm: number,
  source: 'nominal' | 'estimate' = 'nominal',
): CatalogueGeometry => ({
  designation,
  group,
  boreMm,
  outerMm,
  rollingElements,
  rollingElementDiameterMm,
  pitchDiameterMm: (boreMm + outerMm) / 2,
  contactAngleDeg: 0,
  source,
});
const ball = (designation: string, bore: number, od: number, z: number, d: number) =>
  nominal(designation, 'deep groove ball', bore, od, z, d);
const roller = (designation: string, bore: number, od: number, z: number, d: number) =>
  nominal(designation, 'cylindrical roller', bore, od, z, d, 'estimate');

/** CWRU drive-end SKF 6205-2RS JEM: 9 balls, d = 0.3126 in, D = 1.537 in. */
const CWRU_6205: CatalogueGeometry = {
  ...ball('6205', 25, 52, 9, 0.3126 * IN),
  pitchDiameterMm: 1.537 * IN,
  source: 'CWRU',
};
/** CWRU fan-end SKF 6203-2RS JEM: 8 balls, d = 0.2656 in, D = 1.122 in. */
const CWRU_6203: CatalogueGeometry = {
  ...ball('6203', 17, 40, 8, 0.2656 * IN),
  pitchDiameterMm: 1.122 * IN,
  source: 'CWRU',
};

/** The geometry table (docs/bearings.md lists it with its sources). Ball sizes are inch fractions: 3/16" = 4.762 mm … 3/4" = 19.05 mm. */
export const CATALOGUE_GEOMETRY: readonly CatalogueGeometry[] = [
  // 60xx, extra-light series
  ball('6000', 10, 26, 7, 4.762),
  ball('6001', 12, 28, 8, 4.762),
  ball('6002', 15, 32, 9, 4.762),
  ball('6003', 17, 35, 10, 4.762),
  ball('6004', 20, 42, 9, 6.35),
  ball('6005', 25, 47, 10, 6.35),
  ball('6006', 30, 55, 11, 7.144),
  ball('6007', 35, 62, 11, 7.938),
  ball('6008', 40, 68, 12, 7.938),
  ball('6009', 45, 75, 12, 8.731),
  ball('6010', 50, 80, 13, 8.731),
  // 62xx, light series
  ball('6200', 10, 30, 8, 4.762),
  ball('6201', 12, 32, 7, 5.953),
  ball('6202', 15, 35, 8, 5.953),
  CWRU_6203,
  ball('6204', 20, 47, 8, 7.938),
  CWRU_6205,
  ball('6206', 30, 62, 9, 9.525),
  ball('6207', 35, 72, 9, 11.112),
  ball('6208', 40, 80, 9, 12.7),
  ball('6209', 45, 85, 10, 12.7),
  ball('6210', 50, 90, 10, 12.7),
  // 63xx, medium series
  ball('6300', 10, 35, 7, 6.35),
  ball('6301', 12, 37, 7, 6.747),
  ball('6302', 15, 42, 7, 7.144),
  ball('6303', 17, 47, 7, 8.731),
  ball('6304', 20, 52, 7, 9.525),
  ball('6305', 25, 62, 7, 11.509),
  ball('6306', 30, 72, 8, 12.303),
  ball('6307', 35, 80, 8, 13.494),
  ball('6308', 40, 90, 8, 15.081),
  ball('6309', 45, 100, 8, 17.462),
  ball('6310', 50, 110, 8, 19.05),
  // NU2xx E, cylindrical roller (estimates, see above)
  roller('NU204', 20, 47, 12, 6.5),
  roller('NU205', 25, 52, 13, 7.5),
  roller('NU206', 30, 62, 13, 9),
  roller('NU207', 35, 72, 14, 10),
  roller('NU208', 40, 80, 14, 11),
];

/** One catalogue bearing as stored (`bearings` row without id and customer). */
export interface CatalogueBearing {
  brand: (typeof CATALOGUE_BRANDS)[number];
  bearing_number: string;
  group: BearingGroup;
  bpfo: number;
  bpfi: number;
  bsf: number;
  ftf: number;
  ftfi: number;
  geometry: CatalogueGeometry;
}

/**
 * Fault-frequency multipliers (orders of shaft speed) of a geometry: BPFO, BPFI, BSF (ball spin, not
 * 2×BSF), FTF (cage vs ground) and FTFI = 1 − FTF (cage vs inner ring), from `bearingFrequencies` at
 * f_r = 1 Hz, rounded to 5 significant digits (makers publish 4–5).
 *
 * @example multipliersOf(CWRU_6205) // { bpfo: 3.5848, bpfi: 5.4152, bsf: 2.3567, ftf: 0.39831, ftfi: 0.60169 }
 */
export function multipliersOf(g: CatalogueGeometry) {
  const f = bearingFrequencies({
    shaftHz: 1,
    balls: g.rollingElements,
    ballDiameter: g.rollingElementDiameterMm,
    pitchDiameter: g.pitchDiameterMm,
    contactAngleDeg: g.contactAngleDeg,
  });
  const r = (x: number) => Number(x.toPrecision(5));
  return { bpfo: r(f.BPFO), bpfi: r(f.BPFI), bsf: r(f.BSF), ftf: r(f.FTF), ftfi: r(1 - f.FTF) };
}

/**
 * Bearing numbers per brand: the ISO designation for every brand, plus SKF's sealed 6203-2RS and
 * 6205-2RS (the CWRU rig bearings; sealed variants share the open bearing's internal geometry), so
 * the demo's SKF 6205-2RS (jobs/seed-demo.ts) is the catalogue row itself.
 */
export function catalogueBearings(): CatalogueBearing[] {
  const out: CatalogueBearing[] = [];
  for (const brand of CATALOGUE_BRANDS)
    for (const g of CATALOGUE_GEOMETRY) {
      const numbers = brand === 'SKF' && g.source === 'CWRU' ? [g.designation, `${g.designation}-2RS`] : [g.designation];
      for (const bearing_number of numbers) out.push({ brand, bearing_number, group: g.group, ...multipliersOf(g), geometry: g });
    }
  return out;
}

/**
 * Upserts the catalogue as shared rows (customer_id NULL, type DEFAULT), keyed by brand and bearing
 * number (index `bearings_catalogue`): ids of existing rows, and so the points that use them, are
 * kept; their multipliers and group are refreshed. Idempotent; run at start-up before the demo seed.
 */
export async function seedBearingCatalogue(db: Kysely<DB>): Promise<number> {
  const rows = catalogueBearings().map(({ geometry: _g, ...b }) => ({
    id: newId(),
    customer_id: null,
    type: 'DEFAULT' as const,
    ...b,
  }));
  await db
    .insertInto('bearings')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['brand', 'bearing_number'])
        .where('customer_id', 'is', null)
        .doUpdateSet({
          bpfo: sql`excluded.bpfo`,
          bpfi: sql`excluded.bpfi`,
          bsf: sql`excluded.bsf`,
          ftf: sql`excluded.ftf`,
          ftfi: sql`excluded.ftfi`,
          group: sql`excluded."group"`,
          type: 'DEFAULT',
        }),
    )
    .execute();
  return rows.length;
}
