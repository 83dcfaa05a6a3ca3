/**
 * @overtone/diagnosis: evidence-based fault diagnosis of vibration measurements, pure TypeScript
 * (depends on @overtone/dsp and @overtone/contract only). Design, rules and sources:
 * docs/diagnosis.md.
 */
export * from './types.ts';
export { FEATURES_VERSION, extractFeatures } from './features/extract.ts';
export {
  BASELINE_MAX_MEASUREMENTS,
  BASELINE_MIN_MEASUREMENTS,
  SERIOUS_CHANGE_DB,
  SIGNIFICANT_CHANGE_DB,
  baselineOf,
  changeOverBaselineDb,
  flattenFeatures,
  learnBaseline,
} from './baseline.ts';
export { FALSE_POSITIVE_GROWTH_FACTOR, applyFeedback } from './feedback.ts';
export { diagnose } from './diagnose.ts';
