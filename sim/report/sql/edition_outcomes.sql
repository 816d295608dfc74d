-- Per edition: match-level first-player results (draws count half through first_player_won).
SELECT
    edition,
    count(*) AS matches,
    sum(first_player_won) AS first_player_wins,
    count(*) FILTER (WHERE winner_side = 'draw') AS draws,
    avg(turns) AS mean_turns,
    avg(rounds) AS mean_rounds
FROM matches
WHERE error = 'ok' AND first_player_won IS NOT NULL
GROUP BY edition
ORDER BY edition;
