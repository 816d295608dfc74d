-- A per-round list column (e.g. Gravehold life at the end of each round), named by a variable:
--   SET VARIABLE series_column = 'gravehold_life';
SELECT edition, COLUMNS(getvariable('series_column')) AS series
FROM matches
WHERE error = 'ok'
ORDER BY edition, matchup_id, pair_index, swap;
