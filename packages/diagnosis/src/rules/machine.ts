import type { Rule } from './rule.ts';

/** Shaft, gear, belt, electrical, flow and broadband rules (OWNED BY THE SHAFT/INTEGRITY PART: replace this stub). */
export const machineRules: readonly Rule[] = [];

/** unidentified_fault: clearly abnormal, no other pattern (OWNED BY THE SHAFT/INTEGRITY PART). */
export const unidentifiedRule: Rule = () => [];
