"""The `squidbox` command: play, serve, simulate, fuzz and benchmark squidbox's games.

It lists the games, plays in the terminal, serves the web app, simulates bot games and runs
bot tournaments, fuzzes the rules and benchmarks them.

Errors meant for people (SquidboxError) are printed without a traceback, exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import re
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import bench, i18n
from .bots import BOT_KINDS, make_bot
from .conformance import ConformanceError, check_playout
from .engine import Game, InvalidOptions, SquidboxError
from .registry import get_game, list_games
from .review import DEFAULT_ITERATIONS as DEFAULT_REVIEW_ITERATIONS
from .sim import (
    BACKENDS,
    SimulationPlan,
    TournamentPlan,
    TournamentTable,
    format_summary,
    format_tournament,
    make_backend,
    play_plan,
    simulate,
    split_bot_list,
)
from .sim.compare import ComparePlan, Margins, format_comparison, parse_decide, run_comparison
from .sim.errors import SimulationError
from .sim.ladder import DEFAULT_CONFIGS as DEFAULT_LADDER
from .sim.ladder import Ladder, LadderPlan, format_ladder
from .sim.plot import check_plot_directory, import_pyplot, write_plots
from .sim.progress import Progress
from .sim.records import read_records
from .sim.report import build_report
from .sim.tune import Knob, Target, TunePlan, format_tune, run_tune, tune_chart
from .terminal import play_in_terminal
from .variant import Variant, make_variant, parse_variant_spec, variant_game


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        return int(args.run(args))
    except SystemExit as exit_:  # argparse: --help, or bad arguments (exit code 2)
        return exit_.code if isinstance(exit_.code, int) else 1
    except SquidboxError as e:
        print(f"squidbox: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`squidbox games | head`): stop quietly, as Unix tools do, and
        # keep Python from complaining again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="squidbox", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = commands.add_parser("games", help="list the games, their player counts and options")
    games.add_argument("-v", "--verbose", action="store_true", help="explain each option")
    games.set_defaults(run=run_games)

    play = commands.add_parser("play", help="play in the terminal, against people or bots")
    play.add_argument("game", help="game id (see `squidbox games`)")
    play.add_argument("--players", type=positive_int, help="seats (default: the fewest)")
    play.add_argument("--bots", type=non_negative_int,
                      help="bots, taking the last seats (default: all seats but one)")
    play.add_argument("--bot-kind", default="random", metavar="SPEC",
                      help=f"bot spec: {', '.join(BOT_KINDS)}, with settings e.g. "
                           "ismcts:iterations=300 (default: random)")
    play.add_argument("--seed", type=int, help="default: a random seed, printed at the start")
    play.add_argument("--auto-pass", action="store_true",
                      help="pass automatically for the people when pass is all they can do "
                           "(the key a switches it per seat during the game)")
    add_language_argument(play)
    add_option_argument(play)
    add_variant_arguments(play)
    play.set_defaults(run=run_play)

    fuzz = commands.add_parser("fuzz", help="random games checking every guarantee")
    fuzz.add_argument("game", help="game id")
    fuzz.add_argument("--games", type=positive_int, default=100, help="per player count")
    fuzz.add_argument("--players", type=positive_int, help="default: every player count")
    fuzz.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    fuzz.add_argument("--deep-every", type=positive_int, default=1,
                      help="full checks every K decisions (default 1)")
    add_option_argument(fuzz)
    add_variant_arguments(fuzz)
    fuzz.set_defaults(run=run_fuzz)

    bench_ = commands.add_parser("bench", help="random playouts per second, without checks")
    bench_.add_argument("game", help="game id")
    bench_.add_argument("--players", type=positive_int, help="default: every player count")
    bench_.add_argument("--seconds", type=float, default=3.0, help="per player count (default 3)")
    bench_.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    bench_.add_argument("--vector", action="store_true",
                        help="the game's batched version (squidbox.vector), where it has one")
    bench_.add_argument("--batch", type=positive_int, default=10_000,
                        help="games at once with --vector (default 10000)")
    bench_.add_argument("--backend", choices=("numpy", "numba", "jax"), default="numpy",
                        help="with --vector (default numpy; the others: pip install "
                             "squidbox[numba] or squidbox[jax])")
    add_option_argument(bench_)
    bench_.set_defaults(run=run_bench)

    add_replay_parser(commands)
    add_simulate_parser(commands)
    add_tournament_parser(commands)
    add_designer_parsers(commands)
    add_server_parsers(commands)
    return parser


def add_language_argument(command: Any) -> None:
    command.add_argument("--lang", choices=sorted(i18n.LANGUAGES),
                         help="language of the game's texts: "
                              + ", ".join(f"{code} ({name})"
                                          for code, name in i18n.LANGUAGES.items())
                              + " (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)")


def add_replay_parser(commands: Any) -> None:
    replay = commands.add_parser("replay", help="step through a game record (JSON, as the "
                                                "web's replay page downloads it)")
    replay.add_argument("file", help="the game record (its keys are read from standard input)")
    replay.add_argument("--seat", type=non_negative_int, metavar="N",
                        help="see the game as seat N (from 0) saw it (default: the spectator)")
    add_language_argument(replay)
    replay.set_defaults(run=run_replay)
    review = commands.add_parser("review", help="a seat's decisions in a game record, each "
                                                "marked good to blunder by a search")
    review.add_argument("file", help="the game record (JSON, as for replay)")
    review.add_argument("--seat", type=non_negative_int, metavar="N", required=True,
                        help="the seat to review (from 0)")
    review.add_argument("--iterations", type=positive_int, default=DEFAULT_REVIEW_ITERATIONS,
                        help="search iterations per decision (default "
                             f"{DEFAULT_REVIEW_ITERATIONS})")
    review.add_argument("--seed", type=non_negative_int, default=0,
                        help="the search's seed (default 0)")
    add_language_argument(review)
    review.set_defaults(run=run_review)


def add_simulate_parser(commands: Any) -> None:
    sim = commands.add_parser("simulate", help="many bot games in parallel: records, win rates")
    sim.add_argument("game", help="game id")
    sim.add_argument("--players", type=positive_int, help="seats (default: the fewest)")
    sim.add_argument("--bots", default="random", metavar="SPECS",
                     help="bot specs, one per seat, comma-separated, cycled when fewer than the "
                          "players, e.g. ismcts,heuristic,random or "
                          "ismcts:iterations=50,exploration=0.7,random (default: random)")
    sim.add_argument("--games", type=positive_int, default=100, help="games (default 100)")
    sim.add_argument("--no-rotate", action="store_true",
                     help="keep each bot in its seat (default: each lineup turns through "
                          "every seat, so every bot holds every seat equally often)")
    sim.add_argument("--plot", type=Path, metavar="DIR",
                     help="write PNG charts into DIR (needs matplotlib: pip install "
                          "squidbox[sim])")
    add_run_arguments(sim)
    sim.set_defaults(run=run_simulate)


def add_tournament_parser(commands: Any) -> None:
    tour = commands.add_parser("tournament", help="round robin between bot configurations")
    tour.add_argument("game", help="game id")
    tour.add_argument("--players", type=positive_int, help="seats (default: the fewest)")
    tour.add_argument("--bots", required=True, metavar="SPECS",
                      help="two or more bot configurations, comma-separated, e.g. "
                           "heuristic,random,ismcts:iterations=100")
    tour.add_argument("--games", type=positive_int, default=100,
                      help="games per pair of configurations (default 100)")
    add_run_arguments(tour)
    tour.set_defaults(run=run_tournament)


def add_designer_parsers(commands: Any) -> None:
    compare = commands.add_parser("compare", help="two variants on the same seeds: which "
                                  "differences are real (sequential test)")
    compare.add_argument("game", help="game id")
    for side in ("a", "b"):
        compare.add_argument(side, metavar=side.upper(),
                             help="'shipped', a data file, KEY=VALUE edits joined by ';', or "
                                  "FILE;KEY=VALUE")
    add_match_arguments(compare, bots="heuristic", games=400,
                        games_help="the most paired games (default 400)")
    compare.add_argument("--min-games", type=positive_int, default=30,
                         help="pairs before the run may stop (default 30)")
    compare.add_argument("--decide", default="win-rate", metavar="GROUPS",
                         help="the metrics that must be answered before the run stops: "
                              "win-rate, skill-gap, length, score-spread, comma-separated, or "
                              "all (default win-rate); every metric is reported either way")
    compare.add_argument("--margin", type=float, default=0.05,
                         help="win-rate changes smaller than this do not matter (default 0.05)")
    compare.add_argument("--length-margin", type=float, default=2.0, metavar="DECISIONS",
                         help="game-length changes smaller than this do not matter (default 2)")
    compare.add_argument("--spread-margin", type=float, default=1.0, metavar="POINTS",
                         help="score-spread changes smaller than this do not matter (default 1)")
    compare.set_defaults(run=run_compare)

    report = commands.add_parser("report", help="an HTML report with charts and per-piece "
                                 "statistics, from new games or a records file")
    report.add_argument("game", help="game id")
    report.add_argument("--records", type=Path, metavar="FILE",
                        help="report on this --out file (.jsonl or .csv) instead of playing")
    report.add_argument("--html", type=Path, metavar="FILE",
                        help="where to write the report (default report-<game>.html)")
    add_match_arguments(report, bots="heuristic", games=200, games_help="default 200")
    add_variant_arguments(report)
    report.add_argument("--out", type=Path, metavar="FILE", help="also write the records")
    report.set_defaults(run=run_report)

    add_tune_parser(commands)

    ladder = commands.add_parser("ladder", help="rate bot configurations (openskill)")
    ladder.add_argument("game", help="game id")
    add_match_arguments(ladder, bots=",".join(DEFAULT_LADDER), games=200,
                        games_help="default 200")
    add_variant_arguments(ladder)
    ladder.set_defaults(run=run_ladder)


def add_tune_parser(commands: Any) -> None:
    tune = commands.add_parser("tune", help="search data values for a target, e.g. a fair "
                               "first player or a game length (noisy simulations, optuna)")
    tune.add_argument("game", help="game id")
    tune.add_argument("--vary", action="append", required=True, metavar="KEY=LOW..HIGH",
                      help="a data key and the whole numbers to search, e.g. "
                           "cards.Falconer.cost=2..8. Repeatable.")
    tune.add_argument("--target", required=True, metavar="METRIC=VALUE",
                      help="first-player-win, seat-N-win, skill-gap (the first bot's win "
                           "rate), length or score-spread, e.g. first-player-win=0.5 or "
                           "length=60")
    add_match_arguments(tune, bots="heuristic", games=2000,
                        games_help="the budget: games in all (default 2000)")
    tune.add_argument("--batch", type=positive_int, default=40,
                      help="games per value proposed (default 40)")
    tune.add_argument("--data", type=Path, metavar="FILE",
                      help="vary the values of this edited copy of the game's data.toml")
    tune.add_argument("--plot", type=Path, metavar="FILE.png",
                      help="write a chart of the estimate against the first key's value")
    tune.set_defaults(run=run_tune_command)


def add_match_arguments(parser: argparse.ArgumentParser, bots: str, games: int,
                        games_help: str) -> None:
    parser.add_argument("--players", type=positive_int, help="seats (default: the fewest)")
    parser.add_argument("--bots", default=bots, metavar="SPECS",
                        help=f"bot specs, comma-separated (default {bots})")
    parser.add_argument("--games", type=positive_int, default=games, help=games_help)
    parser.add_argument("--seed", type=int, default=0, help="simulation seed (default 0)")
    parser.add_argument("--workers", type=positive_int,
                        help="local worker processes (default: one per CPU)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_option_argument(parser)


DEFAULT_DATABASE = "sqlite:///squidbox.db"


def add_server_parsers(commands: Any) -> None:
    serve = commands.add_parser("serve", help="online play in the browser (web server)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for everyone)")
    serve.add_argument("--port", type=positive_int, default=8000, help="default 8000")
    serve.add_argument("--database", default=DEFAULT_DATABASE, metavar="URL",
                       help="SQLAlchemy URL: sqlite:///FILE or postgresql://user:pass@host/db "
                            f"(default {DEFAULT_DATABASE})")
    serve.add_argument("--allowed-origin", action="append", metavar="ORIGIN",
                       default=os.environ.get("SQUIDBOX_ALLOWED_ORIGINS", "").split(),
                       help="a browser origin allowed besides the server's own, e.g. "
                            "https://games.example.org behind a proxy: the only host names "
                            "a browser may use besides localhost and the address listened on "
                            "(repeatable; also $SQUIDBOX_ALLOWED_ORIGINS, space-separated)")
    serve.add_argument("--no-rate-limits", action="store_true",
                       help="no per-address rate limits (load tests, trusted networks); the "
                            "caps on tables and connections stay")
    serve.add_argument("--max-tables", type=positive_int, metavar="N",
                       help="tables this process keeps in memory (playing or watched); past "
                            "it a new table is refused with 503 'full' (default 5000)")
    serve.add_argument("--max-connections", type=positive_int, metavar="N",
                       help="WebSockets this process holds; past it a connection is closed "
                            "with code 4503 'full' (default 2000)")
    serve.add_argument("--bus", default=os.environ.get("SQUIDBOX_BUS") or None, metavar="URL",
                       help="Redis for messages between processes, redis://host:port/N "
                            "(default $SQUIDBOX_BUS; without it, PostgreSQL LISTEN/NOTIFY); "
                            "needs a PostgreSQL --database")
    serve.add_argument("--node", type=node_name, metavar="NAME",
                       help="this process's name among the processes sharing the database "
                            "(letters, digits, - and _; default random)")
    serve.set_defaults(run=run_serve)
    db = commands.add_parser("db", help="the server's database: schema migrations")
    db_commands = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    upgrade = db_commands.add_parser("upgrade", help="migrate the schema to the newest version")
    upgrade.add_argument("--database", default=DEFAULT_DATABASE, metavar="URL",
                         help=f"SQLAlchemy URL (default {DEFAULT_DATABASE})")
    upgrade.set_defaults(run=run_db_upgrade)


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments simulate and tournament share: seed, options, backend, output."""
    parser.add_argument("--seed", type=int, default=0,
                        help="simulation seed; every game and bot seed derives from it "
                             "(default 0)")
    parser.add_argument("--workers", type=positive_int,
                        help="local worker processes (default: one per CPU)")
    parser.add_argument("--backend", default="local", metavar="NAME",
                        help=f"{' or '.join(BACKENDS)} (default local; ray needs "
                             "pip install squidbox[ray])")
    parser.add_argument("--address", help="Ray cluster address, e.g. 127.0.0.1:6379 "
                                          "(default: Ray's own choice)")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="write one record per game, FILE.jsonl or FILE.csv")
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress bar on stderr")
    add_option_argument(parser)
    add_variant_arguments(parser)


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, metavar="FILE",
                        help="play on this edited copy of the game's data.toml")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        dest="edits", help="change one value of the data file, by dotted key, "
                        "e.g. cards.Magpie.cost=4 or employees.Lumbergh.clout=2. Repeatable.")


