-- Game length per edition: turns and rounds.
SELECT
    edition,
    count(*) AS matches,
    avg(turns) AS mean_turns,
    quantile_cont(turns, 0.1) AS p10_turns,
    median(turns) AS median_turns,
    quantile_cont(turns, 0.9) AS p90_turns,
    min(turns) AS min_turns,
    max(turns) AS max_turns,
    avg(rounds) AS mean_rounds,
    median(rounds) AS median_rounds
FROM matches
WHERE error = 'ok'
GROUP BY edition
ORDER BY edition;
