-- One row per valid match: its edition, matchup, the group it belongs to (the integer column named by a
-- regular expression in the variable group_column, e.g. SET VARIABLE group_column = '^deal_group$';),
-- the result for side A / the team (1 won, 0 lost, 0.5 draw) and its length in rounds.
SELECT
    edition,
    matchup_id,
    CAST(COLUMNS(getvariable('group_column')) AS BIGINT) AS group_id,
    a_won AS won,
    rounds
FROM matches
WHERE error = 'ok'
ORDER BY edition, matchup_id, group_id, pair_index, swap;
