"""Kernels index arrays without negative-index wraparound (sim/core/indexing.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest
from numba import njit

from sim.core import rng  # noqa: F401  (applies plain_indexing, as for every kernel module)
from sim.core.indexing import plain_indexing_active
from sim.core.paths import PROJECT_ROOT


@njit(cache=False)
def _read(values, index):
    return values[index]


@njit(cache=False)
def _write(values, index, value):
    values[index] = value


def test_plain_indexing_is_active_once_a_kernel_module_is_imported():
    assert plain_indexing_active()


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint32, np.uint64])
def test_signed_and_unsigned_indices_address_the_same_element(dtype):
    values = np.arange(100, 200, dtype=np.int64)
    for index in (0, 1, 37, 99):
        assert _read(values, dtype(index)) == 100 + index
        _write(values, dtype(index), -index)
        assert values[index] == -index


@pytest.mark.heavy
def test_no_kernel_indexes_from_the_end():
    """The conformance suite (every game, edition, bot; debug mode) compiled with NUMBA_BOUNDSCHECK=1:
    without wraparound, a negative index is out of bounds, and bounds checking raises IndexError."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=cache)
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "tests/test_conformance.py"],
            cwd=PROJECT_ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
