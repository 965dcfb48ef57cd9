"""The heuristic bot's evaluation, judged from one seat's view alone (plus the printed data).

Every token still playing the current game gets an estimated chance to survive it; a token
that has already survived counts 1. Before the final Squid Game the estimate is the seat's
share of the expected survivors (the single game is won by the most survivors; the campaign
is won with many tokens). In the final, half the share of tokens, half the most advanced
token's progress.

The one-decision lookahead sees nothing change after a face-down card is played (the others
have not played yet), so the seat's own hidden card is valued here by its expected result:
against the Doll deck still to come (Red Light Green Light), against the others' unseen cards
(Tug of War, the final's Block/Stab/Push/Move). Decisions whose worth only shows later
(Dalgona shapes and draws, Tug of War teams, Marbles pairs and duels, which Glass Bridge token
moves before the Timer runs out) are valued through the survival estimates.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .data import SquidGameData

RLGL_ADVANCE = 2.5  # lanes a team gains per round on average (cards 1-5, some caught)
RLGL_ROUND_SURVIVAL = 0.85  # chance a token is neither caught nor pushed in a round
RLGL_PUSH_HIT = 0.4  # a 0 Push finds its target still in reach after the moves
DALGONA_DRAWS = 4.0  # shape cards a player typically draws in one turn
DALGONA_SLACK = 0.3  # sections a token may still hope to gain beyond the estimate
DALGONA_CURRENT = 0.5  # the rest of the turn being played, in turns (it may stop any time)
TUG_SAMPLES = 48  # deterministic samples of the unseen Tug of War cards
TUG_OPEN_SIDE = 0.6  # an unopposed side while placing: an opponent may still join it
MARBLES_ALONE = 0.45  # a single is nearly always paired in the end, by a player who then selects
BRIDGE_GLASS = 0.5  # an unrevealed tile breaks under one side of two
BRIDGE_AHEAD = 1.5  # tiles a token ahead reveals before it falls or crosses, on average
FINAL_PROGRESS = 0.5  # weight of the best token's progress in the final Squid Game
FINAL_SAMPLES = 64  # ways the others may play their cards, beyond which a sample is taken
FINAL_CARDS = ("block", "stab", "push", "move")


def evaluate(view: dict[str, Any], seat: int, data: SquidGameData) -> float:
    if view["is_terminal"]:
        return float(view["returns"][seat])
    state = view["state"]
    game = state.get("game")
    name = state["games"][state["stage"]]
    if name == "squid_game" and game is not None:
        owner = {t: p for p, team in enumerate(state["teams"]) for t in team}
        at = {int(t): space for t, space in game["at"].items()}
        if game["my_card"] is not None and game["step"] == "play":
            return _clip(_final_card(at, owner, seat, game))
        return _clip(_final_value(at, owner, seat, game["triangle_spaces"]))
    expected = _expected_survivors(state, game, name, seat, data)
    total = sum(expected)
    return _clip(expected[seat] / total) if total > 0 else 0.0


def _clip(x: float) -> float:
    return min(1.0, max(0.0, x))


def _expected_survivors(state: dict[str, Any], game: dict[str, Any] | None, name: str,
                        seat: int, data: SquidGameData) -> list[float]:
    """Per seat: its tokens that have survived this game, plus the chances of those playing."""
    teams = state["teams"]
    owner = {t: p for p, team in enumerate(teams) for t in team}
    if game is None:
        return [float(len(team)) for team in teams]
    chance = {
        "red_light_green_light": _rlgl,
        "dalgona": _dalgona,
        "tug_of_war": _tug,
        "marbles": _marbles,
        "glass_bridge": _glass_bridge,
    }.get(name)
    values = chance(game, owner, seat, data) if chance else {}
    expected = [0.0] * len(teams)
    for p, team in enumerate(teams):
        for t in team:
            expected[p] += values.get(str(t), 1.0 if str(t) not in game["at"] else 0.5)
    if name == "red_light_green_light":
        expected = _rlgl_my_card(game, owner, seat, data, values, expected)
    return expected


# ---- 1 · Red Light Green Light ---------------------------------------------------------------
def _rlgl_rounds_left(game: dict[str, Any], data: SquidGameData) -> int:
    steps = data.timer_steps
    reshuffles = len(steps) - 2 - steps.index(game["timer"])
    rounds: int = game["deck_size"] + max(0, reshuffles) * len(data.doll_cards)
    return rounds


def _rlgl_value(lane: int, rounds: int, lanes: int) -> float:
    if lane > lanes:
        return 1.0
    needed = math.ceil((lanes + 1 - lane) / RLGL_ADVANCE)
    if needed > rounds:
        return 0.05 * rounds / needed
    return RLGL_ROUND_SURVIVAL ** needed


def _rlgl_team(lanes_of: dict[str, int], rounds: int, lanes: int) -> dict[str, float]:
    """One team's tokens: those on the field move together; those waiting step behind the
    starting line one round after another."""
    values = {}
    queue = 0
    for token in sorted(lanes_of, key=int):
        lane = lanes_of[token]
        if lane < 0:
            queue += 1
            values[token] = _rlgl_value(0, rounds - queue, lanes)
        else:
            values[token] = _rlgl_value(lane, rounds, lanes)
    return values


def _rlgl(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData
          ) -> dict[str, float]:
    rounds = _rlgl_rounds_left(game, data)
    values = {}
    for p in set(owner.values()):
        team = {t: lane for t, lane in game["at"].items() if owner[int(t)] == p}
        values.update(_rlgl_team(team, rounds, game["lanes"]))
    return values


def _rlgl_my_card(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData,
                  values: dict[str, float], expected: list[float]) -> list[float]:
    """The seat's face-down card, valued by what the Doll may show; a round goes by."""
    card = game["my_card"]
    team = {t: lane for t, lane in game["at"].items() if owner[int(t)] == seat}
    on_field = [t for t, lane in team.items() if lane >= 0]
    if card is None or not on_field:
        return expected
    deck = [list(c) for c in data.doll_cards]
    for seen in game["doll_cards_seen"]:
        deck.remove(list(seen))
    if not deck:
        deck = [list(c) for c in data.doll_cards]
    caught = sum(1 for c in deck if card in c) / len(deck)
    rounds = max(0, _rlgl_rounds_left(game, data) - 1)
    lanes = game["lanes"]
    before = sum(values[t] for t in team)
    expected = list(expected)
    if card == data.card_values[0]:  # the 0 Push: no move, an opponent's token may fall
        reach = {team[t] + d for t in on_field for d in (0, 1)}
        targets = [t for t, lane in game["at"].items()
                   if lane in reach and lane >= 0 and owner[int(t)] != seat]
        if targets:
            victim = max(targets, key=lambda t: values[t])
            expected[owner[int(victim)]] -= RLGL_PUSH_HIT * values[victim]
        expected[seat] += sum(_rlgl_team(team, rounds, lanes).values()) - before
        return expected
    moved = {t: lane + card if lane >= 0 else lane for t, lane in team.items()}
    safe = sum(_rlgl_team(moved, rounds, lanes).values())
    closest = max(on_field, key=lambda t: team[t])
    hit = dict(team)
    del hit[closest]
    lost = sum(_rlgl_team(hit, rounds, lanes).values())
    expected[seat] += (1 - caught) * safe + caught * lost - before
    return expected


