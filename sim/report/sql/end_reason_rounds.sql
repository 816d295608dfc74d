-- How many matches of each edition ended for each reason at each Round (the `endings` report:
-- each reason's share and the Rounds at which it comes).
SELECT edition, end_reason, rounds, count(*) AS matches
FROM matches
WHERE error = 'ok'
GROUP BY edition, end_reason, rounds
ORDER BY edition, end_reason, rounds;
