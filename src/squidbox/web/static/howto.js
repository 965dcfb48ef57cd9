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
