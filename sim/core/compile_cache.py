"""Where numba caches the package's kernels, and when a cached kernel is still valid (DESIGN.md §9).

numba checks a cached kernel only against the source file that defines it (its content and the
function's bytecode): a change in a module it calls or reads constants from (the RNG, a layout of
constants, another file of the engine) would load stale machine code. And it files its cache under a
hash of the source folder's absolute path, so a fresh clone or a copied checkout compiles anew.

This module gives every kernel file of the package a cache folder of its own *source group*:
  - a game: every file of `sim/games/<game>/`, and every file of the package they import, transitively;
  - `core`: a kernel file outside the games (sim/core/rng.py) and the files it imports, transitively.
The folder is `<cache root>/<group>-<digest>`, the digest covering the content (and the path inside the
package) of each of those files, the files that change numba's code generation process-wide when
imported (ALWAYS), numba's and Python's versions. It is also the source stamp numba checks. So:
  - an edit to sim/report, the CLI or another game leaves a game's kernels valid;
  - an edit to any file they are built from gives a new folder, which starts empty: nothing stale loads;
  - a copy of the checkout at another path (or a fresh clone with the cache copied in) finds the same
    folders, since nothing in them depends on where the checkout is.
Imports are read from the source text.

The cache root is NUMBA_CACHE_DIR (sim/__init__.py sets it to SIM_NUMBA_CACHE_ROOT or
<checkout>/.numba_cache unless it is given). Files outside the package keep numba's own locators.
Old folders are not removed (`make clean` empties the cache): a few megabytes per game and edit.

A cache file that numba cannot read (a truncated or garbled `.nbi` index or `.nbc` entry, e.g. after
a full disk or a killed copy) would fail every load of that kernel: here it is removed, the kernel
compiled anew, and one line on stderr says so.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
import re
import sys
import warnings
from pathlib import Path

import numba
from numba.core import caching

PACKAGE = Path(__file__).resolve().parents[1]
# Bump when the layout of the cache folders or what a digest covers changes.
SCHEME = 1
# Imported by every kernel module, and they change numba itself when imported, so every kernel's code
# depends on them: part of every digest whether or not the group's import closure reaches them.
ALWAYS = ("core/indexing.py", "core/literals.py")
# Imported by every kernel module but no part of what is compiled: where the cache lives and how it
# is repaired. Left out of the digests so that editing it does not recompile every game.
NOT_COMPILED = ("core/compile_cache.py",)


def cache_root() -> Path:
    return Path(os.environ["NUMBA_CACHE_DIR"])


# ---- source groups and their digests ---------------------------------------------------------


@functools.cache
def _module_files() -> dict[str, Path]:
    """Module name (e.g. "sim.core.rng", "sim.core" for its __init__) → file, for the whole package."""
    files = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return files


# Import statements at the start of a line (anywhere in the file, also inside functions: a kernel
# module's imports are what its kernels can call or read). A regular expression rather than `ast`: a
# parse of the engines takes ~0.4 s of every worker's start. Text that only looks like an import (in a
# docstring) can only add a file to a digest, never leave one out.
_FROM_IMPORT = re.compile(r"^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)", re.MULTILINE)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^\n#;]+)", re.MULTILINE)


def _imported_modules(source: str, package_parts: tuple[str, ...]) -> set[str]:
    """Names of the modules an import statement of `source` names; for `from package import x`, also
    package.x (x may be a module)."""
    source = source.replace("\\\n", " ")
    names = set()
    for match in _IMPORT.finditer(source):
        names |= {alias.split()[0] for alias in match.group(1).split(",") if alias.strip()}
    for match in _FROM_IMPORT.finditer(source):
        module = match.group(1)
        level = len(module) - len(module.lstrip("."))
        if level:
            anchor = package_parts[: len(package_parts) - (level - 1)]
            module = ".".join([*anchor, module[level:]] if module[level:] else anchor)
        names.add(module)
        if _module_files().get(module, Path()).name == "__init__.py":
            aliases = re.sub(r"#[^\n]*", "", match.group(2)).strip("() \t\n").split(",")
            names |= {f"{module}.{alias.split()[0]}" for alias in aliases if alias.strip()}
    return names


@functools.cache
def _imports(path: Path) -> tuple[Path, ...]:
    """Package files that importing `path` runs directly (importing a.b.c runs a/__init__, a/b/__init__
    and a/b/c)."""
    package_parts = path.relative_to(PACKAGE.parent).parent.parts  # what `from .` means in this file
    files = _module_files()
    found = set()
    for name in _imported_modules(path.read_text(encoding="utf-8"), package_parts):
        parts = name.split(".")
        found |= {files[prefix] for i in range(len(parts)) if (prefix := ".".join(parts[: i + 1])) in files}
    found.discard(path)
    return tuple(sorted(found))


def import_closure(roots: tuple[Path, ...]) -> tuple[Path, ...]:
    """`roots` and every package file they import, transitively."""
    seen: set[Path] = set()
    todo = list(roots)
    while todo:
        path = todo.pop()
        if path not in seen:
            seen.add(path)
            todo += _imports(path)
    return tuple(sorted(seen))


@functools.cache
def source_group(path: Path) -> tuple[str, Path, tuple[Path, ...]]:
    """(group name, the folder the group's files are filed relative to, the group's own files) of a
    package source file."""
    relative = path.relative_to(PACKAGE)
    if relative.parts[0] == "games" and len(relative.parts) > 2:
        game_folder = PACKAGE / "games" / relative.parts[1]
        return relative.parts[1], game_folder, tuple(sorted(game_folder.rglob("*.py")))
    return "core", PACKAGE, (path,)


@functools.cache
def _group_digest(files: tuple[Path, ...]) -> str:
    digest = hashlib.sha256(f"scheme {SCHEME} numba {numba.__version__} {sys.implementation.cache_tag}".encode())
    built_from = set(import_closure(files)) | {PACKAGE / name for name in ALWAYS}
    built_from -= {PACKAGE / name for name in NOT_COMPILED}
    for path in sorted(built_from):
        content = path.read_bytes()
        digest.update(f"{path.relative_to(PACKAGE).as_posix()} {len(content)}\n".encode())
        digest.update(content)
    return digest.hexdigest()[:16]


@functools.cache
def group_folder_name(path: Path) -> str:
    """`<group>-<digest>`: the cache folder (under the root) of the kernels defined in `path`."""
    group, _, files = source_group(path)
    return f"{group}-{_group_digest(files)}"


def game_folder(game) -> Path | None:
    """The cache folder of a game's kernels, if its package is inside sim/games (else None)."""
    module = sys.modules.get(type(game).__module__)
    source = getattr(module, "__file__", None)
    if source is None:
        return None
    path = Path(source).resolve()
    if not path.is_relative_to(PACKAGE / "games"):
        return None
    return cache_root() / group_folder_name(path)


