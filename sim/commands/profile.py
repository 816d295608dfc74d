"""`make profile GAME=<game>`: where a game's kernel spends its time, by function and source line.

Linux `perf` samples the CPU clock while the game's headline bot plays its default matchups. numba's
compiled code has no symbols perf can see, and nearly all of it is inlined into one batch kernel, so:
  1. the kernels are compiled with line tables (NUMBA_DEBUGINFO=1) into their own cache folder
     (.numba_cache_profile: the first run compiles, ~1.5x a normal cold start);
  2. the profiled process writes /tmp/perf-<pid>.map from the object code in that cache (each
     symbol's address in this process, its size, and where its object file starts);
  3. each sample's address is looked up in its object file with `addr2line -i`, which names every
     function inlined at that point: "self" is the innermost function, "inclusive" counts each
     function on the inline chain once.
Branch prediction: the same play is sampled a second time with one deal replayed over and over,
which lets the CPU learn every branch of the match. Per match, the samples distinct deals take beyond
that are time lost to branches the CPU cannot predict; the report lists where they fall.
Writes reports/profile/<game>.md (a measurement, like `make bench`; never a test).
"""

from __future__ import annotations

import bisect
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

from sim.core.errors import UserError
from sim.core.paths import PROJECT_ROOT, ensure_writable, output_root

PROFILE_CACHE = PROJECT_ROOT / ".numba_cache_profile"
SAMPLE_HZ = 4000


def elf_objects(blob: bytes) -> list[bytes]:
    """The ELF object files inside a numba cache entry (.nbc), in order."""
    found = []
    start = blob.find(b"\x7fELF")
    while start >= 0:
        section_table, = struct.unpack_from("<Q", blob, start + 0x28)
        entry_size, entries = struct.unpack_from("<HH", blob, start + 0x3A)
        end = start + section_table + entry_size * entries
        found.append(blob[start:end])
        start = blob.find(b"\x7fELF", end)
    return found


def defined_functions(obj: Path) -> list[tuple[int, int, str]]:
    """(offset in .text, size, symbol) of the functions an object file defines."""
    listing = subprocess.run(["nm", "-S", "--defined-only", str(obj)], capture_output=True, text=True, check=True)
    functions = []
    for line in listing.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tT":
            functions.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    return functions


def write_symbol_map(cache: Path, objects: Path) -> Path:
    """Extract the cached object files into `objects` and write this process's perf map for them:
    `address size object|symbol|object base` per function loaded in this process."""
    from numba.core.registry import cpu_target

    engine = cpu_target.target_context.codegen()._engine._ee
    lines, mapped = [], set()
    # newest first: the folder also keeps entries compiled from earlier versions of a source file,
    # whose symbols can carry the same names as this process's; the newest entry is the one loaded
    for entry in sorted(cache.rglob("*.nbc"), key=lambda path: path.stat().st_mtime, reverse=True):
        for index, blob in enumerate(elf_objects(entry.read_bytes())):
            obj = objects / f"{entry.parent.name}.{entry.stem}.{index}.o"
            obj.write_bytes(blob)
            for offset, size, name in defined_functions(obj):
                address = engine.get_function_address(name)
                if address and name not in mapped:
                    mapped.add(name)
                    lines.append(f"{address:x} {size:x} {obj.name}|{name}|{address - offset:x}")
    path = Path(f"/tmp/perf-{os.getpid()}.map")
    path.write_text("\n".join(sorted(lines)) + "\n")
    return path


def function_name(symbol: str) -> str:
    """The plain name of a numba function from its mangled symbol (last component of the path)."""
    symbol = symbol.removeprefix("cfunc.")  # the C-callable wrapper numba adds for each entry point
    if not symbol.startswith("_ZN"):
        return symbol
    names, at = [], 3
    while at < len(symbol) and symbol[at].isdigit():
        digits = re.match(r"\d+", symbol[at:]).group()
        at += len(digits)
        names.append(symbol[at : at + int(digits)])
        at += int(digits)
    return names[-1] if names else symbol


