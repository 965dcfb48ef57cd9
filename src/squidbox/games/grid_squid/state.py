"""Grid Squid, by the rulebook: setup, a turn, the end of a round, the end of the game.

Cards are kept as counts per symbol (a card's colour and number play no part in Grid Squid);
symbols are indices into the data file's symbol list. Seats play in order 0, 1, 2, …
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox import i18n
from squidbox.engine import Field, Fixed, Later, Seen, State, Zone
from squidbox.games.names import shown_log
from squidbox.i18n import N_, ngettext

from .actions import Discard, Place
from .board import EMPTY, Geometry, geometry, points_of, score, tile_name, tiles_of_seats

if TYPE_CHECKING:
    from .game import GridSquid

PLACE_TEXT = N_("{seat:name} places a cube on {_symbol} {tile}.")
TAKE_TEXT = N_("{seat:name} places {cubes} cubes on {_symbol} {tile}, "
               "taking it from {captured_from:name}.")


def score_details(results: list[Any], geo: Geometry, line_points: dict[int, int]) -> list[Any]:
    """The scoring entry's per-seat details (built when the log is read)."""
    return [{
        "seat": seat,
        "lines": [[run.direction, [geo.names[t] for t in run.tiles],
                   line_points[len(run.tiles)]] for run in result.runs],
        "squids": len(result.squids),
        "points": result.points,
    } for seat, result in enumerate(results)]


def won_text(winners: int, points: int) -> str:
    """ "wins with 1 point", "share the win with 5 points" (made when the log is read)."""
    if winners == 1:
        return ngettext("wins with {count} point", "wins with {count} points", points).format(
            count=points)
    return ngettext("share the win with {count} point", "share the win with {count} points",
                    points).format(count=points)


def score_summary(names: list[str], points: list[int]) -> str:
    return ", ".join(f"{name} {p}" for name, p in zip(names, points, strict=True))


