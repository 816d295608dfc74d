"""Kernel-to-kernel calls compile one copy of the callee per argument type (sim/core/literals.py)."""

from __future__ import annotations

import numpy as np
from numba import njit

from sim.core import rng  # noqa: F401  (applies one_copy_per_type, as for every kernel module)
from sim.core.literals import one_copy_per_type_active


@njit(cache=False)
def _scaled(values, factor):
    return values[0] * factor


@njit(cache=False)
def _fill(values, out):
    if out is None:
        return 0
    out[0] = values[0]
    return 1


@njit(cache=False)
def _caller(values, out):
    # three constants and a variable of one type: one copy of _scaled; None and an array: two of _fill
    total = _scaled(values, 2) + _scaled(values, 3) + _scaled(values, -1) + _scaled(values, values.shape[0])
    return total + _fill(values, None) + _fill(values, out)


def test_one_copy_per_type_is_active_once_a_kernel_module_is_imported():
    assert one_copy_per_type_active()


def test_constants_share_the_copy_of_their_type_and_none_keeps_its_own():
    values = np.array([5], dtype=np.int64)
    out = np.zeros(1, dtype=np.int64)
    assert _caller(values, out) == 5 * 2 + 5 * 3 - 5 + 5 * 1 + 0 + 1
    assert out[0] == 5
    assert [str(s.args) for s in _scaled.nopython_signatures] == ["(Array(int64, 1, 'C', False, aligned=True), int64)"]
    assert len(_fill.nopython_signatures) == 2  # `out is None` is still resolved when the copy compiles
