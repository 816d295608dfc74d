"""Veilforge's rules, one module per rule area (the sections of RULES.md and the test files):
setup.py (decks, hands, life, the second player's mana), turn.py (the five phases), mana.py (mana
from the deck, payment, return order), zones.py (zones, slots, leaving play, attachments),
statics.py (passive abilities: effective damage, health, keywords, costs), targets.py (what an
ability may choose), effects.py (the effect vocabulary, triggers, destruction), combat.py
(attacks), chain.py (responses and resolution), responses.py (what may answer), evolution.py,
actions.py (the action phase's actions), ending.py (losing and winning)."""
