-- Cooperative games: team results per edition and matchup, and rounds to win / to lose.
SELECT
    edition,
    matchup_id,
    side_a,
    count(*) AS matches,
    sum(a_won) AS team_wins,
    avg(rounds) FILTER (WHERE a_won = 1) AS mean_rounds_won,
    median(rounds) FILTER (WHERE a_won = 1) AS median_rounds_won,
    avg(rounds) FILTER (WHERE a_won = 0) AS mean_rounds_lost,
    median(rounds) FILTER (WHERE a_won = 0) AS median_rounds_lost
FROM matches
WHERE error = 'ok'
GROUP BY edition, matchup_id, side_a
ORDER BY edition, matchup_id;