def machine_key() -> str:
    """What numba's index keys a cached kernel by besides its source: the target (CPU name and
    features). A warm-up marker names it, so a cache copied to another kind of machine is not taken
    as warm there."""
    from numba.core.registry import cpu_target

    return hashlib.sha256(repr(cpu_target.target_context.codegen().magic_tuple()).encode()).hexdigest()[:8]


class PackageCacheLocator(caching._CacheLocator):
    """numba's cache locator for the package's kernels: the group folder, stamped with its digest."""

    def __init__(self, py_func, py_file: Path):
        self._py_file = str(py_file)
        self._lineno = py_func.__code__.co_firstlineno
        _, base, _ = source_group(py_file)
        self._folder_name = group_folder_name(py_file)
        # Files of a group in different sub-folders may share a module name: a sub-folder each.
        self._cache_path = str(cache_root() / self._folder_name / py_file.parent.relative_to(base))

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        return self._folder_name

    def get_disambiguator(self):
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        if not _installed:
            return None
        path = Path(py_file).resolve()
        if not path.is_file() or not path.is_relative_to(PACKAGE) or not os.environ.get("NUMBA_CACHE_DIR"):
            return None
        locator = cls(py_func, path)
        try:
            locator.ensure_cache_path()
        except OSError:  # a read-only or full disk: numba's next locator (or no cache) then
            return None
        return locator


