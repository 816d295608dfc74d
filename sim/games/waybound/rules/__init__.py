"""Waybound's rules, one module per rule area (the sections of RULES.md and the test files), each
importing only the areas before it in this list: units.py (a character's keywords, Guard, Insight, Force; who stands
where), cards.py (deck, hand, discard pile, draws), movement.py (Routes, normal and card movement),
explore.py (Explore, Renown), netherway.py (opening and closing the Netherway), defeats.py (defeats and
recovery), challenge.py (Challenges and their abilities), playing.py (Allies entering, Star Chart),
tactics.py (Tactics resolving), turn.py (start and end of turn, the round limit), setup.py (opening
hands, mulligans). The legal actions, step and invariants are the spine, engine.py."""
