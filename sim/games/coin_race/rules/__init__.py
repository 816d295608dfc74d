"""Coin Race's rules, one module per rule area (the sections of RULES.md and the test files):
turn.py (the deal, drawing, the seat order), scoring.py (bank or gamble), ending.py (winning)."""
