"""Report charts: pure functions, data in, one PNG file out.

Every chart uses the Agg backend, a fixed size per data shape, a fixed DPI and no metadata that
changes between runs (matplotlib's "Software" stamp removed; PNG has no date unless asked), so
the same data always renders to the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402

DPI = 100
WIDTH = 8.0
STYLE = {
    "font.size": 9,
    "axes.titlesize": 10,
    "font.family": "DejaVu Sans",
    "svg.hashsalt": "sim",
    "path.simplify": True,
}


# Axes read in the reports' units (issue 44: "rates in %, differences in pts"): a rate or share of [0, 1] is
# labelled in percent, a difference of two rates in percentage points.
PERCENT = FuncFormatter(lambda value, _: f"{100 * value:.4g}%")
POINTS = FuncFormatter(lambda value, _: f"{100 * value:+.4g} pts" if round(100 * value, 6) else "0")
UNITS = {"rate": PERCENT, "points": POINTS}


def _unit_text(value: float, unit: str | None) -> str:
    return UNITS[unit](value, None) if unit else f"{value:.3f}"


def _figure(width: float, height: float) -> Figure:
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(width, height), dpi=DPI)
        FigureCanvasAgg(figure)
    return figure


def _save(figure: Figure, path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with matplotlib.rc_context(STYLE):
        figure.savefig(path, format="png", dpi=DPI, metadata={"Software": None})
    return path


def _error_bars(error: np.ndarray) -> np.ndarray:
    # An interval with no width can come out a rounding error below zero; matplotlib refuses that.
    return np.clip(np.nan_to_num(error), 0.0, None)


def _rows_height(count: int, per_row: float = 0.35, base: float = 1.6) -> float:
    return min(base + per_row * max(count, 1), 40.0)


def matchup_heatmap(
    row_labels: Sequence[str],
    column_labels: Sequence[str],
    rates: np.ndarray,
    counts: np.ndarray,
    lows: np.ndarray,
    highs: np.ndarray,
    path: Path,
    title: str = "Side A win rate",
    row_axis: str = "side A",
    column_axis: str = "side B",
    colour_label: str = "side A win rate",
    difference: bool = False,
) -> Path:
    """Heatmap of win rates centred at 50% (diverging colours), each cell annotated with the
    rate, its confidence interval and the number of matches. NaN cells (not played) stay blank.
    `difference`: the cells are differences of rates (centred at 0, shown in points), e.g. an
    edition's change per matchup."""
    rates = np.asarray(rates, dtype=float)
    if difference:
        span = float(np.nanmax(np.abs(np.concatenate([np.ravel(lows), np.ravel(highs)])), initial=0.0)) or 0.1
        norm, centre = TwoSlopeNorm(vmin=-span, vcenter=0.0, vmax=span), 0.0
    else:
        norm, centre, span = TwoSlopeNorm(vmin=0.0, vcenter=0.5, vmax=1.0), 0.5, 0.5
    with matplotlib.rc_context(STYLE):
        figure = _figure(max(4.0, 1.3 * len(column_labels) + 2.5), max(3.0, 0.8 * len(row_labels) + 1.8))
        axes = figure.add_subplot()
        image = axes.imshow(
            np.ma.masked_invalid(rates),
            cmap="RdBu",
            norm=norm,
            aspect="auto",
        )
        for row in range(rates.shape[0]):
            for column in range(rates.shape[1]):
                if np.isnan(rates[row, column]):
                    continue
                unit, sign = (" pts", "+") if difference else ("%", "")
                axes.text(
                    column,
                    row,
                    f"{100 * rates[row, column]:{sign}.1f}{unit}\n[{100 * lows[row, column]:{sign}.1f}, "
                    f"{100 * highs[row, column]:{sign}.1f}]\nn={int(counts[row, column])}",
                    ha="center",
                    va="center",
                    fontsize=7,
                    # Dark cells at either end of the diverging scale need light text to stay legible.
                    color="white" if abs(rates[row, column] - centre) > 0.6 * span else "black",
                )
        axes.set_xticks(range(len(column_labels)), labels=list(column_labels), rotation=30, ha="right")
        axes.set_yticks(range(len(row_labels)), labels=list(row_labels))
        axes.set_xlabel(column_axis)
        axes.set_ylabel(row_axis)
        axes.set_title(title)
        figure.colorbar(image, ax=axes, label=colour_label, format=POINTS if difference else PERCENT)
        figure.tight_layout()
    return _save(figure, path)


