"""The engine's decision stack (engine/stack.py): reading order, questions, reactions, the
reaction window, the explicit registry, and loading snapshots of the games ported onto it."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import squidbox
from squidbox.engine import SnapshotError
from squidbox.engine.stack import Flow, Question, Reaction, StackState


class Toy(StackState):
    """A bare stack state: what ran, in order, and who holds which cards."""

    def __init__(self, flow: Flow, hands: list[list[str]] | None = None) -> None:
        self.game = SimpleNamespace(flow=flow)  # type: ignore[assignment]
        self.stack, self.reactions, self.pending = [], [], None
        self.ran: list[str] = []
        self.hands = hands or []


def note(st: Toy, text: str) -> None:
    st.ran.append(text)


def outer(st: Toy) -> None:
    st.ran.append("outer")
    st.push(note, text="A")
    st.push(inner)
    st.push(note, text="C")


def inner(st: Toy) -> None:
    st.ran.append("inner")
    st.push(note, text="B1")
    st.push(note, text="B2")


def asking(st: Toy) -> None:
    st.push(note, text="after the answer")  # pushed before the question: still runs after it
    st.ask(0, PICK)
    st.push(note, text="and then this")


def pick_options(st: Toy, seat: int) -> list[str]:
    return ["x", "y"]


def picked(st: Toy, seat: int, choice: str) -> None:
    st.ran.append(f"picked {choice}")
    st.push(note, text="set off by the answer")


def interrupted(st: Toy) -> None:
    st.push(note, text="pushed")
    st.react(note, text="reaction 1")
    st.react(note, text="reaction 2")


PICK = Question("Pick one", pick_options, picked)


def flow() -> Flow:
    return Flow(steps=[note, outer, inner, asking, interrupted],
                questions=[PICK, SPARE_KEY])


def run(toy: Toy, step, **args) -> Toy:
    toy.push(step, **args)
    toy.game.flow.run(toy)
    return toy


def test_pushes_run_in_reading_order_and_a_steps_pushes_come_before_older_ones():
    toy = run(Toy(flow()), outer)
    assert toy.ran == ["outer", "A", "inner", "B1", "B2", "C"]


def test_a_question_is_answered_before_everything_its_step_pushed():
    toy = run(Toy(flow()), asking)
    assert toy.pending == {"seat": 0, "kind": "pick_options", "args": {}}
    assert toy.game.flow.options(toy) == ["x", "y"]
    toy.game.flow.answer(toy, "y")
    assert toy.ran == ["picked y", "set off by the answer", "after the answer", "and then this"]
    assert toy.pending is None and toy.stack == []


def then_at_once(st: Toy) -> None:
    st.then(note, text="next")  # nothing pushed or asked before it: run here, at once
    st.ran.append(f"{len(st.stack)} frames")


def then_after_a_push(st: Toy) -> None:
    st.push(note, text="pushed")
    st.then(note, text="next")
    st.ran.append(f"{len(st.stack)} frames")


def then_after_a_question(st: Toy) -> None:
    st.ask(0, PICK)
    st.then(note, text="next")


def test_then_runs_the_next_step_at_once_only_when_nothing_came_first():
    steps = [note, then_at_once, then_after_a_push, then_after_a_question]
    toy = run(Toy(Flow(steps=steps, questions=[PICK])), then_at_once)
    assert toy.ran == ["next", "0 frames"]
    toy = run(Toy(Flow(steps=steps, questions=[PICK])), then_after_a_push)
    assert toy.ran == ["2 frames", "pushed", "next"]
    toy = run(Toy(Flow(steps=steps, questions=[PICK])), then_after_a_question)
    assert toy.ran == [] and toy.stack == [["note", {"text": "next"}]]
    toy.game.flow.answer(toy, "x")
    assert toy.ran == ["picked x", "set off by the answer", "next"]


def test_reactions_run_first_in_first_out_before_the_stack():
    toy = run(Toy(flow()), interrupted)
    assert toy.ran == ["reaction 1", "reaction 2", "pushed"]


def test_frames_are_json_pairs_named_by_their_step():
    toy = Toy(flow())
    toy.push(note, text="A")
    assert toy.stack == [["note", {"text": "A"}]]


# ---- the reaction window -------------------------------------------------------------------------
def may_hide_key(st: Toy, seat: int) -> bool:
    return bool(st.hands[seat])  # public: the size of a hand


def key_fits(st: Toy, seat: int) -> list[str]:
    return ["play key"] if "key" in st.hands[seat] else []


def key_chosen(st: Toy, seat: int, choice: str) -> None:
    st.ran.append(f"{seat} {choice}")


SPARE_KEY = Reaction("Anyone may now play a key", "spare_key", may_hide_key, key_fits,
                     key_chosen)


def test_the_reaction_window_asks_every_seat_that_may_hide_the_card_and_each_may_pass():
    toy = Toy(flow(), hands=[["coin"], [], ["key", "coin"], ["coin"]])
    toy.game.flow.reaction_window(toy, SPARE_KEY, [3, 0, 1, 2])
    toy.game.flow.run(toy)
    asked = []
    while toy.pending is not None:
        seat = toy.pending["seat"]
        options = toy.game.flow.options(toy)
        asked.append((seat, options))
        toy.game.flow.answer(toy, options[0])
    # seat 1 holds nothing and is not asked; the others are, in the window's order, and a seat
    # without a key is asked the same question (its only answer: pass)
    assert asked == [(3, ["pass"]), (0, ["pass"]), (2, ["play key", "pass"])]
    assert toy.ran == ["3 pass", "0 pass", "2 play key"]


# ---- the registry ---------------------------------------------------------------------------
# ---- a question asked of several seats at once (simultaneous play) ------------------------------
def card_options(st: Toy, seat: int, count: int) -> list[str]:
    """Each seat lays `count` cards face down; asked again until it has."""
    laid = sum(1 for text in st.ran if text.startswith(f"{seat} lays"))
    return [f"card {c}" for c in st.hands[seat]] if laid < count else []


def card_laid(st: Toy, seat: int, choice: str, count: int) -> None:
    st.hands[seat].remove(choice.removeprefix("card "))
    st.ran.append(f"{seat} lays {choice}")


def lay_cards(st: Toy, count: int) -> None:
    st.push(note, text="reveal")
    st.ask_all(range(len(st.hands)), LAY, count=count)


LAY = Question("Lay a card face down", card_options, card_laid)


def test_a_question_asked_of_several_seats_waits_for_every_answer_in_any_order():
    flow = Flow(steps=[note, lay_cards], questions=[LAY])
    toy = Toy(flow, hands=[["a", "b"], [], ["c", "d", "e"]])
    run(toy, lay_cards, count=2)
    assert flow.to_move(toy) == [0, 2]  # seat 1 has no card: not asked
    assert toy.pending == {"seats": [0, 2], "kind": "card_options", "args": {"count": 2}}
    assert flow.options(toy, 2) == ["card c", "card d", "card e"]
    flow.answer(toy, "card d", seat=2)
    flow.answer(toy, "card a", seat=0)
    assert flow.to_move(toy) == [0, 2] and "reveal" not in toy.ran  # each lays two
    flow.answer(toy, "card b", seat=0)
    assert flow.to_move(toy) == [2]  # seat 0 is done
    with pytest.raises(AssertionError):
        flow.answer(toy, "card a", seat=0)
    flow.answer(toy, "card e", seat=2)
    assert toy.pending is None and flow.to_move(toy) == []
    assert toy.ran == ["2 lays card d", "0 lays card a", "0 lays card b", "2 lays card e",
                       "reveal"]  # what the asking step pushed runs once all have answered


def test_each_seats_options_are_kept_while_a_question_asked_of_several_seats_waits():
    flow = Flow(steps=[note, lay_cards], questions=[LAY])
    toy = run(Toy(flow, hands=[["a", "b"], ["c", "d"]]), lay_cards, count=2)
    kept = flow.options(toy, 1)
    assert flow.options(toy, 1) is kept and flow.options(toy, 0) == ["card a", "card b"]
    flow.answer(toy, "card a", seat=0)
    assert flow.options(toy, 0) == ["card b"] and flow.options(toy, 1) is kept
    flow.check(toy)
    toy.hands[1].append("e")  # as if seat 0's answer had changed seat 1's options
    with pytest.raises(AssertionError, match="seat 1's options"):
        flow.check(toy)


def pushy_laid(st: Toy, seat: int, choice: str, count: int) -> None:
    st.push(note, text="too early")


def test_an_answer_to_a_question_asked_of_several_seats_may_not_push():
    pushy = Question("Lay a card", card_options, pushy_laid, name="pushy")
    flow = Flow(steps=[note], questions=[pushy])
    toy = Toy(flow, hands=[["a"], ["b"]])
    toy.ask_all([0, 1], pushy, count=1)
    with pytest.raises(AssertionError, match="pushed or asked"):
        flow.answer(toy, "card a", seat=0)


def test_a_question_asked_of_several_seats_prompts_each_of_them():
    def prompt(st: Toy, seat: int, count: int) -> str:
        return f"Seat {seat}: lay {count} cards face down"

    asked = Question(prompt, card_options, card_laid, name="lay_prompted")
    flow = Flow(steps=[note], questions=[asked])
    toy = Toy(flow, hands=[["a", "b"], ["c", "d"]])
    toy.ask_all([0, 1], asked, count=2)
    assert flow.prompt(toy, toy.pending, 1) == "Seat 1: lay 2 cards face down"


def test_a_question_asked_of_several_seats_none_of_which_can_answer_asks_nothing():
    toy = run(Toy(Flow(steps=[note, lay_cards], questions=[LAY]), hands=[[], []]),
              lay_cards, count=1)
    assert toy.pending is None and toy.ran == ["reveal"]


def hand_options(st: Toy, seat: int) -> list[str]:
    return list(st.hands[seat])


HAND = Question("Play a card", hand_options, picked)


def ask_then_draw(st: Toy) -> None:
    st.ask(0, HAND)
    st.hands[0].append("drawn")  # changes the options after asking: against the rule


def test_the_options_found_when_asking_are_kept_while_that_question_waits():
    toy = Toy(Flow(steps=[note], questions=[HAND]), hands=[["a", "b"]])
    toy.ask(0, HAND)
    kept = toy.game.flow.options(toy)
    assert kept == ["a", "b"] and toy.game.flow.options(toy) is kept
    toy.game.flow.check(toy)
    toy.pending = dict(toy.pending)  # a copy (a clone's, a loaded state's): computed afresh
    assert toy.game.flow.options(toy) == ["a", "b"]
    assert toy.game.flow.options(toy) is not kept


def test_a_question_asked_with_the_options_its_step_found_waits_with_those_options():
    toy = Toy(Flow(steps=[note], questions=[HAND]), hands=[["a", "b"], ["c", "d"]])
    args: dict[str, str] = {}
    toy.ask_found(1, HAND, ["c", "d"], args)
    assert toy.pending == {"seat": 1, "kind": HAND.name, "args": args}
    assert toy.pending["args"] is args
    assert toy.game.flow.to_move(toy) == [1]
    kept = toy.game.flow.options(toy)
    assert kept == ["c", "d"] and toy.game.flow.options(toy) is kept
    toy.game.flow.check(toy)  # the options it was given are the question's own


def test_a_step_that_changes_its_questions_options_after_asking_fails_the_check():
    toy = run(Toy(Flow(steps=[note, ask_then_draw], questions=[HAND]), hands=[["a"]]),
              ask_then_draw)
    with pytest.raises(AssertionError, match="changed what they depend on after asking"):
        toy.game.flow.check(toy)


def test_a_flow_names_each_frame_type_once_and_refuses_an_unregistered_step():
    with pytest.raises(ValueError, match="two frame types are named 'note'"):
        Flow(steps=[note, note], questions=[])
    toy = Toy(Flow(steps=[note], questions=[]))
    with pytest.raises(ValueError, match="'outer' is not registered"):
        run(toy, outer)


def test_a_state_without_reactions_cannot_react():
    class Plain(StackState):
        pass

    plain = Plain()
    plain.game = SimpleNamespace(flow=flow())  # type: ignore[assignment]
    with pytest.raises(TypeError, match="no reactions field"):
        plain.react(note, text="x")


# ---- snapshots of the games on the stack ---------------------------------------------------
def first_state(game_id: str, players: int, wanted, seed: int = 0):
    """A random game's first state for which wanted(state) holds."""
    game = squidbox.get_game(game_id)
    for k in range(seed, seed + 200):
        state, rng = game.new_game(players, seed=k), random.Random(k)
        while not state.is_terminal():
            if wanted(state):
                return state
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {game_id} game reached the wanted state")


