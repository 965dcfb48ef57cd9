"""3 - TUG OF WAR: place tokens one at a time under the Balance Rule, play one card face down
per token, then pull: highest total wins, unless an odd number of 0s ("three steps") makes the
lowest total win; ties go to the side with more tokens, then the VIPs eliminate both.

g["at"] maps each token still playing to its team's index (None until placed). Teams 2k and
2k+1 pull against each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from squidbox.engine import HiddenChoice, Later, each_seat
from squidbox.engine.stack import Question
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

from . import campaign
from .actions import Play, Team, Token, team_action
from .stage import Stage, chip, decoded, pass_turn, token_actions
from .tokens import turn_order
from .vips import TIE_REASON

if TYPE_CHECKING:
    from .state import SquidGameState

PLACE, CARDS = "place", "cards"
# A battle in the log: [one zero?][a tie?] (a plural or a clause is a template of its own).
BATTLE_TEXT = (
    (N_("{_left} vs {_right}: cards {_cards} against {_against}, totals {_total}–{_total_against}, "
        "{zeros} zeros; team {winner} wins."),
     N_("{_left} vs {_right}: cards {_cards} against {_against}, totals {_total}–{_total_against}, "
        "{zeros} zeros; a tie.")),
    (N_("{_left} vs {_right}: cards {_cards} against {_against}, totals {_total}–{_total_against}, "
        "{zeros} zero; team {winner} wins."),
     N_("{_left} vs {_right}: cards {_cards} against {_against}, totals {_total}–{_total_against}, "
        "{zeros} zero; a tie.")),
)


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


class TugData(TypedDict):
    """Tug of War's part of the state (`s.g` while it is played)."""

    at: dict[str, int | None]  # each token still playing: its team's index (None until placed)
    order: list[int]  # the turn order for placing tokens
    turn: int  # index in `order` of the seat placing now
    chosen: int | None  # the token the placing seat has picked, before its team
    plays: list[list[list[int]]]  # per seat, its cards face down: [value, team]


def tug_data(s: SquidGameState) -> TugData:
    return cast(TugData, s.g)


