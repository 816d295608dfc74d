"""sim: a balance-simulation batch pipeline for card games."""

import os as _os
from pathlib import Path as _Path

# numba caches compiled kernels in one project folder (set before numba is imported anywhere),
# so worker processes load them instead of compiling again.
_os.environ.setdefault("NUMBA_CACHE_DIR", str(_Path(__file__).resolve().parents[1] / ".numba_cache"))

__version__ = "0.1.0"
