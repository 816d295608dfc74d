import numpy as np
import pytest
from statsmodels.stats.weightstats import ttost_paired

from sim.stats import adjust_pvalues, sprt_bounds, sprt_decision, tost_equivalence


@pytest.mark.parametrize("shift", [0.0, 0.01, 0.03])
def test_tost_matches_statsmodels(shift):
    """Schuirmann (1987) two one-sided tests, against statsmodels ttost_paired."""
    rng = np.random.default_rng(7)
    values = np.clip(
        rng.choice([0.0, 0.25, 0.5, 0.75, 1.0], size=400, p=[0.1, 0.2, 0.4, 0.2, 0.1]) + shift, 0, 1
    )
    result = tost_equivalence(values, target=0.5, margin=0.05, alpha=0.05)
    expected_p, lower, upper = ttost_paired(values, np.full(values.size, 0.5), -0.05, 0.05)
    assert result["p_value"] == pytest.approx(expected_p, rel=1e-9)
    assert result["p_lower"] == pytest.approx(lower[1], rel=1e-9)
    assert result["p_upper"] == pytest.approx(upper[1], rel=1e-9)
    # The test at level alpha is the (1 - 2 alpha) interval lying inside the band.
    inside = result["band_low"] < result["low"] and result["high"] < result["band_high"]
    assert (result["verdict"] == "equivalent") == inside


def test_tost_verdicts():
    balanced = np.tile([0.0, 0.5, 1.0, 0.5], 500)
    assert tost_equivalence(balanced, margin=0.05)["verdict"] == "equivalent"
    assert tost_equivalence(balanced[:8], margin=0.05)["verdict"] == "not shown"
    assert tost_equivalence(balanced + 0.2, margin=0.05)["verdict"] == "not shown"


def test_sprt_bounds_by_hand():
    """Wald (1945): stop for H1 at log((1 - beta)/alpha), for H0 at log(beta/(1 - alpha))."""
    lower, upper = sprt_bounds(0.05, 0.1)
    assert lower == pytest.approx(np.log(0.1 / 0.95))
    assert upper == pytest.approx(np.log(0.9 / 0.05))


def test_sprt_llr_by_hand_bernoulli_and_pair_scores():
    result = sprt_decision([1, 1, 0], p0=0.5, p1=0.6)
    assert result["decision"] == "continue"
    assert result["llr"] == pytest.approx(2 * np.log(1.2) + np.log(0.8))
    # A pair score s counts as s of a win: 0.75 -> 0.75 log(1.2) + 0.25 log(0.8).
    result = sprt_decision([0.75, 0.25], p0=0.5, p1=0.6)
    expected = 0.75 * np.log(1.2) + 0.25 * np.log(0.8) + 0.25 * np.log(1.2) + 0.75 * np.log(0.8)
    assert result["llr"] == pytest.approx(expected)


def test_sprt_stops_at_first_crossing():
    # Each win adds log(1.2) = 0.1823; upper bound log(19) = 2.944 -> crossed at the 17th win.
    result = sprt_decision(np.ones(40), p0=0.5, p1=0.6, alpha=0.05, beta=0.05)
    assert result["decision"] == "accept_h1"
    assert result["n_used"] == int(np.ceil(np.log(19) / np.log(1.2)))
    # Each loss adds log(0.8) = -0.2231; lower bound -2.944 -> 14th loss.
    result = sprt_decision(np.zeros(40), p0=0.5, p1=0.6, alpha=0.05, beta=0.05)
    assert result["decision"] == "accept_h0"
    assert result["n_used"] == int(np.ceil(np.log(19) / -np.log(0.8)))


@pytest.mark.heavy
def test_sprt_error_rates_on_pair_scores():
    """Under H0 with correlated pairs, the false acceptance of H1 stays below alpha."""
    rng = np.random.default_rng(11)
    false_h1 = 0
    runs = 400
    for _ in range(runs):
        first = rng.random(3000) < 0.5
        second = np.where(rng.random(3000) < 0.5, first, rng.random(3000) < 0.5)
        scores = (first.astype(float) + second) / 2
        if sprt_decision(scores, 0.5, 0.55, 0.05, 0.05)["decision"] == "accept_h1":
            false_h1 += 1
    assert false_h1 / runs <= 0.05


def test_holm_and_bh_by_hand():
    """Holm (1979) step-down and Benjamini–Hochberg (1995) step-up, adjusted by hand."""
    p_values = [0.01, 0.04, 0.03, 0.005]
    reject, adjusted = adjust_pvalues(p_values, "holm", 0.05)
    np.testing.assert_allclose(adjusted, [0.03, 0.06, 0.06, 0.02])
    assert reject.tolist() == [True, False, False, True]
    reject, adjusted = adjust_pvalues(p_values, "bh", 0.05)
    np.testing.assert_allclose(adjusted, [0.02, 0.04, 0.04, 0.02])
    assert reject.tolist() == [True, True, True, True]


def test_adjust_skips_nan():
    reject, adjusted = adjust_pvalues([0.01, np.nan, 0.02], "holm")
    np.testing.assert_allclose(adjusted[[0, 2]], [0.02, 0.02])
    assert np.isnan(adjusted[1]) and not reject[1]
