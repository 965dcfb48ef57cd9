"""Declared hidden zones: a game's piles and hands, and who may see each (docs/engine.md
"Hidden zones").

A game lists its zones once (`State.ZONES`, or `State.zones()` when they change during the
game). From that one declaration come

- the resample: `redeal(state, zones, player, rng)` gathers, pool by pool, the cards `player`
  cannot see (the zones hidden from that seat, less the cards known there), sorts them, shuffles
  them with `rng` and deals them back in declaration order (seats ascending), keeping every
  pile's size and its known cards;
- the view pieces: `State.visible(field, viewer, seat)` gives a pile when the viewer may see it
  and None when not;
- the conformance checks (`squidbox.conformance`): a view must not change when a hidden zone is
  redealt, must change when a visible zone changes, and the game's own resample must vary every
  hidden zone that could vary.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import State


class Seen(Enum):
    """Who may look at a zone's cards (anyone sees how many there are)."""

    PUBLIC = "public"  # face up: everyone
    OWNER = "owner"  # a hand: the seat it belongs to (the zone is one pile per seat)
    NOBODY = "nobody"  # face down: a draw pile


@dataclass(frozen=True)
class Zone:
    """One pile (or one pile per seat) of interchangeable cards, held in a state's field.

    `field` names the attribute in FIELDS that holds it; a dotted name reads into a dict field
    ("g.deck" is `state.g["deck"]`). Zones with the same `pool` hold cards of one kind and are
    redealt together (a hand's hidden cards may come from the deck); the pool defaults to the
    field's name. `ordered`: the order of the pile is information (a draw pile's order is
    hidden, a discard pile's is seen); an unordered pile is compared as a multiset. `sort`: a
    redealt pile is stored sorted. `counts`: the pile is stored as a count per card type
    (index = card) rather than a list of cards. `known` names a per-seat field listing the
    cards of each seat's pile that everyone has seen there; they stay in place when redealt.
    `face(state, card)`: what a card looks like, where several cards look alike (Red Light
    Green Light's three blank Doll cards); a view need only tell faces apart.
    """

    field: str
    seen: Seen
    per_seat: bool = False
    pool: str = ""
    ordered: bool = True
    sort: bool = False
    counts: bool = False
    known: str | None = None
    face: Callable[[State, Any], Any] | None = None
    path: tuple[str, ...] = dataclass_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.seen is Seen.OWNER and not self.per_seat:
            raise ValueError(f"zone {self.field}: an owner's zone is one pile per seat")
        if self.known is not None and not self.per_seat:
            raise ValueError(f"zone {self.field}: known cards are kept per seat")
        object.__setattr__(self, "path", tuple(self.field.split(".")))
        if not self.pool:
            object.__setattr__(self, "pool", self.field)

    # ---- who sees what ---------------------------------------------------------------------
    def seen_by(self, seat: int | None, viewer: int | None) -> bool:
        """Whether `viewer` (None: a spectator) may see the cards of `seat`'s pile."""
        if self.seen is Seen.PUBLIC:
            return True
        return self.seen is Seen.OWNER and viewer is not None and viewer == seat

    def seats(self, state: State) -> Sequence[int | None]:
        return range(state.num_players) if self.per_seat else (None,)

    # ---- reading and writing a pile ----------------------------------------------------------
    def _holder(self, state: State) -> Any:
        holder: Any = getattr(state, self.path[0])
        for key in self.path[1:]:
            holder = holder[key]
        return holder

    def raw(self, state: State, seat: int | None) -> Any:
        """The pile as stored (a list of cards, or counts)."""
        pile = self._holder(state)
        return pile if seat is None else pile[seat]

    def cards(self, state: State, seat: int | None) -> list[Any]:
        """The pile's cards, as a list."""
        pile = self.raw(state, seat)
        if self.counts:
            return [card for card, count in enumerate(pile) for _ in range(count)]
        return list(pile)

    def faces(self, state: State, cards: list[Any]) -> list[Any]:
        """How `cards` look (the cards themselves unless the zone declares a face)."""
        face = self.face
        return cards if face is None else [face(state, card) for card in cards]

    def size(self, state: State, seat: int | None) -> int:
        """How many cards the pile holds."""
        pile = self.raw(state, seat)
        return sum(pile) if self.counts else len(pile)

    def known_cards(self, state: State, seat: int | None) -> list[Any]:
        if self.known is None or seat is None:
            return []
        known: list[Any] = getattr(state, self.known)[seat]
        return known

    def unknown_cards(self, state: State, seat: int | None) -> list[Any]:
        """The pile's cards less those everyone has seen there."""
        cards = self.cards(state, seat)
        known = self.known_cards(state, seat)
        if not known:
            return cards
        unknown = Counter(cards)
        unknown.subtract(Counter(known))
        return sorted(unknown.elements())

    def put(self, state: State, seat: int | None, cards: list[Any]) -> None:
        """Store `cards` as the pile (sorted or as counts, as declared)."""
        if self.counts:
            stored: list[Any] = [0] * len(self.raw(state, seat))
            for card in cards:
                stored[card] += 1
        else:
            stored = sorted(cards) if self.sort else cards
        if seat is not None:
            self._holder(state)[seat] = stored
        elif len(self.path) == 1:
            setattr(state, self.field, stored)
        else:
            holder: Any = getattr(state, self.path[0])
            for key in self.path[1:-1]:
                holder = holder[key]
            holder[self.path[-1]] = stored


