import type { Rule } from './rule.ts';

/** Bearing rules (OWNED BY THE BEARING PART: replace this stub). */
export const bearingRules: readonly Rule[] = [];
