"""3 - TUG OF WAR: place tokens one at a time under the Balance Rule, play one card face down
per token, then pull: highest total wins, unless an odd number of 0s ("three steps") makes the
lowest total win; ties go to the side with more tokens, then the VIPs eliminate both.

g["at"] maps each token still playing to its team's index (None until placed). Teams 2k and
2k+1 pull against each other.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import campaign
from .stage import Stage, chip, pass_turn, token_action, token_of
from .tokens import turn_order
from .vips import TIE_REASON

if TYPE_CHECKING:
    from .state import SquidGameState

PLACE, CARDS = "place", "cards"


def team_action(team: str) -> str:
    return f"team {team}"


def play_action(value: int, team: str) -> str:
    return f"play {value} on {team}"


def opponent(team: int) -> int:
    return team ^ 1


def battle_winner(totals: list[int], zeros: int, tokens: list[int]) -> int | None:
    """The side (0 or 1) that wins a battle, or None when the VIPs eliminate both.
    An odd number of 0s makes the lowest total win; ties go to the side with more tokens."""
    if totals[0] != totals[1]:
        higher = 0 if totals[0] > totals[1] else 1
        return higher if zeros % 2 == 0 else 1 - higher
    if tokens[0] != tokens[1]:
        return 0 if tokens[0] > tokens[1] else 1
    return None


class TugOfWar(Stage):
    name = "tug_of_war"
    title = "Tug of War"

    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = {
            "at": {str(t): None for team in s.team for t in team},
            "order": order,
            "step": PLACE,
            "turn": 0,
            "chosen": None,  # the token the placing player has picked, before its team
            "plays": [[] for _ in range(s.num_players)],  # per seat, [value, team] face down
        }
        s.emit("order", "Turn order: " + ", ".join(s.seat_name(p) for p in order) + ".",
               order=order)
        self._next_placer(s, first=True)

    # ---- Placement and the Balance Rule ----------------------------------------------------
    def counts(self, s: SquidGameState) -> list[int]:
        counts = [0] * len(s.data.tug_teams)
        for team in s.g["at"].values():
            if team is not None:
                counts[team] += 1
        return counts

    def placeable(self, s: SquidGameState) -> list[int]:
        """Teams with a free location where one more token keeps the sides within one."""
        counts = self.counts(s)
        return [team for team, k in enumerate(counts)
                if k < s.data.tug_slots_per_team and k + 1 - counts[opponent(team)] <= 1]

    def _unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        return [t for t in s.playing(seat) if s.g["at"][str(t)] is None]

    def _next_placer(self, s: SquidGameState, first: bool = False) -> None:
        if self.placeable(s) and pass_turn(s.g, lambda seat: bool(self._unplaced(s, seat)),
                                           first):
            return
        self._start_cards(s)

    def _start_cards(self, s: SquidGameState) -> None:
        g = s.g
        for key in sorted(g["at"], key=int):
            if g["at"][key] is None:
                s.eliminate(int(key), "no location left on the Tug of War board")
        g["step"] = CARDS
        if not g["at"]:
            campaign.finish_game(s)

    def to_move(self, s: SquidGameState) -> list[int]:
        g = s.g
        if g["step"] == PLACE:
            return [g["order"][g["turn"]]]
        return [seat for seat in range(s.num_players)
                if len(g["plays"][seat]) < self.cards_due(s, seat)]

    def cards_due(self, s: SquidGameState, seat: int) -> int:
        """One card per token, but you only have six."""
        return min(len(s.playing(seat)), s.data.tug_max_cards)

    def legal(self, s: SquidGameState, seat: int) -> list[str]:
        teams = s.data.tug_teams
        if s.g["step"] == PLACE:
            unplaced = self._unplaced(s, seat)
            if s.g["chosen"] is None and len(unplaced) > 1:
                # "Take turns placing a token": which of your tokens is yours to choose.
                return [token_action(t) for t in unplaced]
            return [team_action(teams[t]) for t in self.placeable(s)]
        plays = s.g["plays"][seat]
        used = {value for value, _ in plays}
        open_teams = [team for team in range(len(teams))
                      if self._mine_on(s, seat, team) > sum(1 for _, t in plays if t == team)]
        return [play_action(v, teams[t]) for v in s.data.card_values if v not in used
                for t in open_teams]

    def _mine_on(self, s: SquidGameState, seat: int, team: int) -> int:
        return sum(1 for t in s.playing(seat) if s.g["at"][str(t)] == team)

    def apply(self, s: SquidGameState, seat: int, action: str) -> None:
        g = s.g
        teams = s.data.tug_teams
        if g["step"] == PLACE:
            if action.startswith("token "):
                g["chosen"] = token_of(action)
                return
            team = teams.index(action.split()[1])
            token = g["chosen"] if g["chosen"] is not None else self._unplaced(s, seat)[0]
            g["chosen"] = None
            g["at"][str(token)] = team
            s.emit("place", f"{s.name_token(token)} joins team {teams[team]}.", token=token,
                   team=teams[team])
            self._next_placer(s)
            return
        _, value, _, team_name = action.split()
        g["plays"][seat].append([int(value), teams.index(team_name)])
        s.emit_private((seat,), {"type": "play", "text": f"You {action}.", "seat": seat},
                       {"type": "play", "text": f"{s.seat_name(seat)} plays a card face down "
                        f"behind team {team_name}.", "seat": seat, "team": team_name})
        if not self.to_move(s):
            self._pull(s)

    # ---- Pull: reveal one battle at a time ---------------------------------------------------
    def _pull(self, s: SquidGameState) -> None:
        s.mark_reveal()  # the face-down cards are turned up
        g = s.g
        teams = s.data.tug_teams
        for left in range(0, len(teams), 2):
            sides = (left, left + 1)
            members = [[int(t) for t, team in g["at"].items() if team == side] for side in sides]
            if not members[0] and not members[1]:
                continue
            cards = [[v for plays in g["plays"] for v, team in plays if team == side]
                     for side in sides]
            label = f"{teams[left]} vs {teams[left + 1]}"
            if not members[0] or not members[1]:
                alone = 0 if members[0] else 1
                s.emit("battle", f"{label}: team {teams[sides[alone]]} has no opponent.")
                winner: int | None = alone
            else:
                totals = [sum(c) for c in cards]
                zeros = sum(c.count(0) for c in cards)
                winner = battle_winner(totals, zeros, [len(m) for m in members])
                s.emit("battle", f"{label}: cards {in_words(cards[0])} against "
                       f"{in_words(cards[1])}, totals "
                       f"{totals[0]}–{totals[1]}, {zeros} zero{'s' * (zeros != 1)}; "
                       + ("a tie." if winner is None else f"team {teams[sides[winner]]} wins."),
                       cards=cards, totals=totals, zeros=zeros,
                       winner=None if winner is None else teams[sides[winner]])
            for side in (0, 1):
                for token in sorted(members[side]):
                    if winner is None:
                        s.eliminate(token, TIE_REASON)
                    elif side == winner:
                        s.survive(token, f"team {teams[sides[side]]} wins its battle")
                    else:
                        s.eliminate(token, "pulled into the gap")
        campaign.finish_game(s)

    # ---- what a player sees ------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = s.g
        teams = s.data.tug_teams
        return {
            "teams": list(teams),
            "slots_per_team": s.data.tug_slots_per_team,
            "at": {t: None if team is None else teams[team] for t, team in g["at"].items()},
            "order": list(g["order"]),
            "step": g["step"],
            "turn": g["turn"],
            "chosen": g["chosen"],
            "cards_behind": [[teams[team] for _, team in plays] for plays in g["plays"]],
            "my_cards": None if viewer is None else
            [[v, teams[team]] for v, team in g["plays"][viewer]],
        }

    def resample(self, s: SquidGameState, seat: int, rng: random.Random) -> None:
        values = list(s.data.card_values)
        for other, plays in enumerate(s.g["plays"]):
            if other != seat and plays:
                drawn = rng.sample(values, len(plays))
                for play, value in zip(plays, drawn, strict=True):
                    play[0] = value

    def check(self, s: SquidGameState) -> None:
        g = s.g
        assert g["chosen"] is None or g["chosen"] in self._unplaced(s, s.owner(g["chosen"]))
        counts = self.counts(s)
        for team, k in enumerate(counts):
            assert k <= s.data.tug_slots_per_team
            assert abs(k - counts[opponent(team)]) <= 1, "Balance Rule broken"
        for seat, plays in enumerate(g["plays"]):
            values = [v for v, _ in plays]
            assert len(set(values)) == len(values) <= self.cards_due(s, seat), "one card a token"

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        return "not placed" if place is None else f"team {place}"

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = ["Turn order " + " ".join(names[p] for p in g["order"])]
        teams = g["teams"]
        for left in range(0, len(teams), 2):
            sides = []
            for team in teams[left:left + 2]:
                members = sorted(chip(int(t), view, names) for t, x in g["at"].items()
                                 if x == team)
                cards = sum(behind.count(team) for behind in g["cards_behind"])
                sides.append(f"{team}[{' '.join(members)}] {cards} card(s)")
            lines.append("  " + "  ⟵ rope ⟶  ".join(sides))
        waiting = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x is None)
        if waiting:
            lines.append(f"  not yet placed: {' '.join(waiting)}")
        if g["chosen"] is not None:
            lines.append(f"  being placed: {chip(g['chosen'], view, names)}")
        if g["my_cards"]:
            lines.append("  your face-down cards: "
                         + ", ".join(f"{v} on {t}" for v, t in g["my_cards"]))
        return lines


TUG_OF_WAR = TugOfWar()


def in_words(numbers: list[int]) -> str:
    """Numbers as a reader says them: "1", "1 and 0", "2, 1 and 0"."""
    text = [str(n) for n in numbers]
    return ", ".join(text[:-1]) + " and " + text[-1] if len(text) > 1 else "".join(text)