def attribute(samples: list[int], symbol_map: Path, objects: Path) -> dict:
    """Sample addresses -> counts by innermost function, by inline chain and by source line."""
    table = []
    for line in symbol_map.read_text().splitlines():
        address, size, rest = line.split(" ", 2)
        obj, _, base = rest.split("|")
        table.append((int(address, 16), int(size, 16), obj, int(base, 16)))
    table.sort()
    starts = [row[0] for row in table]
    offsets: dict[str, Counter] = defaultdict(Counter)
    for address in samples:
        k = bisect.bisect_right(starts, address) - 1
        if k >= 0 and address < table[k][0] + table[k][1]:
            offsets[table[k][2]][address - table[k][3]] += 1
    own, inclusive, lines = Counter(), Counter(), Counter()
    for obj, counts in offsets.items():
        query = "\n".join(f"{offset:x}" for offset in counts)
        out = subprocess.run(
            ["addr2line", "-e", str(objects / obj), "-i", "-f", "-a"], input=query, capture_output=True, text=True
        ).stdout.splitlines()
        frames: dict[int, list[tuple[str, str]]] = {}
        current = None
        for row in out:
            if row.startswith("0x"):
                current = int(row, 16)
                frames[current] = []
            elif current is not None:
                frames[current].append(row)
        for offset, n in counts.items():
            rows = frames.get(offset, [])
            chain = [(function_name(rows[i]), rows[i + 1].split(" ")[0]) for i in range(0, len(rows) - 1, 2)]
            if not chain:
                own["?"] += n
                continue
            own[chain[0][0]] += n
            lines[chain[0][1]] += n
            for name in {name for name, _ in chain}:
                inclusive[name] += n
    return {"samples": sum(own.values()), "self": own, "inclusive": inclusive, "lines": lines}


def prediction_excess(distinct: dict, distinct_matches: int, repeated: dict, repeated_matches: int) -> dict:
    """Samples per 1,000 matches that distinct deals take beyond one deal replayed, by inline chain
    ("inclusive") and by source line; the total share of distinct deals' samples they make up."""
    out: dict = {}
    for key in ("inclusive", "lines"):
        excess = Counter()
        for name in set(distinct[key]) | set(repeated[key]):
            more = distinct[key][name] / distinct_matches - repeated[key][name] / repeated_matches
            if more > 0:
                excess[name] = 1000 * more
        out[key] = excess
    per_distinct = distinct["samples"] / distinct_matches
    out["share"] = max(0.0, 1 - (repeated["samples"] / repeated_matches) / per_distinct) if per_distinct else 0.0
    out["distinct_per_thousand"] = 1000 * per_distinct
    return out


def _source_line(location: str) -> str:
    path, _, number = location.rpartition(":")
    try:
        return Path(path).read_text().splitlines()[int(number) - 1].strip()
    except (OSError, ValueError, IndexError):
        return ""


def _line_rows(counts: Counter, top: int, figure) -> list[str]:
    """Markdown rows `| file:line | figure(count) | code |` of the `top` most frequent source lines."""
    rows = []
    for location, n in counts.most_common(top):
        if location.endswith(":?") or location.endswith(":0"):
            code = "(no line: code the compiler generated)"
        else:
            code = "`" + _source_line(location).replace("|", "\\|") + "`"
        rows.append(f"| {Path(location).name} | {figure(n)} | {code} |")
    return rows


def _markdown(game: str, policy: str, seconds: float, result: dict, excess: dict) -> str:
    total = max(result["samples"], 1)

    def share(n: int) -> str:
        return f"{100 * n / total:.1f}%"

    out = [
        f"# Kernel profile: {game}, {policy}, default matchups",
        "",
        f"{result['samples']:,} samples of the compiled code at {SAMPLE_HZ} Hz over {seconds:.0f} s of play "
        f"(`make profile GAME={game}`, {time.strftime('%Y-%m-%d')}).",
        "",
        "| function | self | inclusive |",
        "|---|---:|---:|",
    ]
    for name, n in result["inclusive"].most_common(30):
        out.append(f"| {name} | {share(result['self'][name])} | {share(n)} |")
    out += ["", "| source line (innermost) | self | code |", "|---|---:|---|"]
    out += _line_rows(result["lines"], 40, share)
    lost = max(sum(excess["lines"].values()), 1e-9)
    out += [
        "",
        "## Branch prediction",
        "",
        f"Distinct deals take {excess['distinct_per_thousand']:,.0f} samples per 1,000 matches; the same play with one deal "
        f"replayed (every branch learnt by the CPU) takes {100 * excess['share']:.0f}% fewer. That share of the "
        "kernel's time goes to branches the CPU cannot predict. Where the extra samples fall:",
        "",
        "| function | extra samples per 1,000 matches (inclusive) |",
        "|---|---:|",
    ]
    for name, n in excess["inclusive"].most_common(15):
        out.append(f"| {name} | {n:.1f} |")
    out += ["", "| source line (innermost) | share of the extra samples | code |", "|---|---:|---|"]
    out += _line_rows(excess["lines"], 30, lambda n: f"{100 * n / lost:.1f}%")
    return "\n".join(out) + "\n"


