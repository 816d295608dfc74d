-- Matches per edition and error status: error rows are left out of every statistic, so say how many.
SELECT edition, error, count(*) AS matches
FROM matches
GROUP BY edition, error
ORDER BY edition, error;