# ---- 2 · Dalgona ------------------------------------------------------------------------------
def _dalgona(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData
             ) -> dict[str, float]:
    """A pending choice (advance, kick, crack) is settled the way its chooser would like."""
    at = {t: None if place is None else list(place) for t, place in game["at"].items()}
    pending = game["pending"]
    if pending is None:
        return _dalgona_values(game, at, owner, data)
    chooser = pending["seat"]
    best: dict[str, float] | None = None
    best_score = -math.inf
    for option in pending["options"]:
        trial: dict[str, Any] = {t: None if place is None else list(place)
                                 for t, place in at.items()}
        key = str(option)
        if pending["kind"] in ("advance", "kick"):
            trial[key][1] += 1
            if trial[key][1] >= data.shape_sections[trial[key][0]]:
                del trial[key]
                done = {key: 1.0}
            else:
                done = {}
        else:
            del trial[key]
            done = {key: 0.0}
        values = {**_dalgona_values(game, trial, owner, data), **done}
        own = sum(v for t, v in values.items() if owner[int(t)] == chooser)
        rest = sum(v for t, v in values.items() if owner[int(t)] != chooser)
        score = own - rest
        if score > best_score:
            best, best_score = values, score
    return best if best is not None else _dalgona_values(game, at, owner, data)


