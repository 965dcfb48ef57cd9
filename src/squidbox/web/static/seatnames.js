// Seat names as the page's language reads them. A game names its seats in its state ("Red",
// SQUID's characters "Red 1"); the game's pieces (/api/games/<id>/pieces, "names") say what a
// reader of the page's language calls them ("Rot"). Pages that show tables of any game (the
// lobby, the host page, My tables) load them here, once per game; the table and replay pages
// have them with the game's pieces (svg.js shownName).

const loaded = {};

// The game's names in the page's language ({} on an English page or for a game without any).
export function loadSeatNames(game) {
  if (!game || document.documentElement.lang === "en") return Promise.resolve({});
  if (!loaded[game]) {
    loaded[game] = fetch(`/api/games/${encodeURIComponent(game)}/pieces`)
      .then((response) => (response.ok ? response.json() : {}))
      .then((book) => book.names || {})
      .catch(() => ({}));
  }
  return loaded[game];
}

// `name` with every word the names map knows in the page's language ("Red 1" -> "Rot 1").
export function seatNameIn(names, name) {
  return String(name ?? "").replace(/[^\s]+/g, (word) => names[word] ?? word);
}