def forest_plot(
    labels: Sequence[str],
    estimates: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    path: Path,
    title: str,
    reference: float = 0.0,
    band: tuple[float, float] | None = None,
    xlabel: str = "",
    secondary: tuple[Sequence[float], Sequence[float], Sequence[float], str] | None = None,
    primary_label: str = "",
    unit: str | None = None,
) -> Path:
    """Estimates with intervals, one row per label, a reference line and an optional shaded band
    (e.g. the equivalence band 0.5 ± margin). ``secondary`` adds a second, offset interval per
    row: (estimates, lows, highs, legend label). ``unit``: "rate" (values of [0, 1] shown in %),
    "points" (differences of rates, in percentage points) or None (plain numbers)."""
    if unit is not None and unit not in UNITS:
        raise ValueError(f"unit must be one of {sorted(UNITS)} or None, got {unit!r}")
    count = len(labels)
    positions = np.arange(count)[::-1].astype(float)
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, _rows_height(count, base=2.4))  # room for the title and the axis label
        axes = figure.add_subplot()
        if band is not None:
            axes.axvspan(band[0], band[1], color="#cfe8cf",
                         label=f"band {_unit_text(band[0], unit)} to {_unit_text(band[1], unit)}")
        axes.axvline(reference, color="grey", linewidth=1)
        estimates = np.asarray(estimates, dtype=float)
        error = np.vstack([estimates - np.asarray(lows, float), np.asarray(highs, float) - estimates])
        axes.errorbar(
            estimates,
            positions,
            xerr=_error_bars(error),
            fmt="o",
            color="#1f4e79",
            capsize=3,
            label=primary_label or None,
        )
        if secondary is not None:
            second, second_low, second_high, second_label = secondary
            second = np.asarray(second, dtype=float)
            second_error = np.vstack(
                [second - np.asarray(second_low, float), np.asarray(second_high, float) - second]
            )
            axes.errorbar(
                second,
                positions - 0.25,
                xerr=_error_bars(second_error),
                fmt="s",
                color="#c55a11",
                capsize=3,
                markersize=4,
                label=second_label,
            )
        axes.set_yticks(positions, labels=list(labels))
        axes.set_ylim(-0.8, count - 0.2)
        if unit:
            axes.xaxis.set_major_formatter(UNITS[unit])
        axes.set_xlabel(xlabel)
        axes.set_title(title)
        if band is not None or secondary is not None or primary_label:
            axes.legend(loc="best", fontsize=7)
        figure.tight_layout()
    return _save(figure, path)


def length_distribution(
    series: dict[str, tuple[Sequence[float], Sequence[float]]],
    path: Path,
    title: str = "Game length",
    xlabel: str = "turns",
) -> Path:
    """Share of matches per length value, one step line per arm: {arm: (lengths, counts)}."""
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, 4.0)
        axes = figure.add_subplot()
        for arm in sorted(series):
            lengths, counts = series[arm]
            counts = np.asarray(counts, dtype=float)
            axes.step(np.asarray(lengths, dtype=float), counts / counts.sum(), where="mid", label=arm)
        axes.yaxis.set_major_formatter(PERCENT)
        axes.set_xlabel(xlabel)
        axes.set_ylabel("share of matches")
        axes.set_title(title)
        axes.legend(loc="best", fontsize=7)
        figure.tight_layout()
    return _save(figure, path)


