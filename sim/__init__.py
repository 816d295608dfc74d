"""sim: a balance-simulation batch pipeline for card games."""

import os as _os
from pathlib import Path as _Path

__version__ = "0.1.0"

# The root of numba's compile cache, where worker processes load the kernels instead of compiling
# them again; sim/core/compile_cache.py files each game's kernels in a folder of its own under it.
# An explicit NUMBA_CACHE_DIR (e.g. the benchmark's cold-start measurement) is respected.
_os.environ.setdefault(
    "NUMBA_CACHE_DIR",
    _os.environ.get("SIM_NUMBA_CACHE_ROOT", str(_Path(__file__).resolve().parent.parent / ".numba_cache")),
)
# numba asks sim/core/compile_cache.py first where a kernel is cached (it answers for the package's
# kernels only), then its own locators.
_os.environ.setdefault(
    "NUMBA_CACHE_LOCATOR_CLASSES",
    "sim.core.compile_cache.PackageCacheLocator,"
    "UserProvidedCacheLocator,InTreeCacheLocator,UserWideCacheLocator,IPythonCacheLocator",
)


def __getattr__(name: str):
    # sim.load / sim.run (sim/api.py) import polars and the config stack on first use only: a worker
    # process imports `sim` too and needs neither.
    if name in ("load", "run"):
        from sim import api

        return getattr(api, name)
    raise AttributeError(f"module 'sim' has no attribute {name!r}")
