-- Matches per edition and error status: error rows are left out of every statistic, so say how many.
SELECT ruleset_id, error, count(*) AS matches
FROM matches
GROUP BY ruleset_id, error
ORDER BY ruleset_id, error;
