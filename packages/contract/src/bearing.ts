import { z } from 'zod';

/**
 * A rolling-element bearing with its fault-frequency multipliers, in orders of shaft speed
 * (multiply by the shaft frequency in Hz to get Hz): BPFO, BPFI, BSF, FTF relative to the
 * outer ring, and `ftfi` the cage frequency relative to the inner ring (1 − FTF) (spec 000 §3
 * "Bearing"). DEFAULT bearings come from the catalogue (read-only); CUSTOM ones belong to a customer.
 */
export const bearing = z.object({
  _id: z.string(),
  bearing_number: z.string(),
  brand: z.string(),
  bpfo: z.number(),
  bpfi: z.number(),
  bsf: z.number(),
  ftf: z.number(),
  ftfi: z.number(),
  /** Catalogue family, e.g. 'deep groove ball', 'cylindrical roller'. */
  group: z.string(),
  type: z.enum(['DEFAULT', 'CUSTOM']),
});
export type Bearing = z.infer<typeof bearing>;
export const bearingList = z.array(bearing);

/** `GET /bearingSpesifications` query: by brand, and by bearing number (prefix match, case-insensitive). */
export const bearingQuery = z.object({
  brand: z.string().optional(),
  bearing_number: z.string().optional(),
});

/** A free-typed custom bearing (`POST /bearingSpesifications`): zero multipliers unless given. */
export const customBearingBody = z.object({
  brand: z.string().trim().min(1).max(64),
  bearing_number: z.string().trim().min(1).max(64),
  bpfo: z.number().min(0).default(0),
  bpfi: z.number().min(0).default(0),
  bsf: z.number().min(0).default(0),
  ftf: z.number().min(0).default(0),
  ftfi: z.number().min(0).default(0),
});
export type CustomBearingBody = z.infer<typeof customBearingBody>;

/** Most bearings one `GET /bearingSpesifications` answers (the selector narrows by typing). */
export const BEARING_LIST_LIMIT = 50;
