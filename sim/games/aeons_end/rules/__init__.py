"""Aeon's End's rules, one module per rule area (the sections of RULES.md and the test files of the same
names), each importing only the areas before it in this list:
game_end.py (the game ends), piles.py (a player's cards: hand, deck never shuffled, discard pile, played,
prepped), choices.py (the team's fixed choices inside card effects), damage_exhaustion.py (damage,
exhaustion, healing), corruption_deck.py (gaining and returning corruptions), supply.py (gaining,
devouring), setup.py (the deal: players, turn order deck, nemesis deck, supply, the nemesis mat),
turn_order.py (the turn order deck), minions_powers.py (nemesis cards in play, damage to them,
TO DISCARD), breaches.py (focus, open, prep), casting.py (the casting phase), main_phase.py (gems, relics,
while-prepped effects), mages.py (mage abilities), nemesis_turn.py (the nemesis turn and every nemesis
effect), corruptions.py (corruptions in hand resolving), turn.py (turn order, a player turn's frame)."""
