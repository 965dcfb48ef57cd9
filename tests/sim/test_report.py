"""`squidbox report`: an HTML report with embedded charts and per-piece statistics, from new
games or from a saved records file."""

import base64
import io
import re
from pathlib import Path

import matplotlib.image

from squidbox.sim.records import read_records
from squidbox.sim.report import build_report


def images_of(page: str) -> list[bytes]:
    return [base64.b64decode(data, validate=True)
            for data in re.findall(r'src="data:image/png;base64,([^"]+)"', page)]


def test_the_report_renders_with_charts_that_decode_and_ranked_pieces(squidbox, tmp_path: Path):
    page, records = tmp_path / "report.html", tmp_path / "games.jsonl"
    run = squidbox("report", "squid_circle", "--players", "3", "--bots", "random",
                   "--games", "40", "--workers", "1", "--no-progress", "--html", str(page),
                   "--out", str(records), "--set", "tricks.show_two.vote=3")
    assert run.code == 0, run.err
    text = page.read_text()
    for heading in ("<h2>Win rates</h2>", "<h2>Game length and scores</h2>", "<h2>Pieces</h2>",
                    "<h3>drawn</h3>", "<h3>played</h3>", "<h3>guard action</h3>"):
        assert heading in text
    assert "--set tricks.show_two.vote=3" in text  # the run says which data it played
    assert "<td>seat 2</td><td>40</td>" in text
    assert "Zeige 2" in text and "POW" in text
    images = images_of(text)
    assert len(images) == 5  # seat rates, length, one per piece category (no scores here)
    for data in images:
        pixels = matplotlib.image.imread(io.BytesIO(data), format="png")
        assert pixels.shape[0] > 100 and pixels.shape[1] > 100
    saved = read_records(records)
    assert len(saved) == 40 and all(record["pieces"]["drawn"] for record in saved)

    again = tmp_path / "again.html"
    run = squidbox("report", "squid_circle", "--records", str(records), "--html", str(again))
    assert run.code == 0, run.err
    assert f"40 records from {records}" in run.out
    # The same tables from the file as from the games (the charts are the same pictures).
    tables = re.findall(r"<table>.*?</table>", text, re.S)
    assert re.findall(r"<table>.*?</table>", again.read_text(), re.S) == tables


def test_pieces_are_ranked_by_the_lower_end_of_their_interval(squidbox, tmp_path: Path):
    page = tmp_path / "report.html"
    run = squidbox("report", "grid_squid", "--bots", "random", "--games", "30",
                   "--workers", "1", "--no-progress", "--html", str(page))
    assert run.code == 0, run.err
    placed = page.read_text().split("<h3>placed</h3>")[1].split("</table>")[0]
    lows = [float(low) for low in re.findall(r"<td>([0-9.]+) – [0-9.]+</td>", placed)]
    assert len(lows) == 6 and lows == sorted(lows, reverse=True)


def test_report_refuses_bad_input_before_playing(squidbox, tmp_path: Path):
    records = tmp_path / "games.jsonl"
    records.write_text("")
    cases = [
        (["--records", str(records)], "holds no records"),
        (["--records", str(records), "--set", "rounds=1"], "--records reports on a saved file"),
        (["--set", "roundz=1"], "unknown key 'roundz'"),
        (["--records", str(tmp_path / "x.txt")], "must end in .jsonl or .csv"),
    ]
    for args, message in cases:
        run = squidbox("report", "grid_squid", *args, "--html", str(tmp_path / "r.html"))
        assert run.code == 2 and message in run.err, run.err
    assert not (tmp_path / "r.html").exists()


def test_rates_of_zero_and_one_and_shared_pieces_render():
    """A seat that always loses and a piece only winners had (Wilson ends a hair past the
    mean used to crash the error bars); "in game" pieces are shown per game."""
    records = [{"players": 2, "game": "toy", "seats": ["a", "b"], "returns": [1.0, 0.0],
                "scores": None, "length": 10 + i, "first_player": 0, "options": {},
                "pieces": {"played": {"Ace": [1, 0], **({"Two": [0, 2]} if i < 3 else {})},
                           "in game": {"Storm": [1, 1]} if i % 2 else {}}}
               for i in range(4)]  # "Two": 0 wins in 3, where Wilson's low end is 5.6e-17
    page = build_report(records, "toy")
    assert len(images_of(page)) == 3  # seat rates, length, "played"
    # three piece intervals (Ace, Two, Storm) hold together: z = 2.394, not 1.960 (0.342)
    assert "<td>Storm</td><td>2</td><td>12.0</td><td>11.0</td><td>1.000 (0.259 – 1.000)</td>" \
        in page
    assert "<td>1</td><td>Ace</td><td>4</td><td>4 (50%)</td><td>1.00</td><td>1.000</td>" in page
    assert "the 3 piece intervals in this report hold <em>together</em>" in page


def test_a_piece_counts_each_game_once_and_lineups_are_shown_apart():
    """Both seats of a game holding a piece are one observation (the mean of their returns),
    not two; two lineups get a table of their own."""
    def record(seats, returns, holders):
        return {"players": 2, "game": "toy", "seats": seats, "returns": returns,
                "scores": None, "length": 10, "first_player": 0, "options": {},
                "pieces": {"played": {"Ace": holders}}}
    records = [record(["a", "b"], [1.0, 0.0], [1, 1]), record(["b", "a"], [1.0, 0.0], [1, 1]),
               record(["a", "b"], [0.0, 1.0], [0, 1])]
    page = build_report(records, "toy")
    # games: 0.5, 0.5, 1.0 -> mean 0.667 over 3 games (seat-games would say 3 of 5 = 0.600)
    assert "<td>1</td><td>Ace</td><td>3</td><td>5 (83%)</td><td>1.00</td><td>0.667</td>" in page
    assert "the 1 piece intervals in this report" in page
    assert "<td>a, b</td><td>2</td><td>0.500" in page and "<td>b, a</td><td>1</td><td>1.000" in page
    assert "Skill gap: the stronger bot" in page
