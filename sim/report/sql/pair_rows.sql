-- The columns pair-level scoring needs (sim.stats.pairs), one row per valid match.
SELECT edition, matchup_id, pair_index, swap, first_player_won, a_won
FROM matches
WHERE error = 'ok'
ORDER BY edition, matchup_id, pair_index, swap;
