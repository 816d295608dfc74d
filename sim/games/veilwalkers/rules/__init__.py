"""Veilwalkers' rules, one module per rule area (the sections of RULES.md and the test files):
board.py (the Rings, sectors, Gates, Presence and control), setup.py (the deal, the opening
bottom-and-redraw, the start Sites), turn.py (Remember, Draw, Weave, End, the Round), movement.py
(Move, Traverse, escort, trio crossing, Turnpoints, Waystation links), network.py (nodes), rites.py
(the six Standard Rites and Waymarks), remembrance.py (claiming, dislodging, Convergence),
combat.py (Challenge, Thread Strike, interception), cards.py (playing cards and their effects),
ending.py (Thread, the Round cap), actions.py (the legal actions of the Shape), events.py (the log)."""