def test_a_snapshot_naming_an_unknown_frame_is_refused():
    state = first_state("directors", 3, lambda s: len(s.stack) > 1)
    doc = state.to_json()
    doc["state"]["stack"][0] = ["no_such_step", {}]
    with pytest.raises(SnapshotError, match="unknown step 'no_such_step'"):
        squidbox.get_game("directors").from_json(doc)


def test_a_directors_snapshot_from_before_the_stack_loads_its_falconer_window():
    game = squidbox.get_game("directors")
    state = first_state("directors", 4, lambda s: any(
        f[0] == "ask_again" and f[1]["kind"] == "falconer" for f in s.stack))
    old = state.to_json()  # as the release before the stack wrote it
    old["state"]["stack"] = [["offer_falconer", {"seat": f[1]["seat"]}]
                             if f[0] == "ask_again" and f[1]["kind"] == "falconer" else f
                             for f in old["state"]["stack"]]
    assert game.from_json(old, verify=True).to_json() == state.to_json()


def test_a_squid_inc_snapshot_from_before_the_stack_loads_its_tasks():
    game = squidbox.get_game("squid_inc")
    state = first_state("squid_inc", 3, lambda s: s.task() is not None and len(s.stack) > 1)
    old = state.to_json()  # as the release before the stack wrote it: the turn's step as
    fields = old["state"]  # `phase`, and one list of tasks
    turn_step, *frames = fields.pop("stack")
    fields["phase"] = turn_step[0]
    tasks = [{"t": name, **args} for name, args in frames]
    tasks.append({"t": fields["pending"]["kind"], **fields.pop("pending")["args"]})
    fields["tasks"] = tasks
    assert game.from_json(old, verify=True).to_json() == state.to_json()


def test_a_squid_game_snapshot_from_before_the_stack_loads_at_every_kind_of_step():
    """One snapshot per game and step (and the campaign's picks), written by the release before
    Squid Game ran on the stack: each loads, replays from its seed to the same state, and asks
    what it asked then (its view names the same step)."""
    import gzip
    import json
    from pathlib import Path

    from squidbox.engine.events import without_text

    game = squidbox.get_game("squid_game")
    path = Path(__file__).parent / "squid_game_before_the_stack.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as f:
        docs = json.load(f)
    steps = set()
    for doc in docs:
        old = doc["state"]
        state = game.from_json(doc, verify=True)
        assert without_text(state.to_json()) == without_text(game.upgraded(doc))
        assert "step" not in state.g and "pending" not in state.g
        if old["phase"] == "play":
            step = state.view(None)["state"]["game"]["step"]
            assert step == old["g"]["step"]
            steps.add((old["games"][old["stage"]], step))
        elif old["phase"] != "over":
            assert state.to_move() == [s for s, left in enumerate(old["to_pick"]) if left]
    assert len(steps) == 21  # every step of the six games
