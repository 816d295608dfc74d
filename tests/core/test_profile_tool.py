"""`make profile` (sim/commands/profile.py): the pieces that name numba's compiled code for perf. perf itself
is not run here (a measurement, like `make bench`); its samples are stood in for by addresses taken
from the symbol map."""

import os
import shutil
from pathlib import Path

import pytest

from sim.commands import profile
from sim.core.registry import get_game

needs_binutils = pytest.mark.skipif(
    shutil.which("nm") is None or shutil.which("addr2line") is None, reason="needs binutils (nm, addr2line)"
)


def test_function_name_is_the_last_component_of_a_mangled_numba_symbol():
    symbol = "_ZN3sim5games8waybound6engine16generate_actionsB3v12B54c8tJTC_2fWwGaMLSgE5ArrayIiLi1E1C7mutable7alignedE"
    assert profile.function_name(symbol) == "generate_actions"
    assert profile.function_name("cfunc." + symbol) == "generate_actions"
    assert profile.function_name("strcmp") == "strcmp"


def test_elf_objects_finds_each_object_and_where_it_ends():
    def fake_elf(body: bytes) -> bytes:
        header = bytearray(64)
        header[:4] = b"\x7fELF"
        section_table = 64 + len(body)
        header[0x28:0x30] = section_table.to_bytes(8, "little")
        header[0x3A:0x3C] = (64).to_bytes(2, "little")  # section header size
        header[0x3C:0x3E] = (2).to_bytes(2, "little")  # two section headers
        return bytes(header) + body + bytes(128)

    first, second = fake_elf(b"a" * 10), fake_elf(b"b" * 30)
    assert profile.elf_objects(b"pickle header" + first + b"between" + second + b"tail") == [first, second]


@needs_binutils
def test_symbol_map_names_the_loaded_kernel_and_samples_in_it_are_attributed_to_it(tmp_path):
    game = get_game("coin_race")
    game.warm_up()
    objects = tmp_path / "objects"
    objects.mkdir()
    symbol_map = profile.write_symbol_map(Path(os.environ["NUMBA_CACHE_DIR"]), objects)
    try:
        rows = [line.split(" ", 2) for line in symbol_map.read_text().splitlines()]
        kernels = [row for row in rows if profile.function_name(row[2].split("|")[1]) == "play_batch_kernel"]
        assert kernels, "coin_race's batch kernel is not in the map"
        address, size = int(kernels[0][0], 16), int(kernels[0][1], 16)
        assert size > 0 and (objects / kernels[0][2].split("|")[0]).exists()
        # the last sample lies past every mapped function (just past the kernel may be another function)
        beyond = max(int(row[0], 16) + int(row[1], 16) for row in rows)
        samples = [address, address + size // 2, address + size - 1, beyond + 16]
        result = profile.attribute(samples, symbol_map, objects)
        assert result["samples"] == 3
        assert result["inclusive"]["play_batch_kernel"] == 3
    finally:
        symbol_map.unlink(missing_ok=True)


def test_prediction_excess_is_per_match_and_keeps_only_what_distinct_deals_add():
    from collections import Counter

    distinct = {
        "samples": 400,
        "inclusive": Counter(kernel=400, choose=100, step=50),
        "lines": Counter({"e.py:9": 100, "e.py:3": 50}),
    }
    repeated = {
        "samples": 400,
        "inclusive": Counter(kernel=400, choose=20, step=100),
        "lines": Counter({"e.py:9": 20, "e.py:3": 100}),
    }
    # the repeated run played twice as many matches in the same time
    excess = profile.prediction_excess(distinct, 1000, repeated, 2000)
    assert excess["share"] == pytest.approx(0.5)
    assert excess["distinct_per_thousand"] == pytest.approx(400)
    assert excess["inclusive"]["kernel"] == pytest.approx(200)
    assert excess["inclusive"]["choose"] == pytest.approx(90)
    assert "step" not in excess["inclusive"]  # 50 vs 50 per 1,000 matches: nothing extra
    assert excess["lines"] == {"e.py:9": pytest.approx(90)}