def _dalgona_values(game: dict[str, Any], at: dict[str, Any], owner: dict[int, int],
                    data: SquidGameData) -> dict[str, float]:
    steps = data.timer_steps
    full_rounds = len(steps) - 2 - steps.index(game["timer"])  # rounds after this one
    order = game["order"]
    placing = game["step"] == "place"
    deck = sum(data.shape_cards) + data.crack_cards
    crowd: dict[tuple[int, int], int] = {}
    for token, place in at.items():
        if place is not None:
            key = (owner[int(token)], place[0])
            crowd[key] = crowd.get(key, 0) + 1
    values = {}
    for token, place in at.items():
        p = owner[int(token)]
        if place is None:
            values[token] = 0.5
            continue
        turns = float(full_rounds)
        position = order.index(p) if p in order else 0
        if placing or position > game["turn"]:
            turns += 1
        elif position == game["turn"]:
            turns += DALGONA_CURRENT
        shape, section = place
        needed = data.shape_sections[shape] - section
        hits = turns * DALGONA_DRAWS * data.shape_cards[shape] / deck / crowd[(p, shape)]
        values[token] = min(1.0, (hits + DALGONA_SLACK) / needed) if turns > 0 else 0.0
    return values


# ---- 3 · Tug of War ---------------------------------------------------------------------------
def _tug(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData
         ) -> dict[str, float]:
    names = game["teams"]
    side_of = {t: (None if team is None else names.index(team)) for t, team in game["at"].items()}
    members = [[t for t, side in side_of.items() if side == k] for k in range(len(names))]
    placing = game["step"] == "place"
    my_cards = tuple((v, names.index(team)) for v, team in game["my_cards"] or [])
    used = {v for v, _ in my_cards}
    my_free = tuple(v for v in data.card_values if v not in used)
    my_open: list[int] = []
    for k in range(len(names)):
        mine = sum(1 for t in members[k] if owner[int(t)] == seat)
        placed = sum(1 for _, side in my_cards if side == k)
        my_open += [k] * max(0, mine - placed)
    due = min(sum(1 for t in game["at"] if owner[int(t)] == seat), data.tug_max_cards)
    my_open = my_open[:max(0, due - len(my_cards))]
    owed_by_others = []
    for p, behind in enumerate(game["cards_behind"]):
        if p == seat:
            continue
        owed = [names.index(team) for team in behind]
        if placing or len(owed) < len([t for t in game["at"] if owner[int(t)] == p]):
            mine_p = [side_of[t] for t in game["at"] if owner[int(t)] == p
                      and side_of[t] is not None]
            owed = mine_p[:data.tug_max_cards]
        owed_by_others.append(tuple(owed))
    wins = _tug_wins(my_cards, my_free, tuple(my_open), tuple(owed_by_others), data.card_values,
                     tuple(len(m) for m in members))
    values = {}
    for t, side in side_of.items():
        if side is None:
            values[t] = 0.5
        elif not members[side ^ 1]:
            values[t] = TUG_OPEN_SIDE if placing else 1.0
        else:
            values[t] = wins[side] / TUG_SAMPLES
    return values


@functools.lru_cache(maxsize=4096)
def _tug_wins(my_cards: tuple[tuple[int, int], ...], my_free: tuple[int, ...],
              my_open: tuple[int, ...], owed_by_others: tuple[tuple[int, ...], ...],
              card_values: tuple[int, ...], team_sizes: tuple[int, ...]) -> tuple[int, ...]:
    """Per side, in how many of the samples its pair's pull is won: the seat's own cards still
    to place and the others' unseen cards drawn at random (pure in its arguments, so the many
    evaluations of one position during a search are counted once)."""
    sides = len(team_sizes)
    known_totals, known_zeros = [0] * sides, [0] * sides
    for v, k in my_cards:
        known_totals[k] += v
        known_zeros[k] += v == 0
    wins = [0] * sides
    draws = _tug_draws(len(my_free), len(my_open), tuple(map(len, owed_by_others)),
                       len(card_values))
    for mine, theirs in draws:
        totals, zeros = known_totals[:], known_zeros[:]
        for i, k in zip(mine, my_open, strict=True):
            totals[k] += my_free[i]
            zeros[k] += my_free[i] == 0
        for drawn, owed in zip(theirs, owed_by_others, strict=True):
            for i, k in zip(drawn, owed, strict=True):
                totals[k] += card_values[i]
                zeros[k] += card_values[i] == 0
        for a in range(0, sides, 2):
            b = a + 1
            if totals[a] != totals[b]:
                high = a if totals[a] > totals[b] else b
                wins[high if (zeros[a] + zeros[b]) % 2 == 0 else (a + b - high)] += 1
            elif team_sizes[a] != team_sizes[b]:
                wins[a if team_sizes[a] > team_sizes[b] else b] += 1
    return tuple(wins)


