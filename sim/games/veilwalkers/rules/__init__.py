"""Veilwalkers' rules, one module per rule area (the sections of RULES.md and the test files):
board.py (the Rings, sectors, Gates, Presence and control), setup.py (the deal, the opening
bottom-and-redraw, the start Sites), turn.py (Remember, Draw, Weave, End, the Round), movement.py
(Move, Traverse, escort, trio crossing, Turnpoints, Waystation links), network.py (nodes), rites.py
(the six Standard Rites and Waymarks), remembrance.py (claiming, dislodging, Convergence),
combat.py (Challenge, Thread Strike, interception), cards.py (playing cards and their effects),
threadline.py (the Threadline: priority, Quick Event responses, resolution newest first), glyphs.py
(the Glyph chains and Alignments),
closing.py (the Closing Spiral: Fraying, closure, Lost in the Fray, Escape, Force the Breach),
watcher.py (the Watcher: awakening, its phase, Suppression, Close the Eye, the Remnant), attention.py
(Attention, its surcharge, Lay Low), units.py (the Locals and their Recruits, the board Sentinels),
stronghold.py (Strongholds), ending.py (Thread, the Round cap), actions.py (the legal actions
of every decision), events.py (the log)."""
