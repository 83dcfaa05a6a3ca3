import { z } from 'zod';
import { sanitizeTagCode } from './point-form.ts';

/** `POST /tree/group/{parentGroupId}/group` ('root' for a root group) and the edit `PUT /tree/group/{id}`. */
export const groupBody = z.object({
  name: z.string().trim().min(1, 'pleaseEnterName').max(200),
  /** Without the '#' prefix; sanitised like {@link sanitizeTagCode}. */
  tagCode: z.string().transform(sanitizeTagCode).pipe(z.string().min(1, 'pleaseInputTagCode').max(64)),
  /** On a move: the new parent group id. */
  parent: z.string().optional(),
});
export type GroupBody = z.infer<typeof groupBody>;

/** `GET /tree/group/{id}`: a group with its direct children (spec 000 §3 "Group"). */
export const group = z.object({
  _id: z.string(),
  name: z.string(),
  /** Stored with its '#' prefix. */
  tagCode: z.string(),
  parent: z.string(),
  nodeType: z.literal('group'),
  children: z.array(z.object({ _id: z.string(), name: z.string(), nodeType: z.enum(['group', 'point']) })),
});
export type Group = z.infer<typeof group>;
export const idAnswer = z.object({ _id: z.string() });
