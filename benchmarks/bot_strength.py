"""How strong each bot level is: one seat of a bot against the other seats all of another bot.

For each game and each pair (A, B), `--games` games are played at a table of `--players` seats
(default: the game's smallest count; "max" for its largest), one seat A and the rest B, A's seat
rotating over the seats and each game dealt from its own seed. A's win rate is its mean return
(1 a win, 0 a loss, a shared win split), with a 95 % Wilson interval; A's CPU seconds per move
are its mean `time.process_time` per decision with more than one legal action. Its share by
chance is 1/players.

    python benchmarks/bot_strength.py --games 40                     # strong vs good, every game
    python benchmarks/bot_strength.py --games 40 --players max
    python benchmarks/bot_strength.py --games 30 --pairs all --game grid_squid   # level table
    python benchmarks/bot_strength.py --games 40 --pairs strong:iterations=100/heuristic
    python benchmarks/bot_strength.py --games 100 --start 200 --game squid_inc   # games 200-299

`--start N` plays games N, N+1, … (each still dealt from its own index), so a stopped run can be
continued and the two runs' games added up, as long as the code plays the same games.

Prints one Markdown row per game and pair (for docs/benchmarks.md). `--workers N` plays the
games in N processes (the figures do not depend on it); with one, a running tally of each
pair's games and the first bot's CPU seconds per move goes to stderr.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import squidbox
from squidbox.bots import Bot, make_bot
from squidbox.engine import Game
from squidbox.sim.stats import wilson_interval

LEVELS = {"easy": "random", "good": "heuristic", "strong": "strong"}


def play(game_id: str, players: int, first: str, second: str,
         index: int) -> tuple[float, float, int]:
    """One game: `first` in seat index % players, `second` elsewhere. Returns the first bot's
    return, its CPU seconds on real decisions and how many such decisions it made."""
    game = squidbox.get_game(game_id)
    seat = index % players
    bots = [make_bot(first if s == seat else second, 1000 * index + s, game)
            for s in range(players)]
    return played(game, bots, seat, index)


def played(game: Game, bots: Sequence[Bot], seat: int, index: int) -> tuple[float, float, int]:
    """Game `index`, dealt from seed `index`, each seat played by its bot in `bots`. Returns
    the return of `seat`, its CPU seconds on decisions with more than one legal action, and how
    many."""
    state = game.new_game(len(bots), seed=index)
    cpu, decisions = 0.0, 0
    while not state.is_terminal():
        player = state.to_move()[0]
        if player == seat and len(state.legal_actions(player)) > 1:
            start = time.process_time()
            action = bots[player].choose(state, player)
            cpu += time.process_time() - start
            decisions += 1
        else:
            action = bots[player].choose(state, player)
        state.apply(player, action)
    return state.returns()[seat], cpu, decisions


def measure(game_id: str, players: int, first: str, second: str, games: int,
            workers: int, start: int = 0) -> str:
    args = [(game_id, players, first, second, i) for i in range(start, start + games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play, *zip(*args, strict=True)))
    else:
        results = []
        for a in args:  # a running tally on stderr: a long run's figures so far
            results.append(play(*a))
            wins = sum(r for r, _, _ in results)
            cpu = sum(c for _, c, _ in results) / max(sum(d for _, _, d in results), 1)
            print(f"{game_id} {first} vs {second}: {wins:g} of {len(results)}, "
                  f"{cpu:.3f} CPU s/move", file=sys.stderr, flush=True)
    wins = sum(r for r, _, _ in results)
    cpu = sum(c for _, c, _ in results)
    decisions = sum(d for _, _, d in results)
    low, high = wilson_interval(wins, games)
    return (f"| {game_id} | {players} | {first} | {second} | {games} | {wins / games:.3f} "
            f"({low:.3f}–{high:.3f}) | {1 / players:.3f} | {cpu / max(decisions, 1):.3f} |")


def pairs_of(text: str) -> list[tuple[str, str]]:
    if text == "all":  # every level against every other, both ways round
        return [(LEVELS[a], LEVELS[b]) for a, b in itertools.permutations(LEVELS, 2)]
    return [tuple(pair.split("/", 1)) for pair in text.split(";")]  # type: ignore[misc]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    parser.add_argument("--players", default="min", help="min, max or a number")
    parser.add_argument("--pairs", default="strong/heuristic",
                        help="A/B pairs separated by ';', or 'all' for every level pair")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="the first game's index")
    args = parser.parse_args()
    game_ids = args.game or [g.id for g in squidbox.list_games()]
    print("| game | players | bot (one seat) | others | games | win rate (95 %) | by chance "
          "| CPU s/move |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in game_ids:
        game = squidbox.get_game(game_id)
        players = {"min": game.min_players, "max": game.max_players}.get(args.players)
        players = players or int(args.players)
        for first, second in pairs_of(args.pairs):
            print(measure(game_id, players, first, second, args.games, args.workers,
                          args.start), flush=True)


if __name__ == "__main__":
    main()
