import { sanitizeTagCode } from '@overtone/contract';

/**
 * The group tag code as it is typed (spec 000 §5 "Group form": sanitised like the point tag
 * code): a leading '#' or '$' dropped, upper-cased, everything but letters, digits and spaces
 * removed. Leading spaces go at once; a trailing space stays so that words can be typed, and is
 * trimmed on save by {@link sanitizeTagCode}.
 */
export function groupTagCodeAsTyped(input: string | undefined): string {
  const raw = input ?? '';
  const clean = sanitizeTagCode(raw);
  return clean && /\s$/.test(raw) && !/\s$/.test(clean) ? `${clean} ` : clean;
}

/** The stored group tag code ('#ABC') as the form shows it (without the prefix). */
export const groupTagCodeForForm = (stored: string) => sanitizeTagCode(stored);
