-- How games end (victory type / end reason), with each reason's share of its edition.
SELECT
    edition,
    end_reason,
    count(*) AS matches,
    count(*) / sum(count(*)) OVER (PARTITION BY edition) AS share
FROM matches
WHERE error = 'ok'
GROUP BY edition, end_reason
ORDER BY edition, end_reason;
