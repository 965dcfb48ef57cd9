// A game's how-to-play page: draws the example table with the game's own drawing module, so
// its pieces look as they do in play, and lets every piece explain itself.

import { explainPieces, loadPieces } from "./pieces.js";

const board = document.getElementById("example-board");

async function drawExample() {
  if (!board) return;
  const game = board.dataset.game;
  const view = JSON.parse(board.dataset.view || "{}");
  await loadPieces(game);
  const module = await import(`/games/${encodeURIComponent(game)}/table.js`);
  module.draw(board, view, [], {}, () => {});
  explainPieces(board);
}

drawExample();

// The rulings are folded away for newcomers; a link to them (`#rulings`, or to anything inside
// them) opens them and shows the place.
function openLinkedRulings() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  const folded = target?.closest("details");
  if (!folded) return;
  folded.open = true;
  target.scrollIntoView();
}

openLinkedRulings();
window.addEventListener("hashchange", openLinkedRulings);
