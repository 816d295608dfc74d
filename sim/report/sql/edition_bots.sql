-- The bots that played each edition (the answer of a study names them).
SELECT DISTINCT edition, policy_a, policy_b
FROM matches
ORDER BY edition, policy_a, policy_b;
