-- AI-model predictions (spec 001 §3, §7; docs/ai-model.md): a cache of GET /ai-model/{id}/predictions,
-- one row per measurement and model, filled lazily on the first request that needs it (computing one
-- takes 5–20 ms of FFTs per tri-axial record plus reading its waveform).
-- A row holds only for the model version and point context it was computed with (`context_key`:
-- model id and version, the point's bearing multipliers and reference frequency); a request with
-- another key recomputes and replaces it. The row goes with its measurement.
CREATE TABLE ai_predictions (
  measurement_id  text NOT NULL REFERENCES measurements(id) ON DELETE CASCADE,
  model_id        text NOT NULL,
  customer_id     text NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  context_key     text NOT NULL,
  -- 'class0' … 'class6'
  prediction      text NOT NULL,
  -- posterior probability of the predicted class, null when the model was not run (class0)
  probability     double precision,
  -- axis key that decided (accelerometer_x …), null when none could be used
  source          text,
  computed_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (measurement_id, model_id)
);
