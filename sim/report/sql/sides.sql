-- One row per (match, side) in `sides`: the side's deck label (`side`), its result `won`
-- (1 won, 0 lost, 0.5 draw) and every per-side column of the lake (<name>_a / <name>_b) under
-- its plain name. Then: matches and wins per (edition, deck, value of one per-side column), the
-- column named by a regular expression in the variable side_column, e.g.
--   SET VARIABLE side_column = '^path$';
CREATE OR REPLACE VIEW sides AS
SELECT edition, matchup_id, pair_index, swap, 'A' AS side_letter, a_won AS won, COLUMNS('^(.*)_a$') AS '\1'
FROM matches WHERE error = 'ok' AND side_b <> ''
UNION ALL BY NAME
SELECT edition, matchup_id, pair_index, swap, 'B' AS side_letter, 1 - a_won AS won, COLUMNS('^(.*)_b$') AS '\1'
FROM matches WHERE error = 'ok' AND side_b <> '';

SELECT
    edition,
    side AS deck,
    CAST(COLUMNS(getvariable('side_column')) AS VARCHAR) AS value,
    count(*) AS matches,
    sum(won) AS wins
FROM sides
GROUP BY ALL
ORDER BY ALL;
