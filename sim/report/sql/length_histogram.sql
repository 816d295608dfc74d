-- Distribution of game length (turns) per edition and matchup (the report pools a study's many
-- matchups per edition, but keeps a few apart: their player counts may differ).
SELECT edition, matchup_id, turns, count(*) AS matches
FROM matches
WHERE error = 'ok'
GROUP BY edition, matchup_id, turns
ORDER BY edition, matchup_id, turns;