def variant_of(args: argparse.Namespace) -> Variant | None:
    return make_variant(args.game, args.data, args.edits)


def variant_setup(args: argparse.Namespace) -> tuple[Variant | None, Game, int]:
    """The variant of --data/--set (None without), its game, and --players or the fewest."""
    variant = variant_of(args)
    game = variant_game(variant, args.game)
    return variant, game, args.players if args.players is not None else game.min_players


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option; VALUE is read as JSON when it can be "
                             "(true, 3, [\"a\",\"b\"]), else as text. Repeatable.")


def node_name(text: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a node name (1 to 40 letters, digits, "
                                         "- and _)")
    return text


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def parse_options(items: Sequence[str]) -> dict[str, Any]:
    """--option name=value items as a dict; values are JSON when they parse, else text."""
    options: dict[str, Any] = {}
    for item in items:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise InvalidOptions(f"--option wants NAME=VALUE, got {item!r}")
        if name in options:
            raise InvalidOptions(f"option {name!r} is given twice")
        try:
            options[name] = json.loads(text)
        except json.JSONDecodeError:
            options[name] = text
    return options


# ---- the commands ------------------------------------------------------------------------------
def run_games(args: argparse.Namespace) -> int:
    games = [game.describe() for game in list_games()]
    id_width = max(len(info["id"]) for info in games)
    name_width = max(len(info["name"]) for info in games)
    for info in games:
        counts = f"{info['min_players']}-{info['max_players']} players"
        defaults = ", ".join(f"{o['name']}={json.dumps(o['default'])}" for o in info["options"])
        print(f"{info['id']:<{id_width}}  {info['name']:<{name_width}}  {counts}  "
              f"options: {defaults or 'none'}")
        if args.verbose:
            for option in info["options"]:
                choices = option["choices"]
                allowed = f" (one of {', '.join(map(json.dumps, choices))})" if choices else ""
                print(f"{'':<16}{option['name']}: {option['help']}{allowed}")
    return 0


def run_play(args: argparse.Namespace) -> int:
    i18n.set_language(args.lang or i18n.from_environment())
    variant = variant_of(args)
    game = variant_game(variant, args.game)
    if variant is not None:
        print(f"Variant: {variant.label}")
    players = args.players if args.players is not None else game.min_players
    bots = args.bots if args.bots is not None else players - 1
    if bots > players:
        raise InvalidOptions(f"--bots {bots} is more than --players {players}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    seats = range(players - bots, players)
    table = {seat: make_bot(args.bot_kind, seed * 1000 + seat, game) for seat in seats}
    clear = clear_screen if sys.stdout.isatty() else None
    auto_pass = range(players) if args.auto_pass else ()
    return play_in_terminal(game, players, table, seed, parse_options(args.option), clear=clear,
                            auto_pass=auto_pass)


def run_replay(args: argparse.Namespace) -> int:
    from .record import load_record, replay_record
    from .replay_terminal import replay_in_terminal

    text = read_record(args.file)
    i18n.set_language(args.lang or i18n.from_environment())
    replay = replay_record(load_record(text))
    return replay_in_terminal(replay, args.seat)


def run_review(args: argparse.Namespace) -> int:
    from .record import load_record, replay_record
    from .review import review_record
    from .review.terminal import print_review

    replay = replay_record(load_record(read_record(args.file)))
    i18n.set_language(args.lang or i18n.from_environment())
    if args.seat >= replay.record.players:
        raise InvalidOptions(f"--seat must be 0 to {replay.record.players - 1} for this "
                             f"{replay.record.players}-player game, not {args.seat}")
    if not replay.state_at(replay.steps).is_terminal():
        raise InvalidOptions("this record's game is not over: only a finished game is reviewed")
    try:
        review = review_record(replay.game, replay.record, args.seat, args.iterations, args.seed)
    except ValueError as e:
        raise InvalidOptions(str(e)) from None
    print_review(replay, review)
    return 0


def read_record(path: str) -> str:
    try:
        return Path(path).read_text("utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidOptions(f"cannot read the game record {path}: {e}") from None


def clear_screen() -> None:
    """Clear the screen and its scrollback (hot-seat: hide the previous player's hand)."""
    print("\033[2J\033[3J\033[H", end="", flush=True)


def player_counts(game: Game, players: int | None) -> list[int]:
    if players is None:
        return list(game.player_counts)
    if players not in game.player_counts:
        raise InvalidOptions(
            f"{game.name} takes {game.min_players} to {game.max_players} players, not {players}")
    return [players]


def run_fuzz(args: argparse.Namespace) -> int:
    """Without --option: the default options, then each of the game's option presets."""
    variant = variant_of(args)
    game = variant_game(variant, args.game)
    given = parse_options(args.option)
    option_sets = [given] if given else [{}, *getattr(game, "option_presets", ())]
    games = decisions = deep = 0
    start = time.perf_counter()
    for options in option_sets:
        for n in player_counts(game, args.players):
            began = time.perf_counter()
            for seed in range(args.seed, args.seed + args.games):
                try:
                    report = check_playout(game, n, seed, options or None, args.deep_every)
                except ConformanceError as e:
                    print(f"squidbox fuzz: FAILED: {e}", file=sys.stderr)
                    print("Reproduce: " + _fuzz_command(game, n, seed, args.deep_every, options,
                                                        variant), file=sys.stderr)
                    return 1
                games += 1
                decisions += report.decisions
                deep += report.deep_checks
            rate = args.games / max(time.perf_counter() - began, 1e-9)
            shown = f", options {json.dumps(options)}" if options else ""
            print(f"{game.id}, {n} players{shown}: {args.games} games ok, {rate:.1f} games/s",
                  flush=True)
    elapsed = time.perf_counter() - start
    print(f"All {games} games passed: {decisions} decisions, {deep} deep checks, "
          f"{elapsed:.1f} s.")
    return 0


def _fuzz_command(game: Game, n: int, seed: int, deep_every: int, options: dict[str, Any],
                  variant: Variant | None = None) -> str:
    words = [f"squidbox fuzz {game.id} --players {n} --games 1 --seed {seed}",
             f"--deep-every {deep_every}"]
    if variant is not None:
        words += [f"--data {shlex.quote(variant.source)}"] if variant.from_file else []
        words += [f"--set {shlex.quote(edit)}" for edit in variant.edits]
    words += [f"--option '{name}={json.dumps(value)}'" for name, value in options.items()]
    return " ".join(words)


def run_bench(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    if args.seconds < 0:
        raise InvalidOptions(f"--seconds must be 0 or more, not {args.seconds}")
    options = parse_options(args.option) or None
    if args.vector:
        return run_vector_bench(args, game, options)
    print(f"{game.id} random playouts, no checks; {bench.python_description()}")
    for n in player_counts(game, args.players):
        result = bench.random_playouts(game, n, args.seconds, args.seed, options)
        print(f"  {n} players: {result.games_per_second:,.1f} games/s, "
              f"{result.decisions_per_second:,.0f} decisions/s "
              f"({result.games} games, {result.decisions} decisions in {result.seconds:.2f} s)",
              flush=True)
    return 0


def run_vector_bench(args: argparse.Namespace, game: Game, options: dict[str, Any] | None) -> int:
    from .vector import batched

    batched(game.id)  # InvalidOptions, naming the games that have one, before any output
    print(f"{game.id} batched random playouts ({args.backend}, batch {args.batch}), exact "
          f"seeded deals included, no observations; {bench.python_description()}")
    for n in player_counts(game, args.players):
        r = bench.vector_playouts(game.id, n, args.batch, args.seconds, args.backend, args.seed,
                                  options)
        print(f"  {n} players: {r.decisions_per_second:,.0f} decisions/s "
              f"({r.decisions_per_cpu_second:,.0f} per CPU second), "
              f"{r.games_per_second:,.1f} games/s ({r.games} games, {r.decisions} decisions in "
              f"{r.seconds:.2f} s, {r.deal_seconds / r.seconds:.0%} of it dealing; first reset "
              f"{r.reset_seconds:.2f} s; "
              f"{r.bytes_per_game} bytes of state per game)", flush=True)
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    variant, game, players = variant_setup(args)
    plan = SimulationPlan(game.id, players, split_bot_list(args.bots), args.games, args.seed,
                          parse_options(args.option), rotate=not args.no_rotate,
                          variant=variant)
    plan.check()
    backend = make_backend(args.backend, args.workers, args.address)
    if args.plot is not None:
        import_pyplot()
        check_plot_directory(args.plot)
    summary, info = simulate(plan, backend, args.out, progress_bar(args, plan.total))
    seating = "balanced seats" if plan.rotate else "fixed seats"
    print(f"{game.id}, {players} players, bots {', '.join(plan.bots)} ({seating}), "
          f"seed {plan.seed}: {info.describe()}")
    if variant is not None:
        print(f"Variant: {variant.label}")
    if args.out is not None:
        print(f"Records: {args.out}")
    print()
    print(format_summary(summary))
    if args.plot is not None:
        paths = write_plots(summary, args.plot)
        print("\nCharts: " + ", ".join(str(path) for path in paths))
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    variant, game, players = variant_setup(args)
    plan = TournamentPlan(game.id, players, split_bot_list(args.bots), args.games, args.seed,
                          parse_options(args.option), variant=variant)
    plan.check()
    backend = make_backend(args.backend, args.workers, args.address)
    table = TournamentTable(players)
    info = play_plan(plan, backend, table.add, args.out, progress_bar(args, plan.total))
    print(f"{game.id} tournament, {players} players, {len(plan.configs)} configurations, "
          f"{len(plan.pairs)} pairs x {plan.games} games, seed {plan.seed}: {info.describe()}")
    if variant is not None:
        print(f"Variant: {variant.label}")
    if args.out is not None:
        print(f"Records: {args.out}")
    print()
    print(format_tournament(table))
    return 0


def run_compare(args: argparse.Namespace) -> int:
    a = parse_variant_spec(args.game, args.a)
    b = parse_variant_spec(args.game, args.b)
    game = get_game(args.game)
    players = args.players if args.players is not None else game.min_players
    margins = Margins(args.margin, args.length_margin, args.spread_margin)
    plan = ComparePlan(game.id, players, split_bot_list(args.bots), args.games, a, b,
                       args.seed, parse_options(args.option), args.min_games, margins,
                       parse_decide(args.decide))
    plan.check()
    print(f"{game.id}, {players} players, bots {', '.join(plan.bots)} (balanced seats), "
          f"seed {plan.seed}")
    print(f"A: {a.label if a else 'shipped data'}")
    print(f"B: {b.label if b else 'shipped data'}")
    comparison = run_comparison(plan, make_backend("local", args.workers))
    print()
    print(format_comparison(comparison, plan))
    return 0


def run_tune_command(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    players = args.players if args.players is not None else game.min_players
    plan = TunePlan(game.id, players, split_bot_list(args.bots),
                    tuple(Knob.parse(text) for text in args.vary), Target.parse(args.target),
                    args.games, args.batch, args.seed, parse_options(args.option), args.data)
    plan.check()
    pyplot = None
    if args.plot is not None:
        pyplot = import_pyplot()
        if args.plot.suffix.lower() != ".png" or not args.plot.parent.is_dir():
            raise SimulationError(f"--plot {args.plot}: give a .png file in an existing folder")
    progress = progress_bar(args, plan.budget)
    result = run_tune(plan, make_backend("local", args.workers),
                      progress.advance if progress is not None else None)
    if progress is not None:
        progress.finish()
    print(f"{game.id}, {players} players, bots {', '.join(plan.bots)} (balanced seats), "
          f"seed {plan.seed}, batches of {plan.batch}")
    print()
    print(format_tune(result))
    if pyplot is not None:
        tune_chart(pyplot, args.plot, result)
        print(f"\nChart: {args.plot}")
    return 0


def run_report(args: argparse.Namespace) -> int:
    import_pyplot()
    path = args.html or Path(f"report-{args.game}.html")
    if args.records is not None:
        if args.data is not None or args.edits or args.out is not None:
            raise InvalidOptions("--records reports on a saved file; --data, --set and --out "
                                 "are for new games")
        records = read_records(args.records)
        wrong = sorted({r["game"] for r in records} - {args.game})
        if wrong or not records:
            raise SimulationError(f"--records {args.records}: "
                                  + (f"holds games of {', '.join(wrong)}, not {args.game}"
                                     if wrong else "holds no records"))
        source = f"{len(records)} records from {args.records}"
    else:
        variant, game, players = variant_setup(args)
        plan = SimulationPlan(game.id, players, split_bot_list(args.bots), args.games,
                              args.seed, parse_options(args.option), variant=variant)
        records = []
        info = play_plan(plan, make_backend("local", args.workers), records.append, args.out,
                         progress_bar(args, plan.total))
        source = info.describe()
    counts = {r["players"] for r in records}
    if len(counts) > 1:
        raise SimulationError("the records mix player counts; report on one at a time")
    title = f"{get_game(args.game).name}: designer's report"
    try:
        path.write_text(build_report(records, title), encoding="utf-8")
    except OSError as e:
        raise SimulationError(f"cannot write --html {path}: {e.strerror or e}") from None
    print(f"{args.game}: {source}")
    print(f"Report: {path}")
    return 0


def run_ladder(args: argparse.Namespace) -> int:
    variant, game, players = variant_setup(args)
    plan = LadderPlan(game.id, players, split_bot_list(args.bots), args.games, args.seed,
                      parse_options(args.option), variant)
    plan.check()
    ladder = Ladder(plan.configs)
    info = play_plan(plan, make_backend("local", args.workers), ladder.add, None,
                     progress_bar(args, plan.total))
    print(f"{game.id} ladder, {players} players, {len(plan.configs)} configurations, seed "
          f"{plan.seed}: {info.describe()}")
    if variant is not None:
        print(f"Variant: {variant.label}")
    print()
    print(format_ladder(ladder))
    return 0


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .server import create_app
    from .server.storage import Storage

    storage = Storage(args.database)
    try:
        storage.open_for_writing()  # a one-line error (StorageError) before anything is served
    finally:
        storage.dispose()
    from .server.limits import UNLIMITED_RATES, Limits

    limits = UNLIMITED_RATES if args.no_rate_limits else Limits()
    caps = {"max_tables": args.max_tables, "max_connections": args.max_connections}
    limits = dataclasses.replace(limits, **{k: v for k, v in caps.items() if v is not None})
    app = create_app(args.database, allowed_origins=args.allowed_origin, limits=limits,
                     bus=args.bus, node=args.node)
    print(f"squidbox: serving on http://{args.host}:{args.port}/ (database {args.database})",
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                timeout_graceful_shutdown=5)
    return 0


def run_db_upgrade(args: argparse.Namespace) -> int:
    from .server.storage import Storage

    storage = Storage(args.database)
    try:
        storage.upgrade()
    finally:
        storage.dispose()
    print(f"squidbox: database {args.database} is at the newest schema")
    return 0


def progress_bar(args: argparse.Namespace, total: int) -> Progress | None:
    return None if args.no_progress else Progress(total, args.command)