@functools.lru_cache(maxsize=256)
def _tug_draws(free: int, open_: int, owed: tuple[int, ...], values: int
               ) -> tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...]:
    """The samples' draws as positions in the card lists: the seat's own free cards for its
    open places, then each other player's cards for the places it owes. They depend only on
    the counts, so every evaluation with the same counts reuses them (the same fixed seed)."""
    rng = random.Random(0)
    draws = []
    for _ in range(TUG_SAMPLES):
        mine = tuple(rng.sample(range(free), open_))
        theirs = tuple(tuple(rng.sample(range(values), k)) for k in owed)
        draws.append((mine, theirs))
    return tuple(draws)


# ---- 4 · Marbles ------------------------------------------------------------------------------
def _beat(d: int, k: int, data: SquidGameData) -> float:
    """The chance that a roll of kind k stays on the table and ends closer than d (a tie,
    rolled again, counts half)."""
    near, far = data.nearest_cm[k], data.farthest_cm[k]
    span = far - near + 1
    closer = min(span, max(0, d - near)) / span
    tie = 1 / span if near <= d <= far else 0.0
    chance: float = (1 - data.off_table_percent[k] / 100) * (closer + 0.5 * tie)
    return chance


_SECOND_WINS: dict[tuple[int, int | None], float] = {}


def _second_wins(d: int | None, data: SquidGameData) -> float:
    key = (id(data), d)
    if key not in _SECOND_WINS:
        _SECOND_WINS[key] = _second_wins_now(d, data)
    return _SECOND_WINS[key]


def _second_wins_now(d: int | None, data: SquidGameData) -> float:
    """The second roller's chance against a first roll d (None: not rolled yet, any kind),
    choosing its best kind half the time (a random opponent does not)."""
    kinds = range(len(data.roll_kinds))
    if d is not None:
        chances = [_beat(d, k, data) for k in kinds]
        return 0.5 * max(chances) + 0.5 * sum(chances) / len(chances)
    total = 0.0
    for k in kinds:
        near, far = data.nearest_cm[k], data.farthest_cm[k]
        off = data.off_table_percent[k] / 100
        rolls = [_second_wins(x, data) for x in range(near, far + 1)]
        total += off + (1 - off) * sum(rolls) / len(rolls)
    return total / len(data.roll_kinds)


def _marbles(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData
             ) -> dict[str, float]:
    pairing = game["step"] == "pair"
    values = {}
    for group in game["groups"]:
        for t in group:
            if str(t) in game["at"]:
                values[str(t)] = (MARBLES_ALONE if pairing else 1.0) if len(group) == 1 \
                    else 0.5
    duel = game["duel"]
    if duel is not None and str(duel["mine"]) in game["at"] and str(duel["theirs"]) in game["at"]:
        step = game["step"]
        if step == "wall":
            first, _ = duel["rolls"]
            selector = _second_wins(first, data)
        elif step == "mode":
            selector = max(0.5, _second_wins(None, data))
        else:
            selector = 0.5
        values[str(duel["mine"])] = selector
        values[str(duel["theirs"])] = 1 - selector
    for t in game["at"]:
        values.setdefault(t, 0.5)
    return values


