-- Periodic measurement: sleep code 25 (2^10 s = 1024 s, the "about 15 minutes" option one reading of
-- the spec lists: spec 001 "Sleep options", spec 002 §9; senseway-gateway.md §8.1). Codes 25…32.
ALTER TABLE scheduler_jobs DROP CONSTRAINT scheduler_jobs_sleep_amount_check;
ALTER TABLE scheduler_jobs ADD CONSTRAINT scheduler_jobs_sleep_amount_check CHECK (sleep_amount BETWEEN 25 AND 32);
