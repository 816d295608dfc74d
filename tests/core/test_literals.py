"""Kernel-to-kernel calls compile one copy of the callee per argument kind (sim/core/literals.py)."""

from __future__ import annotations

import numpy as np
from numba import njit, types

from sim.core import rng  # noqa: F401  (applies one_copy_per_type, as for every kernel module)
from sim.core.literals import one_copy_per_type_active, widened


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
def _first(pair):
    return pair[0]


@njit(cache=False)
def _caller(values, small, out):
    # constants, an int32 read from an array and an int64 index: one copy of _scaled; None and an array:
    # two copies of _fill; a tuple of an int32 and an int64, and one of two int64: one copy of _first
    total = _scaled(values, 2) + _scaled(values, -1) + _scaled(values, small[0]) + _scaled(values, values.shape[0])
    total += _first((small[0], values.shape[0])) + _first((3, 4))
    return total + _fill(values, None) + _fill(values, out)


def test_one_copy_per_type_is_active_once_a_kernel_module_is_imported():
    assert one_copy_per_type_active()


def test_constants_and_narrow_integers_share_one_copy_and_none_keeps_its_own():
    values = np.array([5], dtype=np.int64)
    small = np.array([7], dtype=np.int32)
    out = np.zeros(1, dtype=np.int64)
    assert _caller(values, small, out) == 5 * 2 - 5 + 5 * 7 + 5 * 1 + 7 + 3 + 0 + 1
    assert out[0] == 5
    assert [str(s.args[1]) for s in _scaled.nopython_signatures] == ["int64"]
    assert [s.args[0] for s in _first.nopython_signatures] == [types.UniTuple(types.int64, 2)]
    assert len(_fill.nopython_signatures) == 2  # `out is None` is still resolved when the copy compiles


def test_what_is_widened():
    assert widened(types.literal(-1)) == types.int64
    assert widened(types.int32) == widened(types.int8) == types.int64
    assert widened(types.uint32) == types.uint32  # unsigned values keep their width (hashes, stream keys)
    assert widened(types.float32) == types.float32
    assert widened(types.Tuple((types.int32, types.float64))) == types.Tuple((types.int64, types.float64))
    assert widened(types.none) == types.none
