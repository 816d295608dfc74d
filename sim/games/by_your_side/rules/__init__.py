"""By Your Side's rules, one module per rule area (the sections of RULES.md and the test files):

log.py (the event log), queue.py (effect frames and the trigger queue), cards.py (hands, decks, discard
piles, drawing, the Archive, Retrieving), planes.py (positions, Focus boxes, closing gaps, refills,
moving, revealing, range and targets), stability.py, threats.py (Weaken, Banish, the Threshold,
Intrusive thoughts, Apex), items.py (Talismans, Charms, Sigils), focus.py (Focus tokens, chakras, Full
Focus), offering.py (Angels), support.py, events.py (scenario Events, prologues, unlocks), dice.py,
ending.py, effects.py (the step interpreter and its choices), player_phase.py, astral.py.
"""
