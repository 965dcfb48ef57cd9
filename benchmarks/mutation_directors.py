"""Mutation testing of Directors' card and Event modules with mutmut, against the Directors
rules scenarios (tests/games/directors: the card FAQ, Event FAQ and turn scenarios; the slow
random-game property tests are left out, as they would kill mutants without naming a rule).

    python benchmarks/mutation_directors.py [--work DIR] [--workers N] [mutmut args...]

Runs `mutmut run` (or the given mutmut command, e.g. `results`, `show NAME`) in a scratch copy
of the checkout (mutmut writes a mutants/ tree there and reads its settings from that copy's
pyproject.toml). Figures and how to read them: docs/benchmarks.md, "Mutation testing".

mutmut 3 leaves decorated functions alone, and nearly every card text is registered with a
decorator (@card, @step, @options_for, @resolves, @event_card). Those five only record the
function in a table, so this script lets mutmut mutate them too: the trampoline keeps the
registering decorator (the table then holds the trampoline), and the copies mutmut makes of
the function (the original and each mutant) are left undecorated so that they do not
overwrite the table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
REGISTERING = {"card", "event_card", "step", "options_for", "resolves"}
CONFIG = """
[tool.mutmut]
source_paths = ["src/"]
only_mutate = ["src/squidbox/games/directors/cards.py",
               "src/squidbox/games/directors/event_cards.py"]
