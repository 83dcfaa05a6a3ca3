import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

export const passwordPolicy = z.object({
  minCharacter: z.number().int().min(4).max(16),
  requiresUpperCaseLetters: z.boolean(),
  requiresLowerCaseLetters: z.boolean(),
  requiresNumbers: z.boolean(),
  requiresSpecialCharacters: z.boolean(),
});

export const customerPreferences = z.object({
  logo: z.string().nullable(),
  passwordPolicy,
  localization: z.object({
    dateFormat: z.string(),
    preferedLanguage: z.enum(LANGUAGES),
    timeZone: z.string(),
  }),
  defaultTelemetry: z.string(),
});

/** `GET /customer/{host}`: the tenant served for that host. */
export const customer = z.object({ _id: z.string(), name: z.string(), preferences: customerPreferences });
export type Customer = z.infer<typeof customer>;

/** `GET /customer/{host}/summary`: the public fallback (name, logo, language). */
export const customerSummary = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  preferedLanguage: z.enum(LANGUAGES),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