class GridSquidState(State):
    game: GridSquid
    geo: Geometry
    tiles_of_symbol: dict[int, list[int]]
    places_of_held: dict[int, list[str]]

    # The game's data (FIELDS, engine/fields.py); Fixed: chosen and laid out at setup only.
    symbols_in_play: Fixed[list[int]]  # symbol indices used this game
    tile_symbols: Fixed[list[int]]  # symbol of each tile, row by row
    owner: Field[list[int]]  # seat whose cubes are on each tile, or EMPTY
    cubes: Field[list[int]]  # number of cubes on each tile
    supply: Field[list[int]]  # cubes each seat has left to place
    hands: Field[list[list[int]]]  # per seat, cards held per symbol
    deck: Field[list[int]]  # face-down draw pile, top card last
    discard: Field[list[int]]  # face-up discard pile, cards per symbol
    round_points: Field[list[list[int]]]  # points scored per round, per seat
    round: Field[int]  # 1-based round number
    start_player: Field[int]  # seat that starts this round
    current: Field[int]  # seat to move, or EMPTY once the game is over
    played: Field[list[int]]  # cards each seat has played this round
    # Hands (cards per symbol) are their holders' own; the deck's order is nobody's; the
    # discard pile is face up. The resample redeals other hands and the deck from one pool.
    ZONES = (
        Zone("hands", Seen.OWNER, per_seat=True, pool="cards", ordered=False, counts=True),
        Zone("deck", Seen.NOBODY, pool="cards"),
        Zone("discard", Seen.PUBLIC, pool="cards", ordered=False, counts=True),
    )

    # ---- setup --------------------------------------------------------------------------------
    def _setup(self) -> None:
        data = self.game.data
        n = self.num_players
        setup = data.setups[n]
        self.symbols_in_play = self._choose_symbols(setup.symbols_in_play)
        # The board: 5 tiles of each symbol in play, laid out at random.
        self.tile_symbols = [s for s in self.symbols_in_play for _ in range(data.tiles_per_symbol)]
        self.rng.shuffle(self.tile_symbols)
        self.owner = [EMPTY] * len(self.tile_symbols)
        self.cubes = [0] * len(self.tile_symbols)
        self.supply = [data.cubes_per_player] * n
        # All cards of the symbols in play, shuffled.
        self.deck = [s for s in self.symbols_in_play for _ in range(data.cards_per_symbol)]
        self.rng.shuffle(self.deck)
        self.discard = [0] * len(data.symbols)
        self.hands = [[0] * len(data.symbols) for _ in range(n)]
        self.round_points = []
        self.round = 1
        self.start_player = self.rng.randrange(n)
        self.current = self.start_player
        self.played = [0] * n
        names = [data.symbols[s] for s in self.symbols_in_play]
        self.emit("setup", "Symbols in play: {symbols:list}. {start_player:name} starts.",
                  symbols=names, start_player=self.start_player)
        self._deal()

    def _choose_symbols(self, count: int) -> list[int]:
        chosen = self.options["symbols"]
        if chosen == "random":
            return sorted(self.rng.sample(range(len(self.game.data.symbols)), count))
        return sorted(self.game.data.symbols.index(name) for name in chosen)

    def _derive(self) -> None:
        data = self.game.data
        self.geo = geometry(
            data.board_columns,
            data.setups[self.num_players].board_rows,
            self.options["diagonals"],
            data.shortest_line,
        )
        self.tiles_of_symbol = {s: [] for s in self.symbols_in_play}
        for tile, symbol in enumerate(self.tile_symbols):
            self.tiles_of_symbol.setdefault(symbol, []).append(tile)
        # The place actions per set of symbols held (a bit per symbol), filled as met: derived
        # from the board alone, so clones share it.
        self.places_of_held = {}

    def seat_names(self) -> list[str]:
        colours = self.options["colours"]
        return self.game.seat_names(self.num_players) if colours == "default" else list(colours)

    @property
    def hand_size(self) -> int:
        """Cards dealt at the start of the game."""
        data = self.game.data
        return data.advanced_hand_size if self.options["advanced"] else data.hand_size

    @property
    def keeps_leftovers(self) -> bool:
        """Advanced rule, literal reading: unplayed cards stay in hand into the next round."""
        return bool(self.options["advanced"]) and self.options["advanced_leftovers"] == "keep"

    def cards_dealt_in_round(self, round_number: int) -> int:
        """Round 1 deals a full hand. Later rounds "Deal 5 new cards to each player": on top
        of the kept cards when leftovers are kept, else a full hand again."""
        if round_number > 1 and self.keeps_leftovers:
            return self.game.data.hand_size
        return self.hand_size

    def hand_at_round_start(self, round_number: int) -> int:
        """Cards each seat holds once a round's deal is done."""
        if not self.keeps_leftovers:
            return self.hand_size
        data = self.game.data
        growth = data.hand_size - data.cards_played_per_round  # 0 with the rulebook's numbers
        return self.hand_size + (round_number - 1) * growth

    def _deal(self) -> None:
        """Deal new cards to each seat, one card at a time from the starting player."""
        self.mark_reveal()  # each seat sees the cards it is dealt
        n = self.num_players
        dealt: list[list[int]] = [[] for _ in range(n)]  # per seat, the symbols dealt now
        for _ in range(self.cards_dealt_in_round(self.round)):
            for offset in range(n):
                seat = (self.start_player + offset) % n
                symbol = self._draw()
                self.hands[seat][symbol] += 1
                dealt[seat].append(symbol)
        if not self.recording:
            return
        symbols = self.game.data.symbols
        for seat in range(n):
            # Only the new cards: with kept leftovers the hand also holds last round's.
            cards = [symbols[s] for s in sorted(dealt[seat])]
            self.emit_private(
                (seat,),
                self.entry("deal", "You are dealt {cards:list}.", seat=seat, cards=cards),
                self.entry("deal", "{seat:name} is dealt {count} cards.", seat=seat,
                           count=len(cards)),
            )

    def _draw(self) -> int:
        """The top card; when the deck runs out, the discards are shuffled into a new deck."""
        if not self.deck:
            self.deck = [s for s, k in enumerate(self.discard) for _ in range(k)]
            self.discard = [0] * len(self.discard)
            self.rng.shuffle(self.deck)
            self.emit("reshuffle", "The discard pile is shuffled into a new deck.",
                      cards=len(self.deck))
        return self.deck.pop()

    # ---- a turn -------------------------------------------------------------------------------
    def _to_move(self) -> list[int]:
        return [] if self.current == EMPTY else [self.current]

    def _legal_actions(self, player: int) -> list[str]:
        """A card of each symbol in hand may place on a tile of its symbol the seat can pay
        for: one cube on an empty or own tile, one more than the opponent has there else."""
        hand = self.hands[player]
        supply = self.supply[player]
        cubes = self.cubes
        if supply > max(cubes):
            # Every tile of a symbol in hand is affordable: the list depends only on which
            # symbols are held (board order, worked out once per board and set of symbols).
            held = 0
            for symbol in self.symbols_in_play:
                if hand[symbol]:
                    held |= 1 << symbol
            listed = self.places_of_held.get(held)
            if listed is None:
                listed = self.places_of_held[held] = self._places_of(held)
            return listed[:]
        owner = self.owner
        tiles = []
        discards = []
        for symbol in self.symbols_in_play:
            if not hand[symbol]:
                continue
            placed = False
            for tile in self.tiles_of_symbol[symbol]:
                holder = owner[tile]
                if (1 if holder == EMPTY or holder == player else cubes[tile] + 1) <= supply:
                    tiles.append(tile)
                    placed = True
            if not placed:  # a card that can place no cube anywhere may be played without effect
                discards.append(self.game.discard_actions[symbol])
        tiles.sort()  # board order, then the discards
        actions = self.game.place_actions
        return [actions[tile] for tile in tiles] + discards

    def _places_of(self, held: int) -> list[str]:
        """The place actions on every tile whose symbol is in the bit set `held`."""
        symbols = self.tile_symbols
        actions = self.game.place_actions
        return [actions[tile] for tile in range(len(symbols)) if held >> symbols[tile] & 1]

    def _apply(self, player: int, action: str) -> None:
        move = self.game.moves.decode[action]
        if type(move) is Place:
            tile = move.tile
            symbol = self.tile_symbols[tile]
        else:
            assert type(move) is Discard
            tile = None
            symbol = move.symbol
        # The card goes face up from the hand onto the discard pile.
        self.mark_reveal()
        self.hands[player][symbol] -= 1
        self.discard[symbol] += 1
        if tile is not None:
            self._place(player, tile)
        elif self._records:
            self.emit("discard", "{seat:name} plays {symbol} and can place no cube.",
                      seat=player, symbol=self.game.data.symbols[symbol])
        played = self.played
        played[player] += 1
        # The next seat plays, or the round ends once every seat has played its cards.
        following = (player + 1) % self.num_players
        if played[following] < self.game.data.cards_played_per_round:
            self.current = following
        else:
            self._end_round()

    def _place(self, seat: int, tile: int) -> None:
        """Place on a tile; taking an opponent's tile returns their cubes to them."""
        owner = self.owner
        cubes = self.cubes
        holder = owner[tile]
        taken = holder != EMPTY and holder != seat
        if taken:
            cost = cubes[tile] + 1
            self.supply[holder] += cubes[tile]
            cubes[tile] = cost
        else:
            cost = 1
            cubes[tile] = cubes[tile] + 1 if holder == seat else 1
        self.supply[seat] -= cost
        owner[tile] = seat
        if self._records:
            self.emit("place", TAKE_TEXT if taken else PLACE_TEXT, seat=seat,
                      tile=self.geo.names[tile], cubes=cost,
                      captured_from=holder if taken else None,
                      _symbol=self.game.data.symbols[self.tile_symbols[tile]])

    # ---- the end of a round -------------------------------------------------------------------
    def _end_round(self) -> None:
        self._score_round()
        self._return_excess_cubes()
        if not self.keeps_leftovers:
            self._discard_unplayed_cards()
        if self.round == self.game.data.rounds:
            self._end_game()
            return
        self.round += 1
        step = 1 if self.options["start_shift"] == "left" else -1
        self.start_player = (self.start_player + step) % self.num_players
        self.current = self.start_player
        self.played = [0] * self.num_players
        self.emit("round", "Round {round}: {start_player:name} starts.",
                  round=self.round, start_player=self.start_player)
        self._deal()

    def _score_round(self) -> None:
        data = self.game.data
        if not self.recording:  # the points alone
            mine = tiles_of_seats(self.owner, self.num_players)
            self.round_points.append([points_of(tiles, self.geo, data.line_points,
                                                data.squid_bonus) for tiles in mine])
            return
        results = [score(self.owner, self.geo, seat, data.line_points, data.squid_bonus)
                   for seat in range(self.num_players)]
        this_round = [result.points for result in results]
        self.round_points.append(this_round)
        if self.recording:
            self.emit("score", "Round {round} scoring: {_summary}.", round=self.round,
                      players=Later(score_details, results, self.geo, data.line_points),
                      _summary=Later(score_summary, self.seat_names(), this_round[:]))

    def _return_excess_cubes(self) -> None:
        for tile, count in enumerate(self.cubes):
            if count > 1:
                self.supply[self.owner[tile]] += count - 1
                self.cubes[tile] = 1

    def _discard_unplayed_cards(self) -> None:
        """Advanced rule, option advanced_leftovers="discard": the unplayed cards are discarded
        face up at the end of the round."""
        for seat, hand in enumerate(self.hands):
            if not any(hand):
                continue
            self.mark_reveal()  # leftover cards go face up
            cards = [self.game.data.symbols[s] for s, k in enumerate(hand) for _ in range(k)]
            for symbol, count in enumerate(hand):
                self.discard[symbol] += count
            self.hands[seat] = [0] * len(hand)
            self.emit("discard_unplayed", "{seat:name} discards {cards:list}.",
                      seat=seat, cards=cards)

    def _end_game(self) -> None:
        self.current = EMPTY
        winners = self.winners()
        scores = self.scores()
        self.emit("game_over", "{winners:names} {_won}.", winners=winners, scores=scores,
                  _won=Later(won_text, len(winners), scores[winners[0]]))

    # ---- the end of the game ------------------------------------------------------------------
    def winners(self) -> list[int]:
        totals = self.scores()
        best = max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]

    def _is_terminal(self) -> bool:
        return self.current == EMPTY

    def _returns(self) -> list[float]:
        winners = self.winners()
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(self.num_players)]

    def scores(self) -> list[float]:
        """Total points: the sum of every scoring so far."""
        return [sum(points[seat] for points in self.round_points)
                for seat in range(self.num_players)]

    # ---- what a player sees -------------------------------------------------------------------
    def log(self, viewer: int | None) -> list[dict[str, Any]]:
        """The log, its colours named in the reader's language ("Rot" in German; the data keep
        "Red")."""
        if i18n.current() == i18n.DEFAULT:
            return super().log(viewer)
        self._check_viewer(viewer)
        return shown_log(self, viewer)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        symbols = self.game.data.symbols
        columns = self.geo.columns
        totals = self.scores()
        hand = None if viewer is None else self.visible("hands", viewer, viewer)
        return {
            "board": {
                "columns": columns,
                "rows": self.geo.rows,
                "tiles": [
                    {"name": tile_name(t, columns), "symbol": symbols[s],
                     "owner": None if self.owner[t] == EMPTY else self.owner[t],
                     "cubes": self.cubes[t]}
                    for t, s in enumerate(self.tile_symbols)
                ],
            },
            "symbols_in_play": [symbols[s] for s in self.symbols_in_play],
            "round": self.round,
            "rounds": self.game.data.rounds,
            "start_player": self.start_player,
            "current_player": None if self.current == EMPTY else self.current,
            "players": [
                {"seat": seat, "colour": self.seat_name(seat),
                 "score": totals[seat], "supply": self.supply[seat],
                 "cards_in_hand": sum(self.hands[seat]), "played_this_round": self.played[seat]}
                for seat in range(self.num_players)
            ],
            "round_points": [list(points) for points in self.round_points],
            "hand": None if hand is None else {symbols[s]: k for s, k in enumerate(hand) if k},
            "deck_size": len(self.deck),
            "discard": {symbols[s]: k for s, k in enumerate(self.discard) if k},
        }

    # ---- consistency --------------------------------------------------------------------------
    def check_invariants(self) -> None:
        data = self.game.data
        n = self.num_players
        tiles = data.setups[n].board_rows * data.board_columns
        symbol_count = len(data.symbols)
        assert len(self.symbols_in_play) == data.setups[n].symbols_in_play
        assert len(self.tile_symbols) == len(self.owner) == len(self.cubes) == tiles
        for symbol in self.symbols_in_play:
            assert self.tile_symbols.count(symbol) == data.tiles_per_symbol, "tiles per symbol"
        # Cubes are conserved: supply plus cubes on the board is each seat's 12.
        for seat in range(n):
            on_board = sum(c for o, c in zip(self.owner, self.cubes, strict=False) if o == seat)
            assert self.supply[seat] >= 0, "negative supply"
            assert self.supply[seat] + on_board == data.cubes_per_player, "cubes not conserved"
        for holder, count in zip(self.owner, self.cubes, strict=False):
            assert (holder == EMPTY) == (count == 0) and count >= 0, "tile ownership"
            assert holder == EMPTY or 0 <= holder < n, "tile owner"
        # Cards are conserved, symbol by symbol.
        assert len(self.hands) == n and len(self.discard) == symbol_count
        for symbol in range(symbol_count):
            held = sum(hand[symbol] for hand in self.hands)
            total = held + self.discard[symbol] + self.deck.count(symbol)
            expected = data.cards_per_symbol if symbol in self.symbols_in_play else 0
            assert total == expected, f"cards of symbol {symbol} not conserved"
            assert self.discard[symbol] >= 0 and all(h[symbol] >= 0 for h in self.hands)
        # Turn bookkeeping.
        assert 1 <= self.round <= data.rounds and 0 <= self.start_player < n
        assert len(self.round_points) == self.round - (0 if self.current == EMPTY else 1)
        for seat in range(n):
            if self.current != EMPTY:
                assert (sum(self.hands[seat])
                        == self.hand_at_round_start(self.round) - self.played[seat]), "hand size"
        if self.current != EMPTY:
            assert 0 <= self.current < n
            assert self.played[self.current] < data.cards_played_per_round
