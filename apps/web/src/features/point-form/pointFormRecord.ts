import { z } from 'zod';
import { point, pointFormBody } from '@overtone/contract';

/**
 * Form fields the stored record carries as the body does: not the write-only image fields, not
 * `bearing` (the full bearing object in the record), not the ones the contract point already has.
 */
const formFields = pointFormBody.omit({
  imageBool: true,
  imageName: true,
  deleteImage: true,
  bearing: true,
  name: true,
  tagCode: true,
  type: true,
}).shape;

/** A stored image of a point: its storage key (what `deleteImage` lists) and a URL to show it. */
export const pointImage = z.object({ key: z.string(), url: z.string() });
export type PointImage = z.infer<typeof pointImage>;

/**
 * Read model of the edit form: `GET /point/{id}` as the contract point extended with every form
 * field and the point's images (spec 000 §3 "Point", §7). Form fields the server does not send yet
 * take the body's defaults, so the form keeps working while the server side lands.
 */
export const pointFormRecord = point.extend({
  ...formFields,
  images: z.array(pointImage).default([]),
});
export type PointFormRecord = z.infer<typeof pointFormRecord>;
