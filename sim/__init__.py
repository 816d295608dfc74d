"""sim: a balance-simulation batch pipeline for card games."""

import hashlib as _hashlib
import os as _os
from pathlib import Path as _Path

__version__ = "0.1.0"


def _numba_cache_dir() -> str:
    """numba caches compiled kernels in one project folder, so worker processes load them instead
    of compiling again. numba checks a cached kernel only against its own source file: a change in
    a module it calls (the RNG, a layout of constants) would load stale machine code. So the
    folder is keyed by the content of every source file of the package; any change compiles anew."""
    package = _Path(__file__).resolve().parent
    digest = _hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(path.read_bytes())
    base = _os.environ.get("SIM_NUMBA_CACHE_ROOT", str(package.parent / ".numba_cache"))
    return str(_Path(base) / digest.hexdigest()[:16])


# An explicit NUMBA_CACHE_DIR (e.g. the benchmark's cold-start measurement) is respected.
_os.environ.setdefault("NUMBA_CACHE_DIR", _numba_cache_dir())
