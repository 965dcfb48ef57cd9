"""--plot DIR writes the PNG charts."""

import sys

import pytest

from squidbox.sim import BackendUnavailable
from squidbox.sim.plot import import_pyplot

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_plot_writes_non_empty_pngs_into_a_new_directory(squidbox, tmp_path):
    charts = tmp_path / "charts" / "run1"
    run = squidbox("simulate", "grid_squid", "--bots", "heuristic,random", "--games", "8",
                   "--workers", "1", "--no-progress", "--plot", str(charts))
    assert run.code == 0, run.err
    names = {"win_rate_by_bot.png", "win_rate_by_seat.png", "game_length.png",
             "scores_by_seat.png"}
    assert {path.name for path in charts.iterdir()} == names
    for name in names:
        data = (charts / name).read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 5_000
    assert "Charts: " in run.out and "win_rate_by_bot.png" in run.out


def test_without_matplotlib_plot_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(BackendUnavailable, match=r"pip install squidbox\[sim\]"):
        import_pyplot()
