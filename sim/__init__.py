"""sim: a balance-simulation batch pipeline for card games."""

__version__ = "0.1.0"