def _child(game_name: str, policy: str, seconds: float, objects: str, deals: str) -> None:
    """Runs under perf: compile or load, write the symbol map, then play until `seconds` pass;
    `deals` "repeated" replays one deal per matchup instead of new ones."""
    import numpy as np

    from sim.commands.bench import default_setup
    from sim.core import worker
    from sim.core.seating import seats_for

    _, game, ruleset, matchups = default_setup(game_name)
    game.warm_up()
    bot = (game.load_policy(policy),)
    for matchup in matchups:  # every matchup's code path is compiled before the map is written
        game.play_batch(ruleset, matchup, seats_for(bot, matchup), worker.seed_block(1, matchup, 0, 1))
    print(f"MAP {write_symbol_map(Path(os.environ['NUMBA_CACHE_DIR']), Path(objects))}", flush=True)
    started, pair, played = time.perf_counter(), 0, 0
    while time.perf_counter() - started < seconds:
        for matchup in matchups:
            if deals == "repeated":
                one = worker.seed_block(1, matchup, 0, 1)
                seeds = replace(one, pair_index=np.tile(one.pair_index, 200), swap=np.tile(one.swap, 200))
            else:
                seeds = worker.seed_block(1, matchup, pair, pair + 200)
            game.play_batch(ruleset, matchup, seats_for(bot, matchup), seeds)
            played += len(seeds)
        pair += 200
    print(f"MATCHES {played}", flush=True)


def profile(game_name: str, seconds: float = 20.0) -> Path:
    from sim.commands.bench import default_setup

    for tool in ("perf", "nm", "addr2line"):
        if shutil.which(tool) is None:
            raise UserError(f"`make profile` needs the Linux tool '{tool}' (packages linux-tools / binutils)")
    cfg, game, _, _ = default_setup(game_name)
    policy = list(cfg.policies)[0]
    distinct, distinct_matches = _record(game.name, policy, seconds, "distinct")
    repeated, repeated_matches = _record(game.name, policy, seconds, "repeated")
    excess = prediction_excess(distinct, distinct_matches, repeated, repeated_matches)
    report = ensure_writable(output_root() / "reports" / "profile") / f"{game.name}.md"
    report.write_text(_markdown(game.name, policy, seconds, distinct, excess))
    return report


def _record(game_name: str, policy: str, seconds: float, deals: str) -> tuple[dict, int]:
    """perf samples of one child process, attributed; and the matches it played."""
    env = dict(os.environ, NUMBA_DEBUGINFO="1", NUMBA_CACHE_DIR=str(PROFILE_CACHE))
    with tempfile.TemporaryDirectory() as folder:
        data, objects = Path(folder) / "perf.data", Path(folder) / "objects"
        objects.mkdir()
        child = [sys.executable, "-m", "sim.commands.profile", "--child", game_name, policy, str(seconds), str(objects), deals]
        record = ["perf", "record", "-e", "cpu-clock", "-F", str(SAMPLE_HZ), "-o", str(data), "--", *child]
        run = subprocess.run(record, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True)
        if run.returncode != 0 or "MATCHES " not in run.stdout:
            why = (run.stderr.strip().splitlines() or ["no output"])[-1]
            raise UserError(f"perf record failed ({why}); is perf allowed here (kernel.perf_event_paranoid)?")
        symbol_map = Path(re.search(r"^MAP (\S+)$", run.stdout, re.MULTILINE).group(1))
        matches = int(re.search(r"^MATCHES (\d+)$", run.stdout, re.MULTILINE).group(1))
        script = subprocess.run(["perf", "script", "-i", str(data), "-F", "ip"], capture_output=True, text=True, check=True)
        samples = [int(line, 16) for line in script.stdout.split()]
        try:
            return attribute(samples, symbol_map, objects), matches
        finally:
            symbol_map.unlink(missing_ok=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5], sys.argv[6])
