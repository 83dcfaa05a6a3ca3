import { z } from 'zod';

/** 24-hex ObjectId-style identifier used for every entity id on the wire. */
export const objectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be a 24-hex id');
/** Device or gateway MAC address: six upper-case hex pairs separated by colons. */
export const macAddress = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.string().regex(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/, 'Please input proper mac address (ex: AB:CD:EF:12:34:56)'));

export const badRequestBody = z.object({ errors: z.array(z.object({ msg: z.string(), param: z.string().optional() })) });
export const errorBody = z.object({ message: z.string(), code: z.string().optional() });
export const okBody = z.object({ ok: z.literal(true) });