def piles(state: State, zones: Sequence[Zone]) -> Iterator[tuple[Zone, int | None]]:
    """Every pile of `zones`: (zone, seat), seat None for a zone that is one pile."""
    for zone in zones:
        for seat in zone.seats(state):
            yield zone, seat


def hidden_piles(
    state: State, zones: Sequence[Zone], player: int | None
) -> dict[str, list[tuple[Zone, int | None]]]:
    """Per pool, in declaration order, the piles `player` cannot see."""
    pools: dict[str, list[tuple[Zone, int | None]]] = {}
    for zone in zones:
        if zone.seen is Seen.PUBLIC:
            continue  # everyone sees every pile of it
        hidden = [(zone, seat) for seat in zone.seats(state) if not zone.seen_by(seat, player)]
        if hidden:
            pools.setdefault(zone.pool, []).extend(hidden)
    return pools


def redeal(
    state: State,
    zones: Sequence[Zone],
    player: int,
    rng: random.Random,
    only_pool: str | None = None,
) -> None:
    """Redeal, pool by pool, the cards `player` cannot see among the piles `player` cannot see:
    gathered and sorted (so the result depends on what `player` sees and `rng` only), shuffled
    with `rng`, dealt back in declaration order, each pile keeping its size and known cards."""
    for pool, hidden in hidden_piles(state, zones, player).items():
        if only_pool is not None and pool != only_pool:
            continue
        cards: list[Any] = []
        for zone, seat in hidden:
            cards.extend(zone.unknown_cards(state, seat))
        cards.sort()
        shuffle(rng, cards)
        for zone, seat in hidden:
            known = zone.known_cards(state, seat)
            size = zone.size(state, seat) - len(known)
            zone.put(state, seat, known + cards[:size])
            del cards[:size]


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """`rng.shuffle(items)`: for a plain `random.Random`, the same steps written out with the
    generator's `getrandbits` at hand (CPython's `shuffle` and `_randbelow`, so the same draws
    and the same order), about twice as fast; any other generator shuffles itself."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def chance_unchanged(zone: Zone, pile: list[Any], pool: list[Any]) -> float:
    """The chance that a uniform redeal of `pool` (every hidden, unknown card of the pile's
    pool) gives `pile` (its unknown cards) the same cards again (in the same order, when the
    pile is ordered)."""
    in_pool = Counter(pool)
    in_pile = Counter(pile)
    pick = math.perm if zone.ordered else math.comb
    same = math.prod(pick(in_pool[card], k) for card, k in in_pile.items())
    return same / pick(len(pool), len(pile))
