"""Charts are pure functions: the same data renders to the same bytes, with no timestamp."""

from __future__ import annotations

import numpy as np
import pytest

from sim.report import charts

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _render_all(folder):
    rates = np.array([[0.5, 0.7], [0.3, np.nan]])
    return [
        charts.matchup_heatmap(
            ["a", "b"],
            ["a", "b"],
            rates,
            np.full((2, 2), 40),
            rates - 0.1,
            rates + 0.1,
            folder / "heatmap.png",
        ),
        charts.forest_plot(
            ["r1", "r2"],
            [0.55, 0.51],
            [0.5, 0.49],
            [0.6, 0.53],
            folder / "forest.png",
            "first player",
            reference=0.5,
            band=(0.48, 0.52),
            secondary=([0.56, 0.5], [0.5, 0.45], [0.6, 0.55], "Wilson"),
        ),
        charts.length_distribution(
            {"r1": ([10, 12, 14], [3, 5, 2]), "r2": ([10, 12], [1, 1])}, folder / "lengths.png"
        ),
        charts.share_bars(
            ["r1", "r2"], ["renown", "draw"], np.array([[0.9, 0.1], [0.7, 0.3]]), folder / "ends.png"
        ),
        charts.step_curves(
            {"c1": ([0, 2, 3], [1.0, 0.8, 0.6])}, folder / "survival.png", "survival", "round", "share"
        ),
    ]


def _text_chunks(data: bytes) -> list[bytes]:
    """Keywords of the PNG's tEXt/iTXt/zTXt/tIME chunks."""
    found, position = [], len(PNG_SIGNATURE)
    while position < len(data):
        length = int.from_bytes(data[position : position + 4], "big")
        kind = data[position + 4 : position + 8]
        if kind in (b"tEXt", b"iTXt", b"zTXt", b"tIME"):
            found.append(kind + b":" + data[position + 8 : position + 8 + length].split(b"\x00")[0])
        position += 12 + length
    return found


@pytest.fixture(scope="module")
def two_renders(tmp_path_factory):
    folder = tmp_path_factory.mktemp("charts")
    return _render_all(folder / "first"), _render_all(folder / "second")


def test_two_renders_are_byte_identical(two_renders):
    first, second = two_renders
    for one, other in zip(first, second, strict=True):
        assert one.read_bytes().startswith(PNG_SIGNATURE)
        assert one.read_bytes() == other.read_bytes(), one.name


def test_no_software_stamp_or_time(two_renders):
    for path in two_renders[0]:
        chunks = _text_chunks(path.read_bytes())
        assert not any(chunk.startswith((b"tIME", b"tEXt:Software", b"tEXt:Creation")) for chunk in chunks), (
            chunks
        )


def test_different_data_gives_a_different_image(tmp_path):
    one = charts.forest_plot(["a"], [0.5], [0.4], [0.6], tmp_path / "one.png", "t")
    other = charts.forest_plot(["a"], [0.55], [0.4], [0.6], tmp_path / "other.png", "t")
    assert one.read_bytes() != other.read_bytes()


def test_a_one_row_forest_keeps_room_for_its_title_and_axis_label(tmp_path):
    """Issue 20 item 6: variance_within_share.png had its title and axis label cut off at one row."""
    from PIL import Image

    path = charts.forest_plot(["c1: solo"], [0.8], [0.0], [1.0], tmp_path / "one.png", title="t", xlabel="x")
    assert Image.open(path).size[1] >= 2.4 * charts.DPI


def test_the_effect_lines_place_numeric_values_by_value_and_others_evenly(tmp_path):
    for values in ([1, 2, 4], ["low", "mid", "high"]):
        path = charts.effect_lines(values, {"first player": ([0.5, 0.52, 0.55], [0.45, 0.5, 0.5], [0.55, 0.56, 0.6])},
                                   tmp_path / f"{values[0]}.png", "t", "x", "rate", reference=0.5)
        assert path.read_bytes().startswith(PNG_SIGNATURE)


def test_chart_axes_read_in_percent_and_points_as_the_text_does(tmp_path):
    """Issue 44 item 8 ("charts use fractions (0.450) where the text uses %"): a rate axis is labelled in %,
    a difference of rates in pts; the unit changes the picture, and an unknown unit is refused."""
    assert charts.PERCENT(0.45, None) == "45%" and charts.PERCENT(0.07, None) == "7%"
    assert charts.POINTS(0.025, None) == "+2.5 pts" and charts.POINTS(-0.01, None) == "-1 pts"
    assert charts.POINTS(0.0, None) == "0"
    args = (["a", "b"], [0.4, 0.55], [0.35, 0.5], [0.45, 0.6])
    plain = charts.forest_plot(*args, tmp_path / "plain.png", title="t", reference=0.5)
    rate = charts.forest_plot(*args, tmp_path / "rate.png", title="t", reference=0.5, unit="rate")
    assert plain.read_bytes() != rate.read_bytes()
    with pytest.raises(ValueError, match="unit must be one of"):
        charts.forest_plot(*args, tmp_path / "bad.png", title="t", unit="fraction")
