"""The registered games: one line each, id to module. The module exposes GAME."""

REGISTERED = {
    "grid_squid": "squidbox.games.grid_squid",
}