# ---- repairing an unreadable entry ------------------------------------------------------------

_numba_load_overload = caching.Cache._load_overload


def _load_overload_or_repair(self, sig, target_context):
    """numba's load of a cached kernel; if a cache file of the package's kernels cannot be read, that
    file is removed and None returned (numba then compiles and saves the kernel anew)."""
    if not isinstance(self._impl.locator, PackageCacheLocator):
        return _numba_load_overload(self, sig, target_context)
    try:
        return _numba_load_overload(self, sig, target_context)
    except Exception as error:  # noqa: BLE001 - whatever an unreadable file raises (pickle, EOF, payload)
        bad = _unreadable_file(self, sig, target_context)
        reason = " ".join(f"{type(error).__name__}: {error}".split())
        try:
            bad.unlink(missing_ok=True)
            done = "removed, compiling anew"
        except OSError as cannot:  # numba's save replaces it anyway if it can write there
            done = f"could not remove it ({cannot.strerror}), compiling anew"
        print(f"repaired: {bad}: unreadable compile cache file ({reason}); {done}", file=sys.stderr)
        return None


def _unreadable_file(cache, sig, target_context) -> Path:
    """The index if it does not read, else the data file it names for this signature."""
    cache_file = cache._cache_file
    try:
        overloads = cache_file._load_index()
    except Exception:  # noqa: BLE001
        return Path(cache_file._index_path)
    name = overloads.get(cache._index_key(sig, target_context.codegen()))
    return Path(cache_file._data_path(name)) if name else Path(cache_file._index_path)


# numba's caching classes: CacheImpl since numba 0.61, _CacheImpl before.
_CACHE_IMPL = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
# What this module relies on in numba's caching code (private names, checked before use).
_EXPECTED_METHODS = {
    (caching.Cache, "_load_overload"): ["self", "sig", "target_context"],
    (caching.Cache, "_index_key"): ["self", "sig", "codegen"],
    (caching.IndexDataCacheFile, "_load_index"): ["self"],
    (caching.IndexDataCacheFile, "_data_path"): ["self", "name"],
}


def _numba_is_known() -> bool:
    if _CACHE_IMPL is None or not isinstance(getattr(_CACHE_IMPL, "_locator_classes", None), list):
        return False
    for (owner, name), parameters in _EXPECTED_METHODS.items():
        method = getattr(owner, name, None)
        if method is None or list(inspect.signature(method).parameters) != parameters:
            return False
    return True


_installed: bool | None = None  # None: not yet; True: filed by source group; False: the fallback


def install() -> bool:
    """File the package's kernels by source group and repair unreadable entries from now on (this
    module does it when imported, before the first kernel of the package is decorated). With a numba
    whose caching code this module does not know, fall back to one cache folder per content of the
    whole package (every edit recompiles every game, but nothing stale loads) and return False."""
    global _installed
    if _installed is None:
        _installed = _numba_is_known()
        if _installed:
            _CACHE_IMPL._locator_classes.insert(0, PackageCacheLocator)
            caching.Cache._load_overload = _load_overload_or_repair
        else:
            everything = tuple(sorted(PACKAGE.rglob("*.py")))
            folder = str(cache_root() / f"package-{_group_digest(everything)}")
            os.environ["NUMBA_CACHE_DIR"] = numba.config.CACHE_DIR = folder
            warnings.warn("numba's caching code changed: one compile cache for the whole package", stacklevel=2)
    return _installed


# numba imports this module to find PackageCacheLocator (NUMBA_CACHE_LOCATOR_CLASSES, which
# sim/__init__.py sets) when it creates the first cache, wherever that kernel is; sim.core.rng
# imports it too, in case numba read its configuration before sim set that variable.
install()