class TugOfWar(Stage):
    name = "tug_of_war"
    title = N_("Tug of War")
    # Each seat's cards behind the teams: the team shows, the value is the seat's own (one
    # card a token, so no value twice).
    choices = (HiddenChoice("g.plays", each_seat, lambda s, seat: s.data.card_values,
                            per_item=True, part=0),)

    def setup(self, s: SquidGameState) -> None:
        order = turn_order(s.team)
        s.g = TugData({
            "at": {str(t): None for team in s.team for t in team},
            "order": order,
            "turn": 0,
            "chosen": None,
            "plays": [[] for _ in range(s.num_players)],
        })
        s.emit("order", "Turn order: {order:names}.", order=order)
        next_placer(s, first=True)

    # ---- Placement and the Balance Rule ----------------------------------------------------
    def counts(self, s: SquidGameState) -> list[int]:
        counts = [0] * len(s.data.tug_teams)
        for team in tug_data(s)["at"].values():
            if team is not None:
                counts[team] += 1
        return counts

    def placeable(self, s: SquidGameState) -> list[int]:
        """Teams with a free location where one more token keeps the sides within one."""
        counts = self.counts(s)
        return [team for team, k in enumerate(counts)
                if k < s.data.tug_slots_per_team and k + 1 - counts[opponent(team)] <= 1]

    def unplaced(self, s: SquidGameState, seat: int) -> list[int]:
        at, key = tug_data(s)["at"], s.tokens.key
        return [t for t in s.playing(seat) if at[key[t]] is None]

    def cards_due(self, s: SquidGameState, seat: int) -> int:
        """One card per token, but you only have six."""
        return min(len(s.playing(seat)), s.data.tug_max_cards)

    def mine_on(self, s: SquidGameState, seat: int) -> list[int]:
        """How many of your tokens are on each team."""
        at, key = tug_data(s)["at"], s.tokens.key
        mine = [0] * len(s.data.tug_teams)
        for t in s.playing(seat):
            team = at[key[t]]
            assert team is not None, "the cards are played once every token is placed"
            mine[team] += 1
        return mine

    # ---- what a player sees ------------------------------------------------------------------
    def view(self, s: SquidGameState, viewer: int | None) -> dict[str, Any]:
        g = tug_data(s)
        teams = s.data.tug_teams
        return {
            "teams": list(teams),
            "slots_per_team": s.data.tug_slots_per_team,
            "at": {t: None if team is None else teams[team] for t, team in g["at"].items()},
            "order": list(g["order"]),
            "step": STEP_OF.get(s.asking()),
            "turn": g["turn"],
            "chosen": g["chosen"],
            "cards_behind": [[teams[team] for _, team in plays] for plays in g["plays"]],
            "my_cards": None if viewer is None or not s.choice_seen("g.plays", viewer, viewer)
            else [[v, teams[team]] for v, team in g["plays"][viewer]],
        }

    def check(self, s: SquidGameState) -> None:
        g = tug_data(s)
        assert g["chosen"] is None or g["chosen"] in self.unplaced(s, s.owner(g["chosen"]))
        counts = self.counts(s)
        for team, k in enumerate(counts):
            assert k <= s.data.tug_slots_per_team
            assert abs(k - counts[opponent(team)]) <= 1, "Balance Rule broken"
        for seat, plays in enumerate(g["plays"]):
            values = [v for v, _ in plays]
            assert len(set(values)) == len(values) <= self.cards_due(s, seat), "one card a token"

    def where(self, game_view: dict[str, Any], place: Any) -> str:
        return _("not placed") if place is None else _("team {team}").format(team=place)

    def render(self, view: dict[str, Any], names: list[str]) -> list[str]:
        g = view["game"]
        lines = [_("Turn order {order}").format(order=" ".join(names[p] for p in g["order"]))]
        teams = g["teams"]
        for left in range(0, len(teams), 2):
            sides = []
            for team in teams[left:left + 2]:
                members = sorted(chip(int(t), view, names) for t, x in g["at"].items()
                                 if x == team)
                cards = sum(behind.count(team) for behind in g["cards_behind"])
                sides.append(f"{team}[{' '.join(members)}] "
                             + _("{count} card(s)").format(count=cards))
            lines.append("  " + "  ⟵ {} ⟶  ".format(_("rope")).join(sides))
        waiting = sorted(chip(int(t), view, names) for t, x in g["at"].items() if x is None)
        if waiting:
            lines.append("  " + _("not yet placed: {tokens}").format(tokens=" ".join(waiting)))
        if g["chosen"] is not None:
            lines.append("  " + _("being placed: {token}").format(
                token=chip(g["chosen"], view, names)))
        if g["my_cards"]:
            lines.append("  " + _("your face-down cards: {cards}").format(cards=", ".join(
                _("{value} on {team}").format(value=v, team=t) for v, t in g["my_cards"])))
        return lines


# ---- the game on the decision stack (engine/stack.py) ----------------------------------------
def next_placer(s: SquidGameState, first: bool = False) -> None:
    """Take turns placing a token while the Balance Rule leaves a location; then the cards."""
    tug = TUG_OF_WAR
    if tug.placeable(s) and pass_turn(tug_data(s), lambda seat: bool(tug.unplaced(s, seat)), first):
        s.ask(tug_data(s)["order"][tug_data(s)["turn"]], PLACE_TOKEN)
        return
    start_cards(s)


def place_options(s: SquidGameState, seat: int) -> list[str]:
    unplaced = TUG_OF_WAR.unplaced(s, seat)
    if tug_data(s)["chosen"] is None and len(unplaced) > 1:
        # "Take turns placing a token": which of your tokens is yours to choose.
        return token_actions(s, unplaced)
    teams = s.data.tug_teams
    return [team_action(teams[t]) for t in TUG_OF_WAR.placeable(s)]


def placed(s: SquidGameState, seat: int, choice: str) -> None:
    g = tug_data(s)
    move = decoded(s, choice)
    if type(move) is Token:
        g["chosen"] = move.number
        s.ask(seat, PLACE_TOKEN)  # now its team
        return
    assert type(move) is Team
    teams = s.data.tug_teams
    team = move.team
    token = g["chosen"] if g["chosen"] is not None else TUG_OF_WAR.unplaced(s, seat)[0]
    g["chosen"] = None
    g["at"][str(token)] = team
    if s.recording:
        s.emit("place", "{_owner:name} {token:03d} joins team {team}.", token=token,
               team=teams[team], _owner=s.owner(token))
    next_placer(s)


