-- One row per valid match with the lake columns named by the regular expression in the variable
-- value_columns (the `columns` report kind), e.g.
--   SET VARIABLE value_columns = '^(chain_count|chain_count_a|chain_count_b)$';
SELECT edition, matchup_id, pair_index, swap, COLUMNS(getvariable('value_columns'))
FROM matches
WHERE error = 'ok'
ORDER BY edition, matchup_id, pair_index, swap;
