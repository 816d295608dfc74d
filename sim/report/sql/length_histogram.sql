-- Distribution of game length (turns) per arm.
SELECT ruleset_id, turns, count(*) AS matches
FROM matches
WHERE error = 'ok'
GROUP BY ruleset_id, turns
ORDER BY ruleset_id, turns;
