import { LANGUAGES, type Language } from '@overtone/contract';

/** Translation namespaces, one per feature (CONVENTIONS.md: keys namespaced by feature). */
export const NAMESPACES = [
  'common',
  'login',
  'shell',
  'tree',
  'measurements',
  'point',
  'live',
  'measurementDetail',
  'charts',
  'errors',
  'admin',
  'ducks',
  'pointForm',
  'routes',
  'pointConfig',
  'pointConfigSchedule',
  'analysisDomains',
  'compare',
  'duckMeasurement',
  'aiModel',
  'trend',
  'alarms',
  'faultReports',
  'maintenance',
  'dashboard',
  'condition',
  'telemetryNames',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Messages = { [key: string]: string | Messages };
export type Resources = Record<Language, Record<Namespace, Messages>>;

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

/** Every locale file, grouped by language and namespace (all bundled: a few kB each). */
export const resources: Resources = (() => {
  const out = Object.fromEntries(LANGUAGES.map((l) => [l, {}])) as Resources;
  for (const [path, messages] of Object.entries(files)) {
    const m = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m;
    if ((LANGUAGES as readonly string[]).includes(lang)) out[lang as Language][ns as Namespace] = messages;
  }
  return out;
})();
