"""Reports: DuckDB SQL over the result lake (``sql/``), statistics from ``sim.stats``,
matplotlib charts, and report.md / report.html with a closing provenance section.

Entry point: ``build_report(experiment_dir, report_dir, kinds, params) -> Path`` (report.md).

Kinds (experiment config ``report.kind``, one name or a list):

- ``opening``: editions = the lake's edition values. First-player win rate per edition (Wilson, match level;
  t-interval over seat-swapped pairs), TOST equivalence to 50% within ``equivalence_margin``,
  paired difference of every edition against ``baseline`` per matchup (Holm and BH adjusted),
  game length and end-reason shares per edition.
- ``matrix``: side A vs side B heatmap per edition, deck-against-deck matrix, Bradley–Terry ratings
  with bootstrap intervals, metagame equilibrium mix, first-player advantage per matchup.
- ``cards``: per card and faction, win rate when drawn / played / in the opening hand / gained (deck-builders) vs not,
  rows with at least ``min_count`` games each way, ``assumed_cards`` flagged.
- ``coop``: team win rate per matchup, rounds to win / lose, Kaplan–Meier survival, end reasons,
  and the per-round share of matches whose ``survival_column`` list value is above zero.
- ``summary``: win rates per side per matchup per edition, lengths, end reasons.
- ``sides``: per-side columns (``side_columns``): share of each value per deck and the win rate with it.
- ``variance``: variance components of the result and length within groups of ``group_column``
  (matches that share the study's held random streams), with bootstrap intervals.

Parameters (``report:`` block, all optional): ``equivalence_margin`` (0.02), ``confidence``
(0.95; alpha = 1 - confidence), ``min_count`` (30), ``baseline`` (first edition by name),
``assumed_cards`` ([]), ``survival_column`` (none), ``n_boot`` (500), ``seed`` (0),
``prior_ties`` (1.0 virtual drawn game per pairing in Bradley–Terry), ``title``,
``side_columns`` ([]), ``group_column`` (``deal_group``).
Unknown or invalid parameters raise ``UserError`` naming ``report.<key>``.

Running the SQL by hand in the DuckDB shell: see ``sim.report.lake``.
"""

from sim.report.build import build_report
from sim.report.lake import Lake

__all__ = ["Lake", "build_report"]
