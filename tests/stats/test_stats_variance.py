"""Variance components (one-way random-effects ANOVA), checked against hand-computed values."""

import numpy as np
import pytest

from sim.stats import variance_components


def test_hand_computed_balanced_groups():
    # Groups of four: [1,1,0,0] [1,1,1,1] [0,0,0,0]. MSW = 1/9, MSB = 1, n0 = 4,
    # sigma_b^2 = (1 - 1/9) / 4 = 2/9, within share = (1/9) / (1/9 + 2/9) = 1/3.
    values = [1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0]
    groups = [7, 7, 7, 7, 3, 3, 3, 3, 9, 9, 9, 9]
    parts = variance_components(values, groups, n_boot=200, seed=1)
    assert parts["within"] == pytest.approx(1 / 9)
    assert parts["between"] == pytest.approx(2 / 9)
    assert parts["within_share"] == pytest.approx(1 / 3)
    assert parts["mixed_groups"] == pytest.approx(1 / 3)
    assert (parts["groups"], parts["values"]) == (3, 12)
    assert parts["within_low"] <= parts["within_high"]


def test_groups_that_decide_everything_have_no_within_variance():
    values = np.repeat([0.0, 1.0, 0.0, 1.0], 5)
    parts = variance_components(values, np.repeat(np.arange(4), 5), n_boot=50)
    assert parts["within"] == 0.0 and parts["within_share"] == 0.0 and parts["mixed_groups"] == 0.0


def test_independent_noise_is_all_within():
    generator = np.random.default_rng(5)
    values = generator.integers(0, 2, 4000).astype(float)
    parts = variance_components(values, np.arange(4000) // 4, n_boot=100, seed=2)
    assert parts["within_share"] > 0.9
    assert parts["within_low"] <= 1.0 <= parts["within_high"] + 0.1


def test_between_is_floored_at_zero():
    # Group means equal and spread inside the groups: MSB < MSW, so sigma_b^2 = 0 and all is within.
    parts = variance_components([0, 1, 0, 1], [0, 0, 1, 1], n_boot=0)
    assert parts["between"] == 0.0 and parts["within_share"] == 1.0