def share_bars(
    arms: Sequence[str], categories: Sequence[str], shares: np.ndarray, path: Path, title: str = "End reasons"
) -> Path:
    """Stacked horizontal bars: ``shares[arm, category]`` (rows sum to 1)."""
    shares = np.asarray(shares, dtype=float)
    positions = np.arange(len(arms))[::-1].astype(float)
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, _rows_height(len(arms), 0.5, 2.2))
        axes = figure.add_subplot()
        left = np.zeros(len(arms))
        colours = matplotlib.colormaps["tab20"]
        for index, category in enumerate(categories):
            axes.barh(positions, shares[:, index], left=left, color=colours(index % 20), label=category)
            left += shares[:, index]
        axes.set_yticks(positions, labels=list(arms))
        axes.set_xlim(0, 1)
        axes.xaxis.set_major_formatter(PERCENT)
        axes.set_xlabel("share of matches")
        axes.set_title(title)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.25), ncol=min(len(categories), 4), fontsize=7)
        figure.tight_layout()
    return _save(figure, path)


def step_curves(
    curves: dict[str, tuple[Sequence[float], Sequence[float]]],
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
) -> Path:
    """Step curves per arm, e.g. Kaplan–Meier survival: {arm: (x, y)}, y on [0, 1]."""
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, 4.0)
        axes = figure.add_subplot()
        for arm in sorted(curves):
            x_values, y_values = curves[arm]
            axes.step(np.asarray(x_values, float), np.asarray(y_values, float), where="post", label=arm)
        axes.set_ylim(0, 1.02)
        axes.yaxis.set_major_formatter(PERCENT)
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
        axes.set_title(title)
        axes.legend(loc="best", fontsize=7)
        figure.tight_layout()
    return _save(figure, path)


def rate_bars(labels: Sequence[str], rates: Sequence[float], path: Path, title: str, xlabel: str = "matches per second") -> Path:
    """Horizontal bars on a log scale, one per label, each with its value written beside it."""
    rates = np.asarray(rates, dtype=float)
    positions = np.arange(len(labels))[::-1].astype(float)
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, _rows_height(len(labels), 0.4, 1.8))
        axes = figure.add_subplot()
        shown = np.where(np.isfinite(rates) & (rates > 0), rates, np.nan)
        axes.barh(positions, np.nan_to_num(shown), color="#1f4e79")
        for position, rate in zip(positions, shown, strict=True):
            if np.isfinite(rate):
                axes.text(rate, position, f" {rate:,.0f}" if rate >= 10 else f" {rate:.1f}", va="center", fontsize=7)
        axes.set_xscale("log")
        axes.set_yticks(positions, labels=list(labels))
        axes.set_xlabel(xlabel)
        axes.set_title(title)
        finite = shown[np.isfinite(shown)]
        if finite.size:
            axes.set_xlim(finite.min() / 2, finite.max() * 4)
        figure.tight_layout()
    return _save(figure, path)


def effect_lines(
    values: Sequence[object],
    series: dict[str, tuple[Sequence[float], Sequence[float], Sequence[float]]],
    path: Path,
    title: str,
    xlabel: str,
    ylabel: str,
    reference: float | None = None,
) -> Path:
    """A parameter sweep's effect: one line per series over the swept values, each point with its
    interval ({name: (rates, lows, highs)}). Numeric values are placed by value, others evenly."""
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
    x = np.asarray(values, float) if numeric else np.arange(len(values), dtype=float)
    with matplotlib.rc_context(STYLE):
        figure = _figure(WIDTH, 4.0)
        axes = figure.add_subplot()
        if reference is not None:
            axes.axhline(reference, color="grey", linewidth=1)
        for name in series:
            rates, lows, highs = (np.asarray(v, float) for v in series[name])
            error = _error_bars(np.vstack([rates - lows, highs - rates]))
            axes.errorbar(x, rates, yerr=error, fmt="o-", capsize=3, markersize=4, label=name)
        axes.set_xticks(x, labels=[str(v) for v in values])
        axes.set_ylim(0, 1)
        axes.yaxis.set_major_formatter(PERCENT)
        axes.set_xlabel(xlabel)
        axes.set_ylabel(ylabel)
        axes.set_title(title)
        if len(series) > 1:
            axes.legend(loc="best", fontsize=7)
        figure.tight_layout()
    return _save(figure, path)
