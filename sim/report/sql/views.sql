-- Views over one experiment's result lake (docs/lake-schema.md). Set the lake folder first:
--   SET VARIABLE lake = 'experiments/<name>';
-- The views read the variable when queried, so one session can switch lakes by setting it again.
-- `cards` exists only when the experiment wrote per-card rows (experiments/<name>/cards/).
CREATE OR REPLACE VIEW matches AS
SELECT * FROM read_parquet(getvariable('lake') || '/matches/**/*.parquet', hive_partitioning = true, union_by_name = true);

CREATE OR REPLACE VIEW cards AS
SELECT * FROM read_parquet(getvariable('lake') || '/cards/**/*.parquet', hive_partitioning = true, union_by_name = true);
