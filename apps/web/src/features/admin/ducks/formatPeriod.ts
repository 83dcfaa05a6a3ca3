import type { TFunction } from 'i18next';

/**
 * A periodic interval for people: whole days, hours or minutes when it divides evenly, else minutes.
 * @param seconds interval, s
 * @example formatPeriod(7200, t) // "2 h" (en)
 */
export function formatPeriod(seconds: number, t: TFunction<'ducks'>): string {
  if (seconds % 86400 === 0) return t('units.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t('units.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('units.minutes', { count: seconds / 60 });
  return t('units.seconds', { count: seconds });
}
