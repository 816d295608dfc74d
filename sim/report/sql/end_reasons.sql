-- How games end (victory type / end reason), with each reason's share of its edition.
SELECT
    ruleset_id,
    end_reason,
    count(*) AS matches,
    count(*) / sum(count(*)) OVER (PARTITION BY ruleset_id) AS share
FROM matches
WHERE error = 'ok'
GROUP BY ruleset_id, end_reason
ORDER BY ruleset_id, end_reason;
