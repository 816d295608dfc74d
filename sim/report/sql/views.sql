-- Views over one experiment's result lake (docs/lake-schema.md). Set the lake folder first:
--   SET VARIABLE lake = 'experiments/<name>';
-- The views read the variable when queried, so one session can switch lakes by setting it again
-- (read this file again when the next lake has per-card rows and the last had none, or the reverse).
-- Both views name an edition `edition`, as the config, sim.load and the reports do, in a lake of either
-- format (sim/core/lake.py FORMATS: the manifest's `lake_format`, none: 1). Format 2 stores `edition`
-- in its parts and again as the folder key `edition=<edition>`: DuckDB reads the folder's value (the
-- same), as text (hive_types_autocast off: an edition named `2` stays '2', not a number). Format 1
-- stores `ruleset_id` under folders `ruleset=<edition>`: the column is renamed and the folder's copy
-- left out. A lake without a manifest is of format 1 if it has `ruleset=` folders, else format 2.
-- A side's name may be made of parts (Waybound's "hearthbound/brindle" is a faction and a Companion):
-- the manifest names them (`side_fields`), and `matches` has one column per part and side,
-- `faction_a`, `companion_a`, ... (NULL where a side has fewer parts), as sim.load has. A lake whose
-- manifest names none (or was written before manifests named them) has none.
SET VARIABLE manifest_query = CASE
    WHEN (SELECT count(*) FROM glob(getvariable('lake') || '/manifest.json')) > 0 THEN
        'SELECT CAST(content AS JSON) AS manifest FROM read_text(getvariable(''lake'') || ''/manifest.json'')'
    ELSE 'SELECT CAST(NULL AS JSON) AS manifest'
    END;
SET VARIABLE lake_format = (
    SELECT CASE
        WHEN manifest IS NOT NULL THEN coalesce(CAST(json_extract(manifest, '$.lake_format') AS VARCHAR), '1')
        WHEN (SELECT count(*) FROM glob(getvariable('lake') || '/*/game=*/ruleset=*/part-*.parquet')) > 0 THEN '1'
        ELSE '2' END
    FROM query(getvariable('manifest_query')));
SET VARIABLE edition_columns = CASE getvariable('lake_format')
    WHEN '1' THEN '* EXCLUDE (ruleset) RENAME (ruleset_id AS edition)'
    WHEN '2' THEN '*'
    ELSE error(getvariable('lake') || '/manifest.json: lake_format: must be 1 or 2, got '
               || getvariable('lake_format') || ' (a lake format this version of sim cannot read)')
    END;
SET VARIABLE parts = 'read_parquet(getvariable(''lake'') || ''/{}/**/*.parquet'', hive_partitioning = true, '
    || 'hive_types_autocast = false, union_by_name = true)';
SET VARIABLE side_fields_query = 'SELECT CAST(json_extract(manifest, ''$.side_fields'') AS VARCHAR[]) AS fields '
    || 'FROM query(getvariable(''manifest_query''))';
SET VARIABLE side_columns = coalesce((
    SELECT string_agg(format(', nullif(split_part(side_{0}, ''/'', {1}), '''') AS "{2}_{0}"', side, position, field),
                      '' ORDER BY side, position)
    FROM (SELECT unnest(fields) AS field, generate_subscripts(fields, 1) AS position
          FROM query(getvariable('side_fields_query'))),
         (VALUES ('a'), ('b')) AS sides (side)
), '');

CREATE OR REPLACE VIEW matches AS
FROM query('SELECT ' || getvariable('edition_columns') || getvariable('side_columns') || ' FROM '
           || format(getvariable('parts'), 'matches'));

-- `cards`: the per-card rows (experiments/<name>/cards/, written with runner.card_rows=true). A lake
-- without them gets an empty `cards` view of the same columns, so this file always runs to the end.
-- Lakes written before the per-card `gained` count existed read it as 0.
SET VARIABLE cards_query = CASE
    WHEN (SELECT count(*) FROM glob(getvariable('lake') || '/cards/**/*.parquet')) > 0 THEN
        'SELECT * REPLACE (CAST(coalesce(gained, 0) AS SMALLINT) AS gained) FROM ('
        || 'SELECT ' || getvariable('edition_columns') || ' FROM ' || format(getvariable('parts'), 'cards')
        || ' UNION ALL BY NAME SELECT CAST(NULL AS SMALLINT) AS gained WHERE false)'
    ELSE
        'SELECT CAST(NULL AS VARCHAR) AS run_id, CAST(NULL AS VARCHAR) AS edition, CAST(NULL AS VARCHAR) AS matchup_id, '
        || 'CAST(NULL AS BIGINT) AS pair_index, CAST(NULL AS TINYINT) AS swap, CAST(NULL AS VARCHAR) AS side, '
        || 'CAST(NULL AS VARCHAR) AS faction, CAST(NULL AS VARCHAR) AS card, CAST(NULL AS SMALLINT) AS drawn, '
        || 'CAST(NULL AS SMALLINT) AS played, CAST(NULL AS SMALLINT) AS opening, CAST(NULL AS SMALLINT) AS gained, '
        || 'CAST(NULL AS DOUBLE) AS won, CAST(NULL AS VARCHAR) AS game WHERE false'
    END;

CREATE OR REPLACE VIEW cards AS FROM query(getvariable('cards_query'));
