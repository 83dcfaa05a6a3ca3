-- The diagnosis' features stored compactly (docs/diagnosis.md "Throughput"): gzip-compressed JSON
-- in bytea (modules/fault-reports/features-codec.ts) instead of jsonb, kept uncompressed by the
-- database (STORAGE EXTERNAL: compressed already). Existing rows keep their JSON text as UTF-8
-- bytes (the codec reads both).
--
-- The diagnosis is queued by the statement that makes a measurement final (a measurement of a point
-- with samples), no longer by a trigger on its features: ingest stores no features, the diagnosis
-- computes them in the background from the stored waveform (jobs/diagnosis), so a burst of
-- measurements is not slowed by it.
DROP TRIGGER measurement_features_diagnosis_insert ON measurement_features;
DROP TRIGGER measurement_features_diagnosis_update ON measurement_features;
DROP FUNCTION diagnosis_enqueue();
ALTER TABLE measurement_features ALTER COLUMN features TYPE bytea USING convert_to(features::text, 'UTF8');
ALTER TABLE measurement_features ALTER COLUMN features SET STORAGE EXTERNAL;
