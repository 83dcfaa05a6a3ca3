import { createLocalStore, useLocalStore } from '../../core/storage/localStore';

/** localStorage key of the id of the latest live measurement (spec 000 §4, "Go Last Measurement"). */
export const LAST_MEASUREMENT_STORAGE_KEY = 'lastMeasurementId';

export const lastMeasurementStore = createLocalStore<string>(LAST_MEASUREMENT_STORAGE_KEY, (raw) =>
  typeof raw === 'string' && raw ? raw : null,
);

export const useLastMeasurementId = () => useLocalStore(lastMeasurementStore);

/** Client path of a measurement's detail page. */
export const measurementPath = (id: string) => `/measurement/${encodeURIComponent(id)}`;
