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

/**
 * The namespaces of the open pages (login, its dialogs, the API's error texts): each language's first
 * chunk (locales/bundles/<lang>.ts); every other namespace is in the chunk of the screens behind the
 * login (locales/bundles/app/<lang>.ts). The bundles' glob patterns list the same three names.
 */
export const OPEN_PAGE_NAMESPACES = ['common', 'login', 'errors'] as const satisfies readonly Namespace[];
