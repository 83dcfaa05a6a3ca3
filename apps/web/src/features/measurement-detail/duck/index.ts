export { DuckMeasurementView } from './DuckMeasurementView';
export { isDuckMeasurement } from './duckData';
