"""A compile cache per game (issue 17 item 2, issue 19 item 3; sim/core/compile_cache.py): a game's
kernels recompile only when a file they are built from changes, wherever the checkout is; workers
starting together compile once; an unreadable cache file is repaired, not fatal.

The compiling tests run coin_race (the smallest engine) in copies of the package under tmp, each with
its cache in the copy's own `.numba_cache` (the default root), and read numba's own count of cache
hits and misses (compiles) from each process."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sim.core import compile_cache

ROOT = Path(__file__).resolve().parents[2]

# A worker's start: get coin_race's kernels ready, then report numba's cache hits and misses over
# every kernel of the package, and where this process's package and cache are.
WARM_UP = textwrap.dedent(
    """
    import json, sys
    from numba.core.dispatcher import Dispatcher
    import sim
    from sim.core import compile_cache, worker
    from sim.core.registry import get_game
    worker.ensure_kernels(get_game("coin_race"))
    kernels = {(value.py_func.__module__, value.py_func.__name__): value
               for name, module in list(sys.modules.items()) if name.startswith("sim.")
               for value in vars(module).values() if isinstance(value, Dispatcher)}
    print(json.dumps({
        "package": sim.__file__,
        "folder": str(compile_cache.game_folder(get_game("coin_race"))),
        "hits": sum(sum(k.stats.cache_hits.values()) for k in kernels.values()),
        "misses": sum(sum(k.stats.cache_misses.values()) for k in kernels.values()),
        "game_misses": sum(sum(k.stats.cache_misses.values()) for (module, _), k in kernels.items()
                           if module.startswith("sim.games.coin_race")),
    }))
    """
)


def copy_checkout(source: Path, target: Path, with_cache: bool = True) -> Path:
    target.mkdir(parents=True)
    for name in ("sim", "conf", "decks", *([".numba_cache"] if with_cache else [])):
        if (source / name).exists():
            shutil.copytree(source / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def checkout_env(checkout: Path) -> dict:
    """The environment of a process of that checkout, with the default cache root (its .numba_cache)."""
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "SIM_NUMBA_CACHE_ROOT")}
    return dict(env, PYTHONPATH=str(checkout))


def start_worker(checkout: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", WARM_UP], cwd=checkout, env=checkout_env(checkout),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def finish(worker: subprocess.Popen) -> dict:
    out, err = worker.communicate(timeout=600)
    assert worker.returncode == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    result["stderr"] = err
    return result


def warm_up(checkout: Path) -> dict:
    result = finish(start_worker(checkout))
    assert Path(result["package"]).is_relative_to(checkout)  # this copy's code, not the worktree's
    return result


def append_comment(path: Path) -> None:
    path.write_text(path.read_text() + "\n# an edit\n")


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """A copy of the checkout whose cache two workers, started together on an empty cache, filled."""
    checkout = copy_checkout(ROOT, tmp_path_factory.mktemp("compiled") / "checkout", with_cache=False)
    workers = [start_worker(checkout) for _ in range(2)]
    return checkout, [finish(w) for w in workers]


def test_two_workers_starting_on_an_empty_cache_compile_once(compiled):
    _, results = compiled
    assert sorted(r["misses"] > 0 for r in results) == [False, True]
    loader = next(r for r in results if r["misses"] == 0)
    assert loader["hits"] > 0


def test_a_copy_at_another_path_loads_the_copied_cache_in_two_workers_without_compiling(compiled, tmp_path):
    checkout = copy_checkout(compiled[0], tmp_path / "elsewhere" / "checkout")
    workers = [start_worker(checkout) for _ in range(2)]
    for result in map(finish, workers):
        assert result["misses"] == 0 and result["hits"] > 0
        assert Path(result["folder"]).is_relative_to(checkout / ".numba_cache")


def test_editing_the_report_or_another_game_leaves_the_cache_valid(compiled, tmp_path):
    checkout = copy_checkout(compiled[0], tmp_path / "checkout")
    before = warm_up(checkout)["folder"]
    append_comment(checkout / "sim/report/__init__.py")
    append_comment(checkout / "sim/games/waybound/engine.py")
    append_comment(checkout / "sim/core/runner.py")
    result = warm_up(checkout)
    assert result["misses"] == 0 and result["hits"] > 0
    assert result["folder"] == before


def test_editing_a_file_the_kernels_import_compiles_them_anew(compiled, tmp_path):
    """coin_race's kernels call sim/core/rng.py's, which numba links into coin_race's cached code
    without checking rng.py: the edit must still reach them."""
    checkout = copy_checkout(compiled[0], tmp_path / "checkout")
    before = warm_up(checkout)["folder"]
    append_comment(checkout / "sim/core/rng.py")
    result = warm_up(checkout)
    assert result["game_misses"] > 0  # coin_race's own kernels, not only rng.py's
    assert result["folder"] != before
    assert warm_up(checkout)["misses"] == 0  # and the new kernels are cached


def test_an_unreadable_cache_file_is_removed_and_compiled_anew_with_one_line_saying_so(compiled, tmp_path):
    checkout = copy_checkout(compiled[0], tmp_path / "checkout")
    folder = Path(warm_up(checkout)["folder"])
    index = next(folder.glob("batch.play_batch_kernel-*.nbi"))
    data = next(folder.glob("batch.play_match-*.nbc"))
    index.write_bytes(index.read_bytes()[:20])  # a truncated index
    data.write_bytes(b"")  # an empty entry
    result = warm_up(checkout)
    repairs = result["stderr"].strip().splitlines()
    assert len(repairs) == 2, result["stderr"]
    assert {line.split(": ")[1] for line in repairs} == {str(index), str(data)}
    assert all(line.startswith("repaired: ") and "compiling anew" in line for line in repairs)
    assert result["misses"] > 0
    again = warm_up(checkout)
    assert again["misses"] == 0 and again["stderr"] == ""


# ---- what a digest covers (no compiling) --------------------------------------------------------

FOLDERS = textwrap.dedent(
    """
    import json
    from sim.core import compile_cache as C
    files = ["games/coin_race/batch.py", "games/waybound/engine.py", "core/rng.py"]
    print(json.dumps({f: C.group_folder_name(C.PACKAGE / f) for f in files}))
    """
)


def folder_names(checkout: Path) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", FOLDERS], cwd=checkout, env=checkout_env(checkout),
        check=True, capture_output=True, text=True,
    )
    return json.loads(out.stdout)


@pytest.mark.parametrize(
    ("edited", "changed"),
    [
        ("sim/report/__init__.py", set()),
        ("sim/cli.py", set()),
        ("sim/core/compile_cache.py", set()),  # where kernels are cached, not what they are
        ("sim/games/waybound/data.py", {"games/waybound/engine.py"}),  # its package, kernel file or not
        ("sim/games/coin_race/engine.py", {"games/coin_race/batch.py"}),
        ("sim/core/rng.py", {"games/coin_race/batch.py", "games/waybound/engine.py", "core/rng.py"}),
        # imported by rng.py; also part of every digest on its own (it changes numba's code generation)
        ("sim/core/indexing.py", {"games/coin_race/batch.py", "games/waybound/engine.py", "core/rng.py"}),
        ("sim/core/literals.py", {"games/coin_race/batch.py", "games/waybound/engine.py", "core/rng.py"}),
    ],
)
def test_a_cache_folder_changes_exactly_when_a_file_its_kernels_are_built_from_changes(tmp_path, edited, changed):
    checkout = copy_checkout(ROOT, tmp_path / "checkout", with_cache=False)
    before = folder_names(checkout)
    append_comment(checkout / edited)
    after = folder_names(checkout)
    assert {f for f in before if before[f] != after[f]} == changed


def test_the_folder_names_do_not_depend_on_where_the_checkout_is(tmp_path):
    here = folder_names(copy_checkout(ROOT, tmp_path / "a", with_cache=False))
    assert folder_names(copy_checkout(ROOT, tmp_path / "b" / "c", with_cache=False)) == here


def _imports_python_sees(path: Path) -> set[Path]:
    files = compile_cache._module_files()
    package = path.relative_to(compile_cache.PACKAGE.parent).parent.parts
    names = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([node.module] if node.module else [])])
            names += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    found = {files[".".join(n.split(".")[: i + 1])] for n in names for i in range(n.count(".") + 1)
             if ".".join(n.split(".")[: i + 1]) in files}
    return found - {path}


def test_the_reading_of_imports_finds_every_import_python_parses():
    for path in sorted(compile_cache.PACKAGE.rglob("*.py")):
        assert _imports_python_sees(path) <= set(compile_cache._imports(path)), path


def test_every_cached_kernel_of_the_package_is_filed_by_source_group():
    """Whichever module of the package is imported first (sim.core.game's seating kernels come before
    sim.core.rng), in a process as the CLI and the workers start it."""
    code = textwrap.dedent(
        """
        import sys
        import sim.core.game
        from numba.core.dispatcher import Dispatcher
        from sim.core import compile_cache
        from sim.core.registry import game_names, get_game
        for name in game_names():
            get_game(name)
        kernels = {value for name, module in list(sys.modules.items()) if name.startswith("sim.")
                   for value in vars(module).values() if isinstance(value, Dispatcher)}
        assert len(kernels) > 10
        for kernel in kernels:
            assert isinstance(kernel._cache._impl.locator, compile_cache.PackageCacheLocator), kernel
        """
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=300)


def test_with_a_numba_whose_caching_code_is_unknown_the_cache_falls_back_to_one_folder_per_package(tmp_path):
    code = textwrap.dedent(
        """
        import json, os, warnings
        from numba.core import caching
        caching.Cache._index_key = lambda self, key: key  # not the signature this module knows
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            from sim.core import compile_cache  # installs on import
        installed = compile_cache.install()
        print(json.dumps([installed, os.environ["NUMBA_CACHE_DIR"], [str(w.message) for w in caught]]))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path)),
        check=True, capture_output=True, text=True,
    )
    installed, folder, warned = json.loads(out.stdout)
    assert not installed
    assert Path(folder).parent == tmp_path and Path(folder).name.startswith("package-")
    assert warned == ["numba's caching code changed: one compile cache for the whole package"]
