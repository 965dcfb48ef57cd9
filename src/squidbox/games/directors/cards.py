"""#10 The player cards: one effect function per card, run when the card is commanded.

`EFFECTS[name](state, seat)` follows a card's instructions for the seat commanding it. The
numbers come from data.toml (`state.params(name)`); the below-the-line texts live where they
trigger: Agent and Unicorn in DirectorsState.play, Falconer and Cultist in playing.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from squidbox.engine import Later
from squidbox.engine.stack import Question, Step
from squidbox.i18n import N_

from .actions import Target
from .commanding import command, command_in_order
from .data import COLOURS
from .playing import offer_play, play_several
from .text import ref_text

if TYPE_CHECKING:
    from .state import DirectorsState

Effect = Callable[["DirectorsState", int], None]
EFFECTS: dict[str, Effect] = {}
BONUS_WORDS = ("draw", "money", "play")  # Advisor's and Golem's bonuses, in the card's order
BONUSES = tuple(f"bonus {word}" for word in BONUS_WORDS)  # their actions
# The bonus log lines by the bonus (message ids, translated when the log is read)
_CHOOSES = {"draw": N_("{seat:name} chooses draw for {_me:name}."),
            "money": N_("{seat:name} chooses money for {_me:name}."),
            "play": N_("{seat:name} chooses play for {_me:name}.")}
_SKIPS = {"draw": N_("{seat:name} makes {_me:name} skip draw."),
          "money": N_("{seat:name} makes {_me:name} skip money."),
          "play": N_("{seat:name} makes {_me:name} skip play.")}
WATCHED = "watchdog"  # marks, while Watchdog commands it, the card in play it will return


def card(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn
    return register


def costs_up_to(st: DirectorsState, limit: int) -> list[int]:
    return sorted({c.cost for c in st.game.data.cards.values() if c.cost <= limit})


def hand_options(st: DirectorsState, seat: int, verb: str) -> list[str]:
    return [f"{verb} {c}" for c in sorted(set(st.hands[seat]))]


# ---- Advisor: the previous player picks your bonus ------------------------------------------
@card("Advisor")
def advisor(st: DirectorsState, me: int) -> None:
    st.ask(st.prev(me), ADVISOR_BONUS, me=me)


def advisor_bonus(st: DirectorsState, seat: int, me: int) -> list[str]:
    return list(BONUSES)


def advisor_chosen(st: DirectorsState, seat: int, choice: str, me: int) -> None:
    p = st.params("Advisor")
    st.emit("bonus", _CHOOSES[st.game.named[choice]], seat=seat, choice=choice,
            _me=me)
    if choice == "bonus draw":
        st.draw(me, p["draw"])
    elif choice == "bonus money":
        st.gain(me, p["money"])
    else:
        st.push(play_several, seat=me, left=p["plays"])


ADVISOR_BONUS = Question(
    N_("Advisor: choose the bonus the next player gets"),
    advisor_bonus, advisor_chosen)


# ---- Agent (its line below: commanded when played, see DirectorsState.play) ------------------
@card("Agent")
def agent(st: DirectorsState, me: int) -> None:
    st.push(offer_play, seat=me, costs=costs_up_to(st, st.params("Agent")["max_cost"]))


# ---- Alpha ----------------------------------------------------------------------------------
@card("Alpha")
def alpha(st: DirectorsState, me: int) -> None:
    st.push(offer_play, seat=me)
    st.push(alpha_bonus, me=me)


def alpha_bonus(st: DirectorsState, me: int) -> None:
    if st.played[me]:
        st.gain(me, st.params("Alpha")["money_per_play"] * st.played[me])


# ---- Artisan ----------------------------------------------------------------------------------
@card("Artisan")
def artisan(st: DirectorsState, me: int) -> None:
    st.push(draw_cards, seat=me, count=st.params("Artisan")["draw"])
    for name in sorted(st.hands[me]):
        st.discard_from_hand(me, name)


def draw_cards(st: DirectorsState, seat: int, count: int) -> None:
    """Artisan draws after its discards (and after any Cultist they set off)."""
    st.draw(seat, count)


# ---- Bandit -----------------------------------------------------------------------------------
@card("Bandit")
def bandit(st: DirectorsState, me: int) -> None:
    p = st.params("Bandit")
    loss = p["loss"] + (p["recruit_extra"] if st.last_action[me] == "recruit" else 0)
    for seat in st.others(me):
        st.lose(seat, loss)


# ---- Bishop: discarders first, then the drawers, each in turn order --------------------------
@card("Bishop")
def bishop(st: DirectorsState, me: int) -> None:
    st.push(bishop_next, order=st.turn_order(me), failed=[])


def bishop_next(st: DirectorsState, order: list[int], failed: list[int]) -> None:
    p = st.params("Bishop")
    if not order:
        for seat in failed:
            st.draw(seat, p["draw"])
            st.take_minus(seat, p["minus"])
        return
    seat = order[0]
    if not st.ask(seat, BISHOP_DISCARD, order=order, failed=failed, discarded=0):
        st.push(bishop_next, order=order[1:], failed=[*failed, seat])


def bishop_discard(st: DirectorsState, seat: int, order: list[int], failed: list[int],
                   discarded: int) -> list[str]:
    if discarded:
        return hand_options(st, seat, "discard")
    if len(st.hands[seat]) < st.params("Bishop")["discard"]:
        return []
    return [*hand_options(st, seat, "discard"), "pass"]


def bishop_discarded(st: DirectorsState, seat: int, choice: str, order: list[int],
                     failed: list[int], discarded: int) -> None:
    p = st.params("Bishop")
    if choice == "pass":
        st.push(bishop_next, order=order[1:], failed=[*failed, seat])
        return
    discarded += 1
    if discarded == p["discard"]:
        st.push(remove_minus_step, seat=seat, count=p["remove"])
        st.push(bishop_next, order=order[1:], failed=failed)
    else:
        st.ask_later(seat, BISHOP_DISCARD, order=order, failed=failed, discarded=discarded)
    st.discard_from_hand(seat, st.game.named[choice])


BISHOP_DISCARD = Question(
    N_("Bishop: you may discard 3 cards to remove -3 crowns"),
    bishop_discard, bishop_discarded)


def remove_minus_step(st: DirectorsState, seat: int, count: int) -> None:
    st.remove_minus(seat, count)


# ---- Captain (Director) -----------------------------------------------------------------------
@card("Captain")
def captain(st: DirectorsState, me: int) -> None:
    st.ask(me, CAPTAIN_DISCARD, discarded=[])


def captain_discard(st: DirectorsState, seat: int, discarded: list[str]) -> list[str]:
    cards = hand_options(st, seat, "discard")
    return [*cards, "pass"] if cards else []


def captain_discarded(st: DirectorsState, seat: int, choice: str, discarded: list[str]) -> None:
    if choice != "pass":
        discarded = [*discarded, st.game.named[choice]]
    done = choice == "pass" or len(discarded) == st.params("Captain")["discard"]
    if done:
        st.push(command_in_order, seat=seat, cards=sorted(discarded), by_director=True)
    else:
        st.push(captain_more, seat=seat, discarded=discarded)
    if choice != "pass":
        st.discard_from_hand(seat, discarded[-1])


CAPTAIN_DISCARD = Question(
    N_("Captain: discard up to 2 cards; each is commanded"),
    captain_discard, captain_discarded)


def captain_more(st: DirectorsState, seat: int, discarded: list[str]) -> None:
    if not st.ask(seat, CAPTAIN_DISCARD, discarded=discarded):
        st.push(command_in_order, seat=seat, cards=sorted(discarded), by_director=True)


# ---- Cultist (its line below: in playing.py) --------------------------------------------------
@card("Cultist")
def cultist_effect(st: DirectorsState, me: int) -> None:
    p = st.params("Cultist")
    st.draw(me, p["draw"])
    for _ in range(p["discard"]):
        st.ask_later(me, DISCARD_ONE)


def discard_one(st: DirectorsState, seat: int) -> list[str]:
    return hand_options(st, seat, "discard")


def discarded_one(st: DirectorsState, seat: int, choice: str) -> None:
    st.discard_from_hand(seat, st.game.named[choice])


DISCARD_ONE = Question(N_("Discard a card"), discard_one, discarded_one)


# ---- Diplomat (Director) ----------------------------------------------------------------------
@card("Diplomat")
def diplomat(st: DirectorsState, me: int) -> None:
    st.draw(me, st.params("Diplomat")["draw"])
    st.ask(me, DIPLOMAT_REVEAL)


def diplomat_reveal(st: DirectorsState, seat: int) -> list[str]:
    limit = st.params("Diplomat")["max_cost"]
    cards = sorted({c for c in st.hands[seat] if st.card(c).cost <= limit})
    return [f"command {c}" for c in cards] + ["pass"] if st.hands[seat] else []


def diplomat_revealed(st: DirectorsState, seat: int, choice: str) -> None:
    if choice != "pass":
        name = st.game.named[choice]
        st.reveal(seat, [name])
        st.push(command, seat=seat, card=name, by_director=True)


DIPLOMAT_REVEAL = Question(
    N_("Diplomat: reveal a card costing $5 or less from your hand, if you hold one, and "
    "command it; or pass"),
    diplomat_reveal, diplomat_revealed)


# ---- Falconer (its line below: in playing.py) -------------------------------------------------
@card("Falconer")
def falconer_effect(st: DirectorsState, me: int) -> None:
    p = st.params("Falconer")
    st.gain(me, p["money"])
    st.draw(me, p["draw"])


# ---- Familiar -----------------------------------------------------------------------------------
@card("Familiar")
def familiar(st: DirectorsState, me: int) -> None:
    p = st.params("Familiar")
    cards = st.discard_from_deck(me, p["discard"])
    st.push(offer_play, seat=me, source="discard", among=cards, penalty=p["minus"])


# ---- Golem: the previous player picks the bonus you skip --------------------------------------
@card("Golem")
def golem(st: DirectorsState, me: int) -> None:
    st.ask(st.prev(me), GOLEM_SKIP, me=me)


def golem_skip(st: DirectorsState, seat: int, me: int) -> list[str]:
    return list(BONUSES)


def golem_skipped(st: DirectorsState, seat: int, choice: str, me: int) -> None:
    p = st.params("Golem")
    st.emit("bonus", _SKIPS[st.game.named[choice]], seat=seat, choice=choice,
            _me=me)
    if choice != "bonus draw":
        st.draw(me, p["draw"])
    if choice != "bonus money":
        st.gain(me, p["money"])
    if choice != "bonus play":
        st.push(play_several, seat=me, left=p["plays"])


GOLEM_SKIP = Question(
    N_("Golem: choose the bonus the next player skips"),
    golem_skip, golem_skipped)


# ---- Healer, Hero, Horse ----------------------------------------------------------------------
@card("Healer")
def healer(st: DirectorsState, me: int) -> None:
    p = st.params("Healer")
    st.gain(me, p["money"])
    if st.last_action[st.prev(me)] == "collect":
        st.remove_minus(me, p["remove"])


@card("Hero")
def hero(st: DirectorsState, me: int) -> None:
    p = st.params("Hero")
    st.draw(me, p["draw"])
    if len(st.hands[me]) <= p["hand_limit"]:
        st.gain(me, p["money"])


@card("Horse")
def horse(st: DirectorsState, me: int) -> None:
    p = st.params("Horse")
    st.draw(me, p["draw"])
    for seat in st.others(me):
        st.draw(seat, p["others_draw"])


# ---- Hunter -------------------------------------------------------------------------------------
@card("Hunter")
def hunter(st: DirectorsState, me: int) -> None:
    st.ask(me, HUNTER_COLOUR)


def hunter_colour(st: DirectorsState, seat: int) -> list[str]:
    return [f"name {colour}" for colour in COLOURS]


def hunter_named(st: DirectorsState, seat: int, choice: str) -> None:
    colour = st.game.named[choice]
    st.emit("name", "{seat:name} names {colour:t}.", seat=seat, colour=colour)
    st.push(hunter_self, me=seat)
    for other in st.others(seat):
        st.ask_later(other, HUNTER_OTHER, colour=colour)


HUNTER_COLOUR = Question(N_("Hunter: name a colour"), hunter_colour, hunter_named)


def hunter_self(st: DirectorsState, me: int) -> None:
    if not st.ask(me, HUNTER_DISCARD):
        st.gain(me, st.params("Hunter")["money_kept"])


def hunter_discard(st: DirectorsState, seat: int) -> list[str]:
    cards = hand_options(st, seat, "discard")
    return [*cards, "pass"] if cards else []


def hunter_discarded(st: DirectorsState, seat: int, choice: str) -> None:
    p = st.params("Hunter")
    if choice == "pass":
        st.gain(seat, p["money_kept"])
    else:
        st.discard_from_hand(seat, st.game.named[choice])
        st.gain(seat, p["money_discarded"])


HUNTER_DISCARD = Question(
    N_("Hunter: you may discard a card ($7 if you do, $3 if not)"),
    hunter_discard, hunter_discarded)


def hunter_other(st: DirectorsState, seat: int, colour: str) -> list[str]:
    cards = sorted({c for c in st.hands[seat] if st.card(c).colour == colour})
    return [f"discard {c}" for c in cards] + ["pass"] if st.hands[seat] else []


def hunter_other_discarded(st: DirectorsState, seat: int, choice: str, colour: str) -> None:
    if choice != "pass":
        st.discard_from_hand(seat, st.game.named[choice])
        st.gain(seat, st.params("Hunter")["others_money"])


HUNTER_OTHER = Question(
    N_("Hunter: anyone may now discard a card of the named colour to gain $4"),
    hunter_other, hunter_other_discarded)


# ---- Inventor (Director) ----------------------------------------------------------------------
@card("Inventor")
def inventor(st: DirectorsState, me: int) -> None:
    st.push(offer_play, seat=me)
    st.ask_later(me, INVENTOR_COMMAND)


def inventor_command(st: DirectorsState, seat: int) -> list[str]:
    return [f"command {c}" for c in sorted({c["card"] for c in st.areas[seat] if c["new"]})]


def inventor_commanded(st: DirectorsState, seat: int, choice: str) -> None:
    st.push(command, seat=seat, card=st.game.named[choice], by_director=True)


INVENTOR_COMMAND = Question(
    N_("Inventor: command a card you played this turn"),
    inventor_command, inventor_commanded)


# ---- Kitsune: play, then perhaps exchange same-cost cards in play ----------------------------
@card("Kitsune")
def kitsune(st: DirectorsState, me: int) -> None:
    st.push(offer_play, seat=me)
    st.ask_later(me, KITSUNE_GIVE)


def same_cost_holders(st: DirectorsState, me: int, cost: int) -> list[int]:
    return [s for s in st.others(me) if any(st.card(c["card"]).cost == cost for c in st.areas[s])]


def kitsune_give(st: DirectorsState, seat: int) -> list[str]:
    cards = [c for c in st.areas[seat] if same_cost_holders(st, seat, st.card(c["card"]).cost)]
    refs = st.refs_in_play(seat, cards)
    return [f"give {r}" for r in refs] + ["pass"] if refs else []


def kitsune_given(st: DirectorsState, seat: int, choice: str) -> None:
    if choice == "pass":
        return
    give = st.game.named[choice]
    holders = same_cost_holders(st, seat, st.card(st.find_in_play(seat, give)["card"]).cost)
    if len(holders) == 1:
        st.ask(seat, KITSUNE_TAKE, give=give, other=holders[0])
    else:
        st.ask(seat, KITSUNE_TARGET, give=give)


KITSUNE_GIVE = Question(
    N_("Kitsune: you may exchange one of your cards in play"),
    kitsune_give, kitsune_given)


def kitsune_target(st: DirectorsState, seat: int, give: str) -> list[str]:
    cost = st.card(st.find_in_play(seat, give)["card"]).cost
    return [f"target {s + 1}" for s in sorted(same_cost_holders(st, seat, cost))]


def kitsune_targeted(st: DirectorsState, seat: int, choice: str, give: str) -> None:
    target = st.game.moves.decode[choice]
    assert isinstance(target, Target)
    st.ask(seat, KITSUNE_TAKE, give=give, other=target.seat)


KITSUNE_TARGET = Question(
    N_("Kitsune: choose the player to exchange with"),
    kitsune_target, kitsune_targeted)


def kitsune_take(st: DirectorsState, seat: int, give: str, other: int) -> list[str]:
    cost = st.card(st.find_in_play(seat, give)["card"]).cost
    cards = [c for c in st.areas[other] if st.card(c["card"]).cost == cost]
    return [f"take {r}" for r in st.refs_in_play(other, cards)]


def kitsune_taken(st: DirectorsState, seat: int, choice: str, give: str, other: int) -> None:
    mine = st.find_in_play(seat, give)
    theirs = st.find_in_play(other, st.game.named[choice])
    st.areas[seat].remove(mine)
    st.areas[other].remove(theirs)
    mine["new"] = theirs["new"] = False  # neither was played this turn by its new holder
    st.areas[seat].append(theirs)
    st.areas[other].append(mine)
    st.emit("exchange", "{seat:name} exchanges {_gave} for {other:name}'s {_took}.", seat=seat,
            other=other, gave=mine["card"], took=theirs["card"],
            _gave=Later(ref_text, mine["card"], mine["rotated"]),
            _took=Later(ref_text, theirs["card"], theirs["rotated"]))



KITSUNE_TAKE = Question(N_("Kitsune: choose the card you take"), kitsune_take, kitsune_taken)


# ---- Leprechaun, Magpie -----------------------------------------------------------------------
@card("Leprechaun")
def leprechaun(st: DirectorsState, me: int) -> None:
    p = st.params("Leprechaun")
    st.gain(me, p["money"])
    if not p["safe_from"] <= st.clock <= p["safe_to"]:
        st.take_minus(me, p["minus"])


@card("Magpie")
def magpie(st: DirectorsState, me: int) -> None:
    st.ask(me, MAGPIE_OPTIONS, paid=0)


def magpie_options(st: DirectorsState, seat: int, paid: int) -> list[str]:
    p = st.params("Magpie")
    return ["pay", "pass"] if paid < p["times"] and st.money[seat] >= p["price"] else []


def magpie_paid(st: DirectorsState, seat: int, choice: str, paid: int) -> None:
    # #10 Magpie: "pay $0 for nothing, or pay $2 for 1 card, ... or pay $8 for 4": the whole
    # payment is decided first, then the cards are drawn (not one look at a time).
    if choice == "pay":
        pay(st, seat, st.params("Magpie")["price"])
        paid += 1
        if st.ask(seat, MAGPIE_OPTIONS, paid=paid):
            return
    st.draw(seat, paid)


MAGPIE_OPTIONS = Question(
    N_("Magpie: you may pay $2 (again); then you draw 1 card for each $2 paid"),
    magpie_options, magpie_paid)


def pay(st: DirectorsState, seat: int, amount: int) -> None:
    st.money[seat] -= amount
    st.emit("pay", "{seat:name} pays ${amount}.", seat=seat, amount=amount)


# ---- Mastermind: one card at each cost ---------------------------------------------------------
@card("Mastermind")
def mastermind(st: DirectorsState, me: int) -> None:
    tiers = list(st.params("Mastermind")["tiers"])
    st.push(offer_play, seat=me, costs=tiers, after="mastermind_next",
            after_args={"me": me, "tiers": tiers})


def mastermind_next(st: DirectorsState, played: str | None, me: int, tiers: list[int]) -> None:
    if played is None:
        return
    tiers = [t for t in tiers if t != st.card(played).cost]
    if tiers:
        st.push(offer_play, seat=me, costs=tiers, after="mastermind_next",
                after_args={"me": me, "tiers": tiers})


# ---- Merchant, Mimic --------------------------------------------------------------------------
@card("Merchant")
def merchant(st: DirectorsState, me: int) -> None:
    p = st.params("Merchant")
    st.gain(me, p["money"])
    st.debts[me] += p["loss"]


@card("Mimic")
def mimic(st: DirectorsState, me: int) -> None:
    cards = st.discard_from_deck(me, st.params("Mimic")["discard"])
    st.ask(me, MIMIC_CHOICE, among=cards)


def mimic_choice(st: DirectorsState, seat: int, among: list[str]) -> list[str]:
    return [f"command {c}" for c in sorted(set(among))]


def mimic_chosen(st: DirectorsState, seat: int, choice: str, among: list[str]) -> None:
    name = st.game.named[choice]
    for _ in range(st.params("Mimic")["times"]):
        st.push(command, seat=seat, card=name, by_director=True)


MIMIC_CHOICE = Question(N_("Mimic: choose the card to command twice"), mimic_choice, mimic_chosen)


# ---- Nightmare ---------------------------------------------------------------------------------
@card("Nightmare")
def nightmare(st: DirectorsState, me: int) -> None:
    for seat in st.others(me):
        st.push(nightmare_next, seat=seat, spared=[])


def unrotated(st: DirectorsState, seat: int) -> list[str]:
    return sorted(c["card"] for c in st.areas[seat] if not c["rotated"])


def nightmare_next(st: DirectorsState, seat: int, spared: list[str]) -> None:
    if len(unrotated(st, seat)) <= st.params("Nightmare")["spared"]:
        return
    st.ask(seat, NIGHTMARE_SPARE, spared=spared)


def nightmare_spare(st: DirectorsState, seat: int, spared: list[str]) -> list[str]:
    left = Counter(unrotated(st, seat)) - Counter(spared)
    return [f"spare {c}" for c in sorted(left)]


def nightmare_spared(st: DirectorsState, seat: int, choice: str, spared: list[str]) -> None:
    spared = [*spared, st.game.named[choice]]
    if len(spared) < st.params("Nightmare")["spared"]:
        st.ask(seat, NIGHTMARE_SPARE, spared=spared)
        return
    for card_in_play in st.areas[seat]:
        if card_in_play["card"] in spared and not card_in_play["rotated"]:
            spared.remove(card_in_play["card"])
        else:
            card_in_play["rotated"] = True
    st.emit("nightmare", "{seat:name} rotates all but two cards in play.", seat=seat)


NIGHTMARE_SPARE = Question(
    N_("Nightmare: choose a card to leave un-rotated"),
    nightmare_spare, nightmare_spared)


# ---- Overlord (Director): a Blue card, then a Gold card ---------------------------------------
@card("Overlord")
def overlord(st: DirectorsState, me: int) -> None:
    if not st.ask(me, OVERLORD_CHOICE, colour="Blue", blue=None):
        overlord_gold(st, me, None)


def overlord_choice(st: DirectorsState, seat: int, colour: str, blue: str | None) -> list[str]:
    cards = {c["card"] for c in st.areas[seat] if st.card(c["card"]).colour == colour}
    return [f"command {c}" for c in sorted(cards)]


def overlord_chosen(st: DirectorsState, seat: int, choice: str, colour: str,
                    blue: str | None) -> None:
    name = st.game.named[choice]
    if colour == "Blue":
        overlord_gold(st, seat, name)
    else:
        overlord_commands(st, seat, blue, name)


OVERLORD_CHOICE = Question(
    N_("Overlord: choose the card to command"),
    overlord_choice, overlord_chosen)


def overlord_gold(st: DirectorsState, me: int, blue: str | None) -> None:
    if not st.ask(me, OVERLORD_CHOICE, colour="Gold", blue=blue):
        overlord_commands(st, me, blue, None)


def overlord_commands(st: DirectorsState, me: int, blue: str | None, gold: str | None) -> None:
    for name in (blue, gold):
        if name is not None:
            st.push(command, seat=me, card=name, by_director=True)


# ---- Patron -------------------------------------------------------------------------------------
@card("Patron")
def patron(st: DirectorsState, me: int) -> None:
    p = st.params("Patron")
    if st.money[me] <= p["money_limit"]:
        st.gain(me, p["money"])
    st.push(offer_play, seat=me)


# ---- Puppeteer (Director): two of the previous player's cards, of different costs ------------
@card("Puppeteer")
def puppeteer(st: DirectorsState, me: int) -> None:
    st.ask(me, PUPPETEER_CHOICE, first=None)


def puppeteer_choice(st: DirectorsState, seat: int, first: str | None) -> list[str]:
    cards = {c["card"] for c in st.areas[st.prev(seat)]
             if first is None or st.card(c["card"]).cost != st.card(first).cost}
    return [f"command {c}" for c in sorted(cards)]


def puppeteer_chosen(st: DirectorsState, seat: int, choice: str, first: str | None) -> None:
    name = st.game.named[choice]
    if first is None and st.ask(seat, PUPPETEER_CHOICE, first=name):
        return
    chosen = [name] if first is None else [first, name]
    for name in chosen:
        st.push(command, seat=seat, card=name, by_director=True)


PUPPETEER_CHOICE = Question(
    N_("Puppeteer: choose a card the previous player has in play"),
    puppeteer_choice, puppeteer_chosen)


# ---- Raider -------------------------------------------------------------------------------------
@card("Raider")
def raider(st: DirectorsState, me: int) -> None:
    for seat in st.others(me):
        st.ask_later(seat, RAIDER_KEEP)


def raider_keep(st: DirectorsState, seat: int) -> list[str]:
    if len(st.hands[seat]) <= st.params("Raider")["kept"]:
        return []
    return hand_options(st, seat, "keep")


def raider_kept(st: DirectorsState, seat: int, choice: str) -> None:
    rest = sorted(st.hands[seat])
    rest.remove(st.game.named[choice])
    for name in rest:
        st.discard_from_hand(seat, name)


RAIDER_KEEP = Question(
    N_("Raider: choose the card you keep; you discard the rest"),
    raider_keep, raider_kept)


# ---- Sphinx -------------------------------------------------------------------------------------
@card("Sphinx")
def sphinx(st: DirectorsState, me: int) -> None:
    if st.on_extra_turn or me != st.current:
        st.emit("sphinx", "Sphinx does nothing on an extra turn.", seat=me)
        return
    st.ask(me, SPHINX_PAY)


def sphinx_pay(st: DirectorsState, seat: int) -> list[str]:
    return ["pay", "pass"] if st.money[seat] >= st.params("Sphinx")["price"] else []


def sphinx_paid(st: DirectorsState, seat: int, choice: str) -> None:
    if choice == "pay":
        pay(st, seat, st.params("Sphinx")["price"])
        st.extra_turns += 1
        st.emit("extra_turn", "{seat:name} will take an extra turn.", seat=seat)
        # The FAQ: "If you command a Sphinx and pay for it multiple times in one turn, you can
        # take multiple extra turns in a row" (option sphinx_payments; "one": a payment each).
        if st.options["sphinx_payments"] == "several":
            st.ask(seat, SPHINX_PAY)


SPHINX_PAY = Question(N_("Sphinx: you may pay $10 for an extra turn"), sphinx_pay, sphinx_paid)


# ---- Spy (Director) ---------------------------------------------------------------------------
@card("Spy")
def spy(st: DirectorsState, me: int) -> None:
    other = st.prev(me)
    limit = st.params("Spy")["max_cost"]
    shown = sorted(c for c in st.hands[other] if st.card(c).cost <= limit)
    st.reveal(other, shown)
    st.ask(me, SPY_CHOICE, among=shown)


def spy_choice(st: DirectorsState, seat: int, among: list[str]) -> list[str]:
    return [f"command {c}" for c in sorted(set(among))]


def spy_chosen(st: DirectorsState, seat: int, choice: str, among: list[str]) -> None:
    st.push(command, seat=seat, card=st.game.named[choice], by_director=True)


SPY_CHOICE = Question(N_("Spy: command one of the revealed cards"), spy_choice, spy_chosen)


# ---- Squire, Unicorn ---------------------------------------------------------------------------
@card("Squire")
def squire(st: DirectorsState, me: int) -> None:
    for seat in st.turn_order(me):
        st.push(offer_play, seat=seat)


@card("Unicorn")
def unicorn(st: DirectorsState, me: int) -> None:
    st.remove_minus(me, st.params("Unicorn")["remove"])


# ---- Vampire ------------------------------------------------------------------------------------
@card("Vampire")
def vampire(st: DirectorsState, me: int) -> None:
    for seat in st.others(me):
        st.ask_later(seat, VAMPIRE_DISCARD)


def vampire_discard(st: DirectorsState, seat: int) -> list[str]:
    p = st.params("Vampire")
    if len(st.areas[seat]) < p["min_in_play"]:
        return []
    cards = [c for c in st.areas[seat] if st.card(c["card"]).cost >= p["min_cost"]]
    return [f"discard {r}" for r in st.refs_in_play(seat, cards)]


def vampire_discarded(st: DirectorsState, seat: int, choice: str) -> None:
    st.discard_from_play(seat, st.game.named[choice])


VAMPIRE_DISCARD = Question(
    N_("Vampire: discard a card costing $5 or more from play"),
    vampire_discard, vampire_discarded)


# ---- Villain, Warlord ------------------------------------------------------------------------
@card("Villain")
def villain(st: DirectorsState, me: int) -> None:
    p = st.params("Villain")
    for seat in st.others(me):
        rich = st.money[seat] >= p["rich"]
        st.take_minus(seat, p["minus"] + (p["rich_minus"] if rich else 0))


@card("Warlord")
def warlord(st: DirectorsState, me: int) -> None:
    st.gain(me, st.params("Warlord")["money"])
    st.push(offer_play, seat=me)


# ---- Watchdog (Director) -----------------------------------------------------------------------
@card("Watchdog")
def watchdog(st: DirectorsState, me: int) -> None:
    st.ask(me, WATCHDOG_CHOICE)


def watchdog_choice(st: DirectorsState, seat: int) -> list[str]:
    return [f"return {r}" for r in st.refs_in_play(seat)]


def watchdog_chosen(st: DirectorsState, seat: int, choice: str) -> None:
    chosen = st.find_in_play(seat, st.game.named[choice])
    chosen[WATCHED] = True  # this very card (not another copy) is the one to return
    name = chosen["card"]
    st.push(command, seat=seat, card=name, by_director=True)
    st.push(watchdog_return, seat=seat, name=name)


WATCHDOG_CHOICE = Question(
    N_("Watchdog: choose a card in play to command and return to your hand"),
    watchdog_choice, watchdog_chosen)


def watchdog_return(st: DirectorsState, seat: int, name: str) -> None:
    # Only the chosen card goes back. If it has left play meanwhile (e.g. Kitsune exchanged
    # it away), nothing is returned: another copy of it in play was not chosen.
    chosen = None
    for area in st.areas:
        for card_in_play in area:
            if card_in_play.pop(WATCHED, False) and area is st.areas[seat]:
                chosen = card_in_play
    if chosen is None:
        st.emit("return", "{_name} has left {seat:name}'s play area: Watchdog returns "
                "nothing.", seat=seat, card=None, _name=name)
        return
    area = st.areas[seat]
    area.remove(chosen)
    st.hands[seat].append(name)
    st.known[seat].append(name)
    st.known[seat].sort()
    st.emit("return", "{seat:name} returns {card} to their hand.", seat=seat, card=name)



STEPS: list[Step] = [
    draw_cards, alpha_bonus, bishop_next, remove_minus_step, captain_more, hunter_self,
    mastermind_next, nightmare_next, watchdog_return]
QUESTIONS = [
    ADVISOR_BONUS, BISHOP_DISCARD, CAPTAIN_DISCARD, DISCARD_ONE, DIPLOMAT_REVEAL, GOLEM_SKIP,
    HUNTER_COLOUR, HUNTER_DISCARD, HUNTER_OTHER, INVENTOR_COMMAND, KITSUNE_GIVE, KITSUNE_TARGET,
    KITSUNE_TAKE, MAGPIE_OPTIONS, MIMIC_CHOICE, NIGHTMARE_SPARE, OVERLORD_CHOICE, PUPPETEER_CHOICE,
    RAIDER_KEEP, SPHINX_PAY, SPY_CHOICE, VAMPIRE_DISCARD, WATCHDOG_CHOICE,
]
