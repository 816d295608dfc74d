"""Array indexing in the kernels without Python's negative-index wraparound.

numba gives `a[i]` Python's meaning: a negative signed `i` counts from the end. So every access with
a signed index it cannot prove non-negative compiles to a sign test, a select and a load of the
array's length (Cython's `wraparound=True`). The kernels never index from the end: every index is
a position in a state or table array, and a negative one would be a bug. On Waybound's batch kernel
the wraparound code took ~16% of the time (A/B, session 7), mostly through the lengths it keeps
in registers and spills to the stack.

`plain_indexing()` makes numba lower a signed integer index as the offset itself, as it already
does for unsigned ones (numba/np/arrayobj.py: `fix_integer_index`). It is process-wide, called by
sim.core.rng, which every kernel module imports before any kernel compiles. A negative index then
reads outside the array, like any out-of-bounds index in numba: the heavy test
tests/core/test_indexing.py plays every game with NUMBA_BOUNDSCHECK=1, which reports one as an
IndexError. Whether or not a process applied it, a kernel computes the same results, so cached
kernels from either kind of process can be mixed.
"""

from __future__ import annotations

import inspect
import warnings

from numba import types
from numba.np import arrayobj

_EXPECTED_PARAMETERS = ["context", "builder", "idxty", "idx", "size"]
_numba_fix_integer_index = arrayobj.fix_integer_index


def _fix_integer_index(context, builder, idxty, idx, size):
    """numba's fix_integer_index without the wraparound of negative signed indices."""
    if idxty.signed:
        return context.cast(builder, idx, idxty, types.intp)
    return _numba_fix_integer_index(context, builder, idxty, idx, size)


def plain_indexing() -> bool:
    """Lower signed integer indices without wraparound from now on; False if this numba's indexing
    code is not the one this module knows (then indexing keeps numba's default: slower, same results)."""
    if plain_indexing_active():
        return True
    if list(inspect.signature(arrayobj.fix_integer_index).parameters) != _EXPECTED_PARAMETERS:
        warnings.warn("numba's fix_integer_index changed: kernels keep negative-index wraparound", stacklevel=2)
        return False
    arrayobj.fix_integer_index = _fix_integer_index
    return True


def plain_indexing_active() -> bool:
    return arrayobj.fix_integer_index is _fix_integer_index
