"""Calls between kernels compiled once per argument kind, not once per constant value or integer width.

When a kernel calls another @njit function with a constant (`draw_cards(s, p, 1, ...)`,
`generate_actions(..., -1)`), numba types that argument as the literal value (`Literal[int](1)`) and
compiles a copy of the callee for it; a value read from an int32 state array and a loop index (int64)
give two more. One copy per combination, each linked into, and optimized again in, every caller's
library: Waybound compiled 33 copies of `log_event`, 4 of `generate_actions`, 6 of `tactic_value`,
and its cold compile was 154 s CPU, 57 s without the copies (waybound/PERF.md). A copy's machine code
gains nothing that a forceinline callee would not get from LLVM's own constant propagation, and the
kernels were no slower without them (A/B in PERF.md).

`one_copy_per_type()` makes numba type a call's arguments the way it types a call from Python when it
chooses or compiles the callee's version: a constant by its type, a signed integer narrower than 64
bits as int64 (numba computes integer arithmetic at 64 bits either way, so no result changes), and
the same inside tuples. `None` arguments keep their own type, so `if values is None` is still resolved
at compile time. It is process-wide, called by sim.core.rng, which every kernel module imports before
any kernel compiles. It changes which copies are compiled, not what they compute: a kernel gives the
same results either way (the golden digests of every game are unchanged by it).
"""

from __future__ import annotations

import inspect
import warnings

from numba.core import dispatcher, types

_numba_get_call_template = dispatcher.Dispatcher.get_call_template
_EXPECTED_PARAMETERS = ["self", "args", "kws"]


def widened(argument: types.Type) -> types.Type:
    """The type a call's argument is compiled for: its type without the literal value, int64 for a
    narrower signed integer, and so element by element in a tuple."""
    argument = types.unliteral(argument)
    if isinstance(argument, types.Integer) and argument.signed and argument.bitwidth < 64:
        return types.int64
    if isinstance(argument, types.BaseTuple) and not isinstance(argument, types.BaseNamedTuple):
        return types.BaseTuple.from_types([widened(element) for element in argument.types])
    return argument


def _get_call_template(self, args, kws):
    """numba's Dispatcher.get_call_template with the arguments' types widened (see widened)."""
    return _numba_get_call_template(self, tuple(widened(a) for a in args), {k: widened(a) for k, a in kws.items()})


def one_copy_per_type() -> bool:
    """Compile kernel-to-kernel calls per widened argument type from now on; False if this numba's
    dispatcher is not the one this module knows (then numba keeps its copies: slower to compile, same
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