pytest_add_cli_args_test_selection = ["tests/games/directors/test_card_faq.py",
                                      "tests/games/directors/test_event_faq.py",
                                      "tests/games/directors/test_turns.py"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-q", "-x"]
"""


def prepare(work: Path) -> None:
    work.mkdir(parents=True, exist_ok=True)
    for name in ("src", "tests"):
        shutil.rmtree(work / name, ignore_errors=True)
        shutil.copytree(REPO / name, work / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    (work / "pyproject.toml").write_text(text + CONFIG, encoding="utf-8")


def let_mutmut_mutate_registered_functions() -> None:
    import libcst as cst
    from mutmut.mutation import file_mutation as fm

    def registering(decorator: cst.Decorator) -> bool:
        target = decorator.decorator
        if isinstance(target, cst.Call):
            target = target.func
        return isinstance(target, cst.Name) and target.value in REGISTERING

    skip = fm.MutationVisitor._skip_node_and_children

    def skip_unless_registered(self, node):  # type: ignore[no-untyped-def]
        if (isinstance(node, cst.FunctionDef) and node.decorators
                and all(registering(d) for d in node.decorators)):
            return False
        return skip(self, node)

    arrange = fm.function_trampoline_arrangement

    def arrange_with_bare_copies(function, mutants, class_name):  # type: ignore[no-untyped-def]
        declarations, methods, assignments, names = arrange(function, mutants, class_name)
        trampoline, *copies = methods
        copies = [c.with_changes(decorators=[]) for c in copies]
        return declarations, [trampoline, *copies], assignments, names

    fm.MutationVisitor._skip_node_and_children = skip_unless_registered
    fm.function_trampoline_arrangement = arrange_with_bare_copies


# Surviving mutants judged equivalent (no game can tell them from the original), and why.
# Mutant names are mutmut's: module, function, number within the function.
_SEAT_UNREAD = "refs_in_play reads the seat only when it is given no list of cards"
_FALSY = "None for False: every reader tests the value's truth only"
EQUIVALENT = {
    "cards.x_card__mutmut_1": "the registering decorator runs at import, before any mutant "
                              "is switched on",
    "event_cards.x_event_card__mutmut_1": "the registering decorator runs at import, before "
                                          "any mutant is switched on",
    "cards.x_kitsune_give__mutmut_12": _SEAT_UNREAD,
    "cards.x_kitsune_take__mutmut_14": _SEAT_UNREAD,
    "cards.x_vampire_discard__mutmut_16": _SEAT_UNREAD,
    "event_cards.x_commerce_discard__mutmut_13": _SEAT_UNREAD,
    "event_cards.x_eruption_discard__mutmut_6": _SEAT_UNREAD,
    "cards.x_watchdog_return__mutmut_4": _FALSY,
    "cards.x_kitsune_taken__mutmut_17": _FALSY,
    "cards.x_diplomat_revealed__mutmut_16": _FALSY,
    "cards.x_captain_more__mutmut_13": _FALSY,
    "event_cards.x_commerce_played__mutmut_17": _FALSY,
    "event_cards.x_commerce_played__mutmut_9": "un-rotates an older copy of the same card "
                                               "instead of the new one: copies are "
                                               "interchangeable",
    "cards.x_mastermind__mutmut_11": "no cost limit instead of $0/$5/$10: every card costs one "
                                     "of those (data.toml)",
    "cards.x_mastermind__mutmut_16": "no cost limit instead of $0/$5/$10: every card costs one "
                                     "of those (data.toml)",
    "cards.x_familiar__mutmut_15": 'any source other than "hand" is the discard pile',
    "cards.x_familiar__mutmut_25": 'any source other than "hand" is the discard pile',
    "cards.x_familiar__mutmut_26": 'any source other than "hand" is the discard pile',
}


def log_only(diff: str) -> bool:
    """True when every changed line of a mutant's diff is part of a log call (`st.emit(...)`):
    the kind, wording or fields of a log entry, which no rule reads."""
    lines = diff.splitlines()
    changed = [i for i, line in enumerate(lines)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    for i in changed:
        # walk back to the statement's first line (a line that does not continue a call)
        j = i
        while j > 0 and not lines[j][1:].lstrip().startswith(("st.", "self.", "if ", "for ",
                                                              "return", "def ", "@")):
            j -= 1
        if "emit(" not in lines[j]:
            return False
    return bool(changed)


def summary() -> None:
    """Per module: mutants, killed, surviving ones that only touch the log, other survivors
    (listed), and mutants no selected test reaches."""
    from mutmut.__main__ import (
        SourceFileMutationData,
        get_diff_for_mutant,
        status_by_exit_code,
        walk_mutatable_files,
    )
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        counts = {"killed": 0, "log only": 0, "equivalent": 0, "survived": 0, "no tests": 0,
                  "other": 0}
        others = []
        for name, code in data.exit_code_by_key.items():
            status = status_by_exit_code[code]
            if status in ("survived", "no tests"):
                if name.removeprefix("squidbox.games.directors.") in EQUIVALENT:
                    status = "equivalent"
                elif log_only(get_diff_for_mutant(name, path=path)):
                    status = "log only"
                else:
                    others.append(f"{name} ({status})")
            counts[status if status in counts else "other"] += 1
        total = sum(counts.values())
        behaviour = total - counts["log only"] - counts["equivalent"]
        rate = counts["killed"] / behaviour if behaviour else 1.0
        print(f"{path}: {total} mutants, {counts}: killed {counts['killed']} of {behaviour} "
              f"behaviour-changing mutants ({rate:.1%})")
        for name in others:
            print("   not killed:", name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", default="/tmp/squidbox-mutmut-directors")
    parser.add_argument("--workers", default="1", help="mutants run at once (default 1)")
    parser.add_argument("command", nargs="*", default=["run"])
    args = parser.parse_args()
    work = Path(args.work)
    command = args.command
    if command[0] == "run":
        prepare(work)
        command = ["run", "--max-children", args.workers, *command[1:]]
    os.chdir(work)
    os.environ.pop("PYTHONPATH", None)
    sys.path[:] = [p for p in sys.path if not p.startswith(str(REPO))]
    let_mutmut_mutate_registered_functions()
    if command == ["summary"]:
        summary()
        return
    from mutmut.__main__ import cli
    sys.argv = ["mutmut", *command]
    cli()


if __name__ == "__main__":
    main()
