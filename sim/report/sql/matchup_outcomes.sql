-- Per edition and matchup: side A's and the first player's results (draws count half).
SELECT
    edition,
    matchup_id,
    side_a,
    side_b,
    min(policy_a) AS bot_a,  -- a side's bot is the same in all its matches (a mirror needs it to read)
    min(policy_b) AS bot_b,
    count(*) AS matches,
    sum(a_won) AS a_wins,
    count(*) FILTER (WHERE winner_side = 'draw') AS draws,
    sum(first_player_won) AS first_player_wins,
    avg(turns) AS mean_turns
FROM matches
WHERE error = 'ok'
GROUP BY edition, matchup_id, side_a, side_b
ORDER BY edition, matchup_id;
