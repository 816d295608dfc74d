"""`make bench ARGS="--games ..."` replaces the named games' rows and keeps the others' from the last
run, each row dated. The measurements themselves are stood in for (a measurement, not a test)."""

import json
from types import SimpleNamespace

from sim.commands import bench


class _Game:
    engine_version = "9.9.9"

    def warm_up(self):
        pass

    def policy_names(self):
        return ["steady"]


def _stand_in_measurements(monkeypatch):
    game = _Game()
    monkeypatch.setattr(bench, "default_setup", lambda name: (SimpleNamespace(policies=["steady"]), game, None, []))
    monkeypatch.setattr(bench, "kernel_rate", lambda name, policy, seconds: 1000.0)
    monkeypatch.setattr(bench, "end_to_end_rate", lambda name, policy, matches, n_jobs, side_by_side=1: 500.0 * n_jobs)
    monkeypatch.setattr(bench, "start_times", lambda name: {
        "cold_compile_seconds": 1.0, "cold_compile_cpu_seconds": 1.0, "warm_load_seconds": 0.1,
        "warm_load_cpu_seconds": 0.1, "further_kernel_sets_cold_cpu_seconds": {}})
    monkeypatch.setattr(bench, "nojit_rate", lambda name, policy, matches: 10.0)


def test_a_run_of_some_games_keeps_the_other_games_rows(tmp_path, monkeypatch):
    monkeypatch.setenv("SIM_OUTPUT_ROOT", str(tmp_path))
    _stand_in_measurements(monkeypatch)
    bench.run_bench(quick=True, games=["alpha", "beta"])
    bench.run_bench(quick=True, games=["beta"])
    written = json.loads((tmp_path / "reports" / "bench" / "bench.json").read_text())
    assert sorted(written["games"]) == ["alpha", "beta"]
    assert all(entry["measured"].endswith("UTC") for entry in written["games"].values())
    table = (tmp_path / "reports" / "bench" / "bench.md").read_text()
    assert "| alpha | 9.9.9 |" in table and "| beta | 9.9.9 |" in table


def test_a_run_of_every_game_or_of_another_kind_starts_a_new_table(tmp_path, monkeypatch):
    monkeypatch.setenv("SIM_OUTPUT_ROOT", str(tmp_path))
    _stand_in_measurements(monkeypatch)
    bench.run_bench(quick=True, games=["alpha"])
    bench.run_bench(quick=False, games=["beta"])  # a full run does not keep a quick run's rows
    written = json.loads((tmp_path / "reports" / "bench" / "bench.json").read_text())
    assert sorted(written["games"]) == ["beta"]
    assert not list((tmp_path / "reports" / "bench").glob(".*.tmp"))
