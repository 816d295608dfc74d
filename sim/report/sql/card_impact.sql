-- Card impact: per edition, faction and card, a side's win rate in games where the card was drawn /
-- played / in the opening hand / gained (deck-builders), against that faction's games where it was not.
-- The cards view holds only non-zero rows, so "not" = all the faction's games minus the "with"
-- games; the faction's games come from the matches view (error rows excluded from both).
WITH side_games AS (
    SELECT edition, matchup_id, pair_index, swap, 'A' AS side, side_a AS faction, a_won AS won
    FROM matches WHERE error = 'ok'
    UNION ALL
    SELECT edition, matchup_id, pair_index, swap, 'B' AS side, side_b AS faction, 1 - a_won AS won
    FROM matches WHERE error = 'ok' AND side_b IS NOT NULL AND side_b <> ''
),
faction_totals AS (
    SELECT edition, faction, count(*) AS games, sum(won) AS wins
    FROM side_games
    GROUP BY edition, faction
),
-- A side of several seats (an Aeon's End team) has a row per seat holding the card: one row per
-- side-game here, so that a game counts once however many seats drew the card.
card_rows AS (
    SELECT edition, matchup_id, pair_index, swap, side, card,
           sum(drawn) AS drawn, sum(played) AS played, sum(opening) AS opening, sum(gained) AS gained
    FROM cards
    GROUP BY edition, matchup_id, pair_index, swap, side, card
),
card_games AS (
    SELECT
        s.edition,
        s.faction,
        c.card,
        count(*) FILTER (WHERE c.drawn > 0) AS drawn_games,
        coalesce(sum(s.won) FILTER (WHERE c.drawn > 0), 0) AS drawn_wins,
        count(*) FILTER (WHERE c.played > 0) AS played_games,
        coalesce(sum(s.won) FILTER (WHERE c.played > 0), 0) AS played_wins,
        count(*) FILTER (WHERE c.opening > 0) AS opening_games,
        coalesce(sum(s.won) FILTER (WHERE c.opening > 0), 0) AS opening_wins,
        count(*) FILTER (WHERE c.gained > 0) AS gained_games,
        coalesce(sum(s.won) FILTER (WHERE c.gained > 0), 0) AS gained_wins
    FROM card_rows AS c
    JOIN side_games AS s USING (edition, matchup_id, pair_index, swap, side)
    GROUP BY s.edition, s.faction, c.card
),
long_form AS (
    SELECT edition, faction, card, 'drawn' AS metric, drawn_games AS games_with, drawn_wins AS wins_with FROM card_games
    UNION ALL
    SELECT edition, faction, card, 'played', played_games, played_wins FROM card_games
    UNION ALL
    SELECT edition, faction, card, 'opening', opening_games, opening_wins FROM card_games
    UNION ALL
    SELECT edition, faction, card, 'gained', gained_games, gained_wins FROM card_games
    WHERE gained_games > 0  -- games without gained counts (not deck-builders) add no 'gained' rows
)
SELECT
    l.edition,
    l.faction,
    l.card,
    l.metric,
    l.games_with,
    l.wins_with,
    t.games - l.games_with AS games_without,
    t.wins - l.wins_with AS wins_without
FROM long_form AS l
JOIN faction_totals AS t USING (edition, faction)
ORDER BY l.edition, l.faction, l.card, l.metric;
