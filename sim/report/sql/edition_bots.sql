-- The bots that played each edition (the answer of a study names them).
SELECT DISTINCT ruleset_id, policy_a, policy_b
FROM matches
ORDER BY ruleset_id, policy_a, policy_b;
