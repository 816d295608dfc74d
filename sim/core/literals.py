"""Calls between kernels compiled once per argument type, not once per constant value.

When a kernel calls another @njit function with a constant (`draw_cards(s, p, 1, ...)`,
`generate_actions(..., -1)`), numba types that argument as the literal value (`Literal[int](1)`) and
compiles a copy of the callee for it: one copy per value, each linked into, and optimized again in,
every caller's library. Waybound compiled 33 copies of `log_event` and 4 of `generate_actions` that
way; the copies were 30 s of its 110 s cold compile. The machine code of a copy gains nothing an
inlined (forceinline) callee would not get from LLVM's own constant propagation, and the kernel was
no faster with them (A/B in waybound/PERF.md).

`one_copy_per_type()` makes numba type a call's arguments by their types (`int64`) when it chooses
or compiles the callee's version, as it does for a call from Python. `None` arguments keep their own
type, so `if values is None` is still resolved at compile time. It is process-wide, called by
sim.core.rng, which every kernel module imports before any kernel compiles. It changes which copies
are compiled, not what they compute: a kernel gives the same results either way.
"""

from __future__ import annotations

import inspect
import warnings

from numba.core import dispatcher, types

_numba_get_call_template = dispatcher.Dispatcher.get_call_template
_EXPECTED_PARAMETERS = ["self", "args", "kws"]


def _get_call_template(self, args, kws):
    """numba's Dispatcher.get_call_template with the literal argument types widened to their types."""
    args = tuple(types.unliteral(a) for a in args)
    kws = {name: types.unliteral(a) for name, a in kws.items()}
    return _numba_get_call_template(self, args, kws)


def one_copy_per_type() -> bool:
    """Compile kernel-to-kernel calls per argument type from now on; False if this numba's dispatcher
    is not the one this module knows (then numba keeps a copy per constant: slower to compile, same
    results)."""
    if one_copy_per_type_active():
        return True
    if list(inspect.signature(_numba_get_call_template).parameters) != _EXPECTED_PARAMETERS:
        warnings.warn("numba's Dispatcher.get_call_template changed: kernels compile a copy per constant", stacklevel=2)
        return False
    dispatcher.Dispatcher.get_call_template = _get_call_template
    return True


def one_copy_per_type_active() -> bool:
    return dispatcher.Dispatcher.get_call_template is _get_call_template
