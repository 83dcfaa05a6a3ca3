import type { BearingComponent, FaultName } from '@overtone/contract';

/**
 * The shape of one report language's catalogue (one file per language beside this one). Texts are
 * written for a plant engineer as a vibration analyst at ISO 18436-2 category III/IV would write them.
 */

/** A fault's texts in one language (the report fields of spec 001 §3). */
export interface FaultEntry {
  /** Short name, e.g. "Unbalance". */
  name: string;
  /** What the fault is (2–3 sentences). */
  description: string;
  /** What the evidence looks like in the spectrum, envelope spectrum or time signal. */
  indication: string;
  /** Typical root causes. */
  cause: string;
  /** 3–6 concrete actions, most urgent first. */
  suggestions: string[];
}

/** A bearing component's texts: its name and what a defect on it looks like (Randall & Antoni 2011 §2). */
export interface BearingComponentEntry {
  /** E.g. "outer race". */
  name: string;
  /** The pattern of a defect on this component, put before the fault's stage-specific indication. */
  indication: string;
  /** The causes typical of this component, put before the fault's general causes. */
  cause: string;
}

/** One report language's catalogue. */
export interface LanguageCatalogue {
  /** BCP 47 locale for `Intl` (plural rules, number formatting). */
  locale: string;
  faults: Record<FaultName, FaultEntry>;
  components: Record<BearingComponent, BearingComponentEntry>;
  /** The name of a bearing fault with its component, e.g. ("Bearing failure", "outer race") → "Bearing failure — outer race". */
  withComponent: (faultName: string, componentName: string) => string;
  /**
   * The time-to-stop sentence (spec 001 §4) for `count` months, already formatted in the locale,
   * with the plural category of the number from `Intl.PluralRules(locale)`.
   */
  timeToStop: (count: string, plural: Intl.LDMLPluralRule) => string;
}