def start_cards(s: SquidGameState) -> None:
    """Tokens left without a location are eliminated; then everyone plays one card face down
    behind each of their tokens (at most six), all at once."""
    g = tug_data(s)
    for key in sorted(g["at"], key=int):
        if g["at"][key] is None:
            s.eliminate(int(key), N_("no location left on the Tug of War board"))
    if not g["at"]:
        campaign.finish_game(s)
        return
    s.push(tug_pull)
    s.ask_all(range(s.num_players), PLAY_CARDS)


def card_options(s: SquidGameState, seat: int) -> list[str]:
    tug = TUG_OF_WAR
    plays = tug_data(s)["plays"][seat]
    if len(plays) >= tug.cards_due(s, seat):
        return []
    teams = s.data.tug_teams
    used = {value for value, _ in plays}
    uncovered = tug.mine_on(s, seat)  # your tokens on each team without a card behind them
    for _value, team in plays:
        uncovered[team] -= 1
    open_teams = [team for team in range(len(teams)) if uncovered[team] > 0]
    action = s.game.play_action
    return [action[v, t] for v in s.data.card_values if v not in used for t in open_teams]


def card_played(s: SquidGameState, seat: int, choice: str) -> None:
    teams = s.data.tug_teams
    move = decoded(s, choice)
    assert type(move) is Play
    team_name = teams[move.team]
    tug_data(s)["plays"][seat].append([move.value, move.team])
    if s.recording:
        s.emit_private((seat,), s.entry("play", "You play {_value} on {_team}.", seat=seat,
                                        _value=move.value, _team=team_name),
                       s.entry("play", "{seat:name} plays a card face down behind team {team}.",
                               seat=seat, team=team_name))


def tug_pull(s: SquidGameState) -> None:
    """Pull: reveal one battle at a time."""
    s.mark_reveal()  # the face-down cards are turned up
    g = tug_data(s)
    teams = s.data.tug_teams
    for left in range(0, len(teams), 2):
        sides = (left, left + 1)
        members = [[int(t) for t, team in g["at"].items() if team == side] for side in sides]
        if not members[0] and not members[1]:
            continue
        cards = [[v for plays in g["plays"] for v, team in plays if team == side]
                 for side in sides]
        if not members[0] or not members[1]:
            alone = 0 if members[0] else 1
            s.emit("battle", "{_left} vs {_right}: team {_alone} has no opponent.",
                   _left=teams[left], _right=teams[left + 1], _alone=teams[sides[alone]])
            winner: int | None = alone
        else:
            totals = [sum(c) for c in cards]
            zeros = sum(c.count(0) for c in cards)
            winner = battle_winner(totals, zeros, [len(m) for m in members])
            if s.recording:
                s.emit("battle", BATTLE_TEXT[zeros == 1][winner is None],
                       cards=cards, totals=totals, zeros=zeros,
                       winner=None if winner is None else teams[sides[winner]],
                       _left=teams[left], _right=teams[left + 1],
                       _cards=Later(in_words, cards[0]), _against=Later(in_words, cards[1]),
                       _total=totals[0], _total_against=totals[1])
        for side in (0, 1):
            for token in sorted(members[side]):
                if winner is None:
                    s.eliminate(token, TIE_REASON)
                elif side == winner:
                    s.survive(token, N_("team {_team} wins its battle"),
                              _team=teams[sides[side]])
                else:
                    s.eliminate(token, N_("pulled into the gap"))
    campaign.finish_game(s)


PLACE_TOKEN = Question("Place a token on a team", place_options, placed, name="tug_place")
PLAY_CARDS = Question("Play a card face down behind one of your teams", card_options, card_played,
                      name="tug_cards")
STEP_OF: dict[str | None, str] = {  # the view's "step", by the question asked now
    "tug_place": PLACE, "tug_cards": CARDS}
STEPS = [tug_pull]
QUESTIONS = [PLACE_TOKEN, PLAY_CARDS]


TUG_OF_WAR = TugOfWar()


def in_words(numbers: list[int]) -> str:
    """Numbers as a reader says them: "1", "1 and 0", "2, 1 and 0"."""
    text = [str(n) for n in numbers]
    if len(text) < 2:
        return "".join(text)
    return ", ".join(text[:-1]) + " " + _("and") + " " + text[-1]
