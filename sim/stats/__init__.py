"""Statistics for balance studies: win-rate intervals, pair-level scoring, paired edition tests,
equivalence (TOST), sequential stopping (SPRT), Bradley–Terry ratings, multiple-comparison
control, metagame equilibrium, survival curves and variance components. Pure functions over numpy/polars data."""

from sim.stats.clustered import bradley_terry_cluster_bootstrap, cluster_robust_variance, clustered_rate
from sim.stats.equivalence import tost_equivalence
from sim.stats.intervals import mean_t_interval, score_interval, wilson_interval
from sim.stats.metagame import metagame_equilibrium
from sim.stats.multiple import adjust_pvalues
from sim.stats.pairs import incomplete_pair_count, pair_mean, pair_scores, paired_comparison
from sim.stats.ratings import bradley_terry, bradley_terry_bootstrap
from sim.stats.sequential import sprt_bounds, sprt_decision, sprt_three_way
from sim.stats.survival import kaplan_meier
from sim.stats.variance import variance_components

__all__ = [
    "adjust_pvalues",
    "bradley_terry",
    "bradley_terry_bootstrap",
    "bradley_terry_cluster_bootstrap",
    "cluster_robust_variance",
    "clustered_rate",
    "incomplete_pair_count",
    "kaplan_meier",
    "mean_t_interval",
    "score_interval",
    "metagame_equilibrium",
    "pair_mean",
    "pair_scores",
    "paired_comparison",
    "sprt_bounds",
    "sprt_decision",
    "sprt_three_way",
    "tost_equivalence",
    "variance_components",
    "wilson_interval",
]
