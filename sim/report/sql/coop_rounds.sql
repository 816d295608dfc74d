-- Cooperative games: how many matches ended in each round, won or lost (input of survival curves).
SELECT edition, rounds, a_won = 0 AS lost, count(*) AS matches
FROM matches
WHERE error = 'ok'
GROUP BY edition, rounds, a_won = 0
ORDER BY edition, rounds, lost;
