"""Bots: programs that take a seat and choose among the listed actions.

A bot is named by a spec: a kind, optionally with settings, e.g. "random", "heuristic",
"strong", "strong:iterations=300", "ismcts", "ismcts:iterations=200",
"ismcts:seconds=0.5,exploration=1.0", and a policy trained on a game's batched version,
"policy:path=FILE.npz" (squidbox.vector.policy). The lobby's levels are random
(easy), heuristic (good) and strong; their measured strength is in docs/benchmarks.md.
"""

from __future__ import annotations

from typing import Any, Protocol

from squidbox.engine import Action, Game, InvalidOptions, State

from .heuristic import HeuristicBot
from .ismcts import ISMCTSBot
from .random_bot import RandomBot
from .strong import StrongBot


class Bot(Protocol):
    """A player program. `choose` returns one of `state.legal_actions(player)`.

    A bot plays fair: it may only use what its seat sees, that is `state.view(player)`,
    `state.log(player)`, `state.legal_actions(player)` and `state.resample(player, rng)` (a state
    consistent with what the seat has seen, for search). It must never read the state's fields,
    another seat's view or log, or the state's own generator, and never mutate `state`.
    """

    name: str

    def choose(self, state: State, player: int) -> Action: ...


BOT_KINDS = ("random", "heuristic", "strong", "ismcts", "policy")
SETTINGS: dict[str, tuple[str, ...]] = {
    "random": (),
    "heuristic": ("samples",),
    "strong": ("iterations", "seconds", "exploration", "rollout_depth", "greedy",
               "model"),
    "ismcts": ("iterations", "seconds", "exploration", "rollout_depth"),
    "policy": ("path", "sample"),
}
TEXT_SETTINGS = {"path"}  # taken as written, not as numbers


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """'ismcts:iterations=200' -> ('ismcts', {'iterations': 200}); checks kind and settings."""
    kind, _, rest = spec.partition(":")
    if kind not in BOT_KINDS:
        raise InvalidOptions(f"unknown bot kind {kind!r}; valid: {', '.join(BOT_KINDS)}")
    settings: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, equals, text = item.partition("=")
        if not equals or key not in SETTINGS[kind]:
            valid = ", ".join(SETTINGS[kind]) or "none"
            raise InvalidOptions(f"bot {kind!r} has no setting {item!r}; settings: {valid}")
        if key in TEXT_SETTINGS:
            settings[key] = text
            continue
        try:
            settings[key] = float(text) if "." in text else int(text)
        except ValueError:
            raise InvalidOptions(f"bot setting {key} must be a number, not {text!r}") from None
    return kind, settings


def make_bot(spec: str, seed: int, game: Game | None = None) -> Bot:
    """A bot from its spec, seeded so that games with it are reproducible. The heuristic bot and
    ISMCTS's cut-off rollouts use the game's own evaluation, so they need `game`."""
    kind, settings = parse_spec(spec)
    if kind == "random":
        return RandomBot(seed)
    if kind == "policy":
        if "path" not in settings:
            raise InvalidOptions("bot 'policy' needs path=FILE (a policy file saved by "
                                 "squidbox.vector.policy; examples/ trains one)")
        from squidbox.vector.policy import PolicyBot  # needs numpy

        return PolicyBot(game, seed, **settings)
    if game is None or game.evaluate_view is None:
        if kind in ("heuristic", "strong") or "rollout_depth" in settings:
            raise InvalidOptions(f"bot {spec!r} needs a game with a heuristic evaluation")
    if kind == "heuristic":
        assert game is not None
        return HeuristicBot(game, seed, **settings)
    if kind == "strong":
        assert game is not None
        return StrongBot(game, seed, **settings)
    if "rollout_depth" in settings:
        assert game is not None
        settings["evaluate"] = game.evaluate_state
    return ISMCTSBot(seed, **settings)


__all__ = ["BOT_KINDS", "Bot", "HeuristicBot", "ISMCTSBot", "RandomBot", "StrongBot", "make_bot",
           "parse_spec"]
