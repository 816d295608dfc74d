-- Views over one experiment's result lake (docs/lake-schema.md). Set the lake folder first:
--   SET VARIABLE lake = 'experiments/<name>';
-- The views read the variable when queried, so one session can switch lakes by setting it again
-- (read this file again when the next lake has per-card rows and the last had none, or the reverse).
-- Both views name an edition `edition`, as the config, sim.load and the reports do; the lake stores
-- it as `ruleset_id` (kept: every lake ever written reads as it is), and the folder partition
-- `ruleset=<edition>` (the same value again) is left out.
-- A side's name may be made of parts (Waybound's "hearthbound/brindle" is a faction and a Companion):
-- the manifest names them (`side_fields`), and `matches` has one column per part and side,
-- `faction_a`, `companion_a`, ... (NULL where a side has fewer parts), as sim.load has. A lake whose
-- manifest names none (or was written before manifests named them) has none.
SET VARIABLE side_fields_query = CASE
    WHEN (SELECT count(*) FROM glob(getvariable('lake') || '/manifest.json')) > 0 THEN
        'SELECT CAST(json_extract(content, ''$.side_fields'') AS VARCHAR[]) AS fields '
        || 'FROM read_text(getvariable(''lake'') || ''/manifest.json'')'
    ELSE 'SELECT CAST(NULL AS VARCHAR[]) AS fields'
    END;
SET VARIABLE side_columns = coalesce((
    SELECT string_agg(format(', nullif(split_part(side_{0}, ''/'', {1}), '''') AS "{2}_{0}"', side, position, field),
                      '' ORDER BY side, position)
    FROM (SELECT unnest(fields) AS field, generate_subscripts(fields, 1) AS position
          FROM query(getvariable('side_fields_query'))),
         (VALUES ('a'), ('b')) AS sides (side)
), '');

CREATE OR REPLACE VIEW matches AS
FROM query('SELECT * EXCLUDE (ruleset), ruleset_id AS edition' || getvariable('side_columns') || ' FROM read_parquet('
           || 'getvariable(''lake'') || ''/matches/**/*.parquet'', hive_partitioning = true, union_by_name = true)');

-- `cards`: the per-card rows (experiments/<name>/cards/, written with runner.card_rows=true). A lake
-- without them gets an empty `cards` view of the same columns, so this file always runs to the end.
-- Lakes written before the per-card `gained` count existed read it as 0.
SET VARIABLE cards_query = CASE
    WHEN (SELECT count(*) FROM glob(getvariable('lake') || '/cards/**/*.parquet')) > 0 THEN
        'SELECT * REPLACE (CAST(coalesce(gained, 0) AS SMALLINT) AS gained) FROM ('
        || 'SELECT * FROM read_parquet(getvariable(''lake'') || ''/cards/**/*.parquet'', hive_partitioning = true, union_by_name = true) '
        || 'UNION ALL BY NAME SELECT CAST(NULL AS SMALLINT) AS gained WHERE false)'
    ELSE
        'SELECT CAST(NULL AS VARCHAR) AS run_id, CAST(NULL AS VARCHAR) AS ruleset_id, CAST(NULL AS VARCHAR) AS matchup_id, '
        || 'CAST(NULL AS BIGINT) AS pair_index, CAST(NULL AS TINYINT) AS swap, CAST(NULL AS VARCHAR) AS side, '
        || 'CAST(NULL AS VARCHAR) AS faction, CAST(NULL AS VARCHAR) AS card, CAST(NULL AS SMALLINT) AS drawn, '
        || 'CAST(NULL AS SMALLINT) AS played, CAST(NULL AS SMALLINT) AS opening, CAST(NULL AS SMALLINT) AS gained, '
        || 'CAST(NULL AS DOUBLE) AS won, CAST(NULL AS VARCHAR) AS game, CAST(NULL AS VARCHAR) AS ruleset WHERE false'
    END;

CREATE OR REPLACE VIEW cards AS SELECT * EXCLUDE (ruleset), ruleset_id AS edition FROM query(getvariable('cards_query'));