# ---- 5 · Glass Bridge -------------------------------------------------------------------------
def _glass_bridge(game: dict[str, Any], owner: dict[int, int], seat: int, data: SquidGameData
                  ) -> dict[str, float]:
    """Most tokens fall to the Timer: a team moves one token per card, so its cards left (and
    a full hand per Timer step still to come) go to its tokens nearest the far side first.
    Each unrevealed tile ahead is a coin toss, unless a token ahead tests it first."""
    at = game["at"]
    if game["bridge_side"] is None:
        return dict.fromkeys(at, 0.5)
    line, tiles = game["line"], game["tiles"]
    far = line + len(tiles)
    steps = data.timer_steps
    refills = len(steps) - 2 - steps.index(game["timer"])
    motion = game["motion"]
    values = {}
    for p in range(len(game["hands"])):
        mine = sorted((t for t in at if owner[int(t)] == p), key=lambda t: -at[t])
        budget = sum(game["hands"][p]) + refills * sum(data.card_values)
        if motion is not None and owner[int(motion["token"])] == p:
            budget += motion["steps"]
        for t in mine:
            distance = far - at[t]
            time = 1.0 if distance <= budget else max(0.0, budget / distance) ** 2
            budget = max(0, budget - distance)
            ahead = sum(1 for c in at.values() if c is not None and c > at[t])
            unknown = sum(1 for k, tile in enumerate(tiles) if tile is None and line + k > at[t])
            glass = BRIDGE_GLASS ** max(0.0, unknown - BRIDGE_AHEAD * ahead)
            values[t] = time * glass
    pending = game["pending"]
    if pending is not None and pending["kind"] == "side" and motion is not None:
        key = str(motion["token"])
        values[key] = values.get(key, 0.5) * BRIDGE_GLASS
    return values


# ---- 6 · Squid Game (the final) ---------------------------------------------------------------
def _final_value(at: dict[int, int], owner: dict[int, int], seat: int, last: int) -> float:
    """The seat's share of the tokens still playing, and how far its best token has come."""
    counts: dict[int, int] = {}
    for t in at:
        counts[owner[t]] = counts.get(owner[t], 0) + 1
    mine = [space for t, space in at.items() if owner[t] == seat]
    if not mine:
        return 0.0
    if len(counts) == 1:
        return 1.0
    share = counts[seat] / len(at)
    progress = (max(mine) + 2) / (last + 3)  # from the Safe Zone (-1) to the Squid Head
    return (1 - FINAL_PROGRESS) * share + FINAL_PROGRESS * progress


def _zone(space: int) -> str | None:
    return None if space < 0 else "square" if space == 0 else "triangle"


def _final_card(at: dict[int, int], owner: dict[int, int], seat: int,
                game: dict[str, Any]) -> float:
    """The seat's face-down card, valued against every way the others may play (all of them,
    or a fixed sample when there are many), each resolved roughly."""
    last = game["triangle_spaces"]
    card = game["my_card"]
    others = sorted({owner[t] for t in at} - {seat})
    combos = list(itertools.product(FINAL_CARDS, repeat=len(others)))
    if len(combos) > FINAL_SAMPLES:
        combos = random.Random(0).sample(combos, FINAL_SAMPLES)
    total = 0.0
    for combo in combos:
        played = dict(zip(others, combo, strict=True))
        played[seat] = card
        total += _final_value(_final_round(at, owner, played, last), owner, seat, last)
    return total / len(combos)


def _final_round(at: dict[int, int], owner: dict[int, int], played: dict[int, str],
                 last: int) -> dict[int, int]:
    """One round, roughly: stabs hit an open token within reach (or cost the stabber one
    when only blockers are there), pushes hit a blocker, moves advance the best token."""
    at = dict(at)
    for card in ("stab", "push"):
        for p, c in played.items():
            mine = [t for t in at if owner[t] == p]
            zones = {_zone(at[t]) for t in mine} - {None}
            reach = [t for t in at if owner[t] != p and _zone(at[t]) in zones]
            if c != card or not mine or not reach:
                continue
            if card == "stab":
                reach = [t for t in reach if played[owner[t]] != "stab"]
                open_ = [t for t in reach if played[owner[t]] != "block"]
                if open_:
                    del at[max(open_, key=lambda t: at[t])]
                elif reach:
                    del at[min(mine, key=lambda t: at[t])]
            else:
                blockers = [t for t in reach if played[owner[t]] == "block"]
                if blockers:
                    del at[max(blockers, key=lambda t: at[t])]
    for p, c in played.items():
        mine = [t for t in at if owner[t] == p]
        if c == "move" and mine:
            best = max(mine, key=lambda t: at[t])
            if at[best] == last:
                return {best: last}  # it reaches the Squid Head
            at[best] += 1
    return {t: min(space + 1, last) if space >= 1 else space for t, space in at.items()}
