"""`make compile-profile` (sim/commands/compile_profile.py): each function's compile time less the compiles nested in
it. The compile itself is not run here (a measurement); numba's events are stood in for."""

from types import SimpleNamespace

from numba.core import event

from sim.commands import compile_profile


def _compile_event(function, start: bool):
    dispatcher = SimpleNamespace(py_func=function)
    return event.Event("numba:compile", event.EventStatus.START if start else event.EventStatus.END,
                       data={"dispatcher": dispatcher})


def kernel():
    pass


def helper():
    pass


def test_self_time_subtracts_the_nested_compiles_and_counts_each_compile():
    ticks = iter([0.0, 1.0, 4.0, 10.0, 20.0, 22.0])
    times = compile_profile.SelfTimes(clock=lambda: next(ticks))
    for function, start in ((kernel, True), (helper, True), (helper, False), (kernel, False),
                            (helper, True), (helper, False)):
        times.notify(_compile_event(function, start))
    name = f"{__name__}.{{}}"
    assert times.self_seconds[name.format("kernel")] == 7.0  # 10 s in all, 3 of them the nested helper's
    assert times.self_seconds[name.format("helper")] == 5.0  # 3 s nested, then 2 s on its own
    assert times.count[name.format("helper")] == 2


def test_the_report_ranks_functions_and_sums_the_rest():
    numbers = {"wall": 3.0, "cpu": 3.5, "self": {"a.big": 2.0, "a.small": 0.5, "a.tiny": 0.5},
               "count": {"a.big": 1, "a.small": 2, "a.tiny": 1}}
    text = compile_profile.markdown("coin_race", numbers, top=1)
    assert "3.5 s CPU, 4 compiles of 3 functions" in text
    assert "| a.big | 2.00 | 66.7% | 1 |" in text
    assert "| the other 2 | 1.00 | 33.3% | 3 |" in text
