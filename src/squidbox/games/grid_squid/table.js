// Grid Squid: the tile grid with symbols and cubes, and the seat's hand (the players' supplies
// and scores are the page's player panels: `counters`). A tile you may place on is clickable
// ("place C2"); a card in your hand selects the tiles of its symbol (click the card, then the
// tile; the tiles are also clickable at once); an unplayable card is clickable to play it
// without effect ("discard Wheel").

import { t, tn } from "/static/i18n.js";
import { relayoutOnResize, boardWidth, card, charsIn, clickable, el, label, lastEvent, lookColour, nameOf, paragraph, paragraphHeight, piece, prepare, seatColour, selectable, selection, shownName, title, textColourOn, wrapText } from "/static/svg.js";

// Laid out for the width the board is shown at (a phone gets a narrower layout, never smaller
// text): see boardWidth in static/svg.js.
let WIDTH = 520;
let TILE = 96;
const GAP = 4;

// What the status bar asks (the page puts the seat's colour first).
export function prompt(view, legal) {
  if (legal.some((a) => a.startsWith("place "))) return t("place a cube: click a tile (or a card of your hand first)");
  if (legal.some((a) => a.startsWith("discard "))) return t("no tile fits: click a card to discard it");
  return "";
}

export function selectedPrompt(view, key) {
  return t("{card} selected: click a tile to place a cube on it", { card: shownName(key.replace(/^card:/, "")) });
}

// The counts of a seat's player panel.
export function counters(view, seat) {
  const player = (view.state?.players || []).find((p) => p.seat === seat);
  if (!player) return [];
  return [tn("{count} point", "{count} points", player.score ?? 0), tn("{count} cube", "{count} cubes", player.supply ?? 0),
    tn("{count} card", "{count} cards", player.cards_in_hand ?? 0), t("played {count}", { count: player.played_this_round ?? 0 })];
}

export function seatColourOf(view, seat) {
  const player = (view.state?.players || []).find((p) => p.seat === seat);
  return seatColour(player?.colour ?? view.seat_names?.[seat], seat);
}

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  const state = view.state || {};
  const board = state.board || { columns: 0, rows: 0, tiles: [] };
  WIDTH = boardWidth(svg);
  TILE = Math.min(96, Math.floor((WIDTH - 8) / (board.columns || 1)) - GAP);
  const scored = scoredText(view);
  const headerHeight = 22 + paragraphHeight(WIDTH - 16, discardText(state)) + (scored ? paragraphHeight(WIDTH - 16, scored) : 0);
  const boardTop = headerHeight + 4;
  const boardHeight = (board.rows || 0) * (TILE + GAP);
  const handTop = boardTop + boardHeight + 14;
  prepare(svg, WIDTH, handTop + handHeight(state));
  drawHeader(svg, view, state);
  drawBoard(svg, view, board, boardTop, legal, labels, act);
  markLastPlacement(svg, board, boardTop);
  drawScoredLines(svg, view, board, boardTop);
  drawHand(svg, view, state, handTop, legal, labels, act);
}

function discardText(state) {
  const discard = Object.entries(state.discard || {}).map(([s, k]) => `${shownName(s)} ${k}`).join(", ") || t("none");
  return t("Discards: {cards}", { cards: discard });
}

function drawHeader(svg, view, state) {
  const round = state.round ?? "?";
  const rounds = state.rounds ?? "?";
  label(svg, 8, 11, t("Round {round} of {rounds} · deck {deck}", { round, rounds, deck: state.deck_size ?? "?" }),
    { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  const below = paragraph(svg, 8, 20, WIDTH - 16, discardText(state));
  const scored = scoredText(view);
  if (scored) paragraph(svg, 8, below, WIDTH - 16, scored, { "font-weight": "bold", fill: "#1d5c32" });
}

// The last scoring in words, shown until the next one: which lines scored for whom.
function scoredText(view) {
  const scored = lastEvent(["score"]);
  if (!scored) return "";
  const parts = (scored.event.players || []).map((player) => {
    const who = nameOf(view, player.seat);
    const lines = (player.lines || []).map(([direction, tiles, points]) =>
      `${t(direction)} ${tiles[0]}–${tiles[tiles.length - 1]} (${tn("{count} point", "{count} points", points)})`);
    if (player.squids) lines.push(tn("{count} Squid", "{count} Squids", player.squids));
    return lines.length ? `${who}: ${lines.join(", ")} = ${player.points}` : `${who}: 0`;
  });
  return `${t("Round {round} scored", { round: scored.event.round ?? "" })} · ${parts.join(" · ")}`;
}

function drawBoard(svg, view, board, top, legal, labels, act) {
  const columns = board.columns || 1;
  const left = (WIDTH - columns * (TILE + GAP)) / 2;
  const names = view.seat_names || [];
  const chosen = selection()?.replace(/^card:/, "");
  (board.tiles || []).forEach((tile, index) => {
    const x = left + (index % columns) * (TILE + GAP);
    const y = top + Math.floor(index / columns) * (TILE + GAP);
    const action = `place ${tile.name}`;
    const playable = (legal || []).includes(action) && (!chosen || chosen === tile.symbol);
    const group = el(svg, "g", { class: `tile${playable ? " playable" : ""}`, "data-tile": tile.name });
    el(group, "rect", { x, y, width: TILE, height: TILE, rx: 8,
      fill: lookColour(tile.symbol, "#eeeeee"),
      stroke: playable ? "#c58b00" : "#8c8272", "stroke-width": playable ? 3 : 1 });
    const name = wrapText(shownName(tile.symbol), charsIn(TILE - 6));
    drawSymbol(group, tile.symbol, x + TILE / 2, y + TILE / 2 - 4 - (name.length - 1) * 7, TILE / 110);
    label(group, x + 5, y + 11, tile.name, { "text-anchor": "start", fill: "#4a4438", "font-weight": "bold" });
    name.forEach((line, k) => label(group, x + TILE / 2, y + TILE - 10 - (name.length - 1 - k) * 14, line, { fill: "#4a4438" }));
    if (tile.owner !== null && tile.owner !== undefined) drawCubes(group, tile, x, y, names);
    piece(group, `tile:${tile.symbol}`, `${tile.name}${ownerText(tile, names)}`);
    if (playable) clickable(group, [action], labels, act, t("Tile {name} ({symbol})", { name: tile.name, symbol: shownName(tile.symbol) }));
    else title(group, `${t("{symbol} tile {name}", { symbol: shownName(tile.symbol), name: tile.name })}${ownerText(tile, names)}`);
  });
}

function tileCentre(board, top, name) {
  const columns = board.columns || 1;
  const index = (board.tiles || []).findIndex((tile) => tile.name === name);
  if (index < 0) return null;
  const left = (WIDTH - columns * (TILE + GAP)) / 2;
  return { x: left + (index % columns) * (TILE + GAP) + TILE / 2, y: top + Math.floor(index / columns) * (TILE + GAP) + TILE / 2 };
}

// The last cube placed gets a ring (in look.toml's last_move colour, which is no player's), so
// a move that happened while you looked away is found.
function markLastPlacement(svg, board, top) {
  const last = lastEvent(["place"]);
  const centre = last && tileCentre(board, top, last.event.tile);
  if (!centre) return;
  el(svg, "rect", { x: centre.x - TILE / 2 - 3, y: centre.y - TILE / 2 - 3, width: TILE + 6, height: TILE + 6, rx: 10,
    fill: "none", stroke: lookColour("last_move", "#1b1f24"), "stroke-width": 4, class: "last-placed", "pointer-events": "none" });
}

// After a scoring (until the next cube is placed) the lines that scored light up.
function drawScoredLines(svg, view, board, top) {
  const scored = lastEvent(["score"]);
  if (!scored || scored.after.some((event) => event.type === "place")) return;
  const names = view.seat_names || [];
  for (const player of scored.event.players || []) {
    for (const [, tiles, points] of player.lines || []) {
      const start = tileCentre(board, top, tiles[0]);
      const end = tileCentre(board, top, tiles[tiles.length - 1]);
      if (!start || !end) continue;
      const colour = seatColour(names[player.seat], player.seat);
      const line = el(svg, "g", { class: "scored-line", "pointer-events": "none" });
      el(line, "line", { x1: start.x, y1: start.y, x2: end.x, y2: end.y, stroke: "#ffffff", "stroke-width": 14, "stroke-linecap": "round", opacity: 0.8 });
      el(line, "line", { x1: start.x, y1: start.y, x2: end.x, y2: end.y, stroke: colour, "stroke-width": 8, "stroke-linecap": "round" });
      const [mx, my] = [(start.x + end.x) / 2, (start.y + end.y) / 2 - 20];
      el(line, "rect", { x: mx - 18, y: my - 12, width: 36, height: 24, rx: 12, fill: "#ffffff", stroke: colour, "stroke-width": 3 });
      label(line, mx, my + 1, `+${points}`, { "font-size": 16, "font-weight": "bold", fill: "#1b1f24" });
    }
  }
}

function ownerText(tile, names) {
  if (tile.owner === null || tile.owner === undefined) return `: ${t("empty")}`;
  const cubes = tn("{count} cube", "{count} cubes", tile.cubes);
  const name = names[tile.owner] !== undefined ? shownName(names[tile.owner]) : t("seat {number}", { number: tile.owner + 1 });
  return `: ${t("{name} holds it with {cubes}", { name, cubes })}`;
}

function drawCubes(group, tile, x, y, names) {
  const colour = seatColour(names[tile.owner], tile.owner);
  const count = Math.max(1, tile.cubes || 1);
  const size = 18;
  const cubes = el(group, "g", { "data-anim": `cubes:${tile.name}`, "data-state": `${tile.owner}:${count}` });
  for (let k = 0; k < Math.min(count, 4); k += 1) {
    el(cubes, "rect", { x: x + TILE - 26 - k * 6, y: y + 6 + k * 4, width: size, height: size, rx: 3,
      fill: colour, stroke: "#1b1f24", "stroke-width": 1.2, class: "cube" });
  }
  if (count > 1) {
    label(cubes, x + TILE - 17, y + 15, `×${count}`, { "font-weight": "bold",
      fill: textColourOn(colour) });
  }
}

const CARD_W = 64;
const CARD_H = 96;

function handCards(state) {
  return Object.entries(state.hand || {}).flatMap(([symbol, count]) => Array(count).fill(symbol));
}

function cardsPerRow() {
  return Math.max(1, Math.floor((WIDTH - 8) / (CARD_W + 4)));
}

function handHeight(state) {
  const rows = Math.max(1, Math.ceil(handCards(state).length / cardsPerRow()));
  return 26 + rows * (CARD_H + 6);
}

function drawHand(svg, view, state, top, legal, labels, act) {
  const hand = state.hand;
  if (hand === null || hand === undefined) {
    label(svg, WIDTH / 2, top + 40, t("Spectating: hands are hidden"), { "font-size": 13, fill: "#6b6458" });
    return;
  }
  label(svg, 8, top + 8, t("Your hand"), { "text-anchor": "start", "font-size": 13, "font-weight": "bold" });
  const cards = handCards(state);
  if (!cards.length) {
    label(svg, 8, top + 40, t("no cards"), { "text-anchor": "start", "font-size": 12, fill: "#6b6458" });
    return;
  }
  const perRow = cardsPerRow();
  cards.forEach((symbol, i) => {
    const x = 8 + (i % perRow) * (CARD_W + 4);
    const y = top + 18 + Math.floor(i / perRow) * (CARD_H + 6);
    const group = card(svg, x, y, CARD_W, CARD_H, [shownName(symbol)], { fill: lookColour(symbol) });
    drawSymbol(group, symbol, x + CARD_W / 2, y + CARD_H - 26, 0.7);
    piece(group, `card:${symbol}`);
    const discard = `discard ${symbol}`;
    if ((legal || []).includes(discard)) {
      group.classList.add("playable");
      clickable(group, [discard], labels, act, t("Card {name}", { name: shownName(symbol) }));
    } else if (view.state?.board?.tiles?.some((tile) => tile.symbol === symbol && (legal || []).includes(`place ${tile.name}`))
      && cards.indexOf(symbol) === i) {  // one card of a kind selects its tiles
      const targets = view.state.board.tiles.filter((tile) => tile.symbol === symbol).map((tile) => `place ${tile.name}`)
        .filter((action) => legal.includes(action));
      selectable(group, `card:${symbol}`, targets, t("Card {name}", { name: shownName(symbol) }));
    }
  });
}

function drawSymbol(parent, symbol, cx, cy, scale = 1) {
  const g = el(parent, "g", { transform: `translate(${cx} ${cy}) scale(${scale})`, class: "symbol" });
  const ink = { fill: "none", stroke: "#2b2b2b", "stroke-width": 3, "stroke-linejoin": "round" };
  switch (symbol) {
    case "Drop":
      el(g, "path", { d: "M0 -24 C 12 -8 18 2 18 10 A 18 18 0 0 1 -18 10 C -18 2 -12 -8 0 -24 Z", ...ink, fill: "#5aa7e0" });
      break;
    case "Hammers":
      el(g, "path", { d: "M-18 18 L12 -12 M18 18 L-12 -12", ...ink, "stroke-width": 5 });
      el(g, "rect", { x: 4, y: -24, width: 18, height: 10, transform: "rotate(45 13 -19)", ...ink, fill: "#8b6b4a" });
      el(g, "rect", { x: -22, y: -24, width: 18, height: 10, transform: "rotate(-45 -13 -19)", ...ink, fill: "#8b6b4a" });
      break;
    case "Three Circles":
      [[-12, 8], [12, 8], [0, -13]].forEach(([x, y]) => el(g, "circle", { cx: x, cy: y, r: 10, ...ink, fill: "#7cc576" }));
      break;
    case "Bricks":
      [[-20, -16], [0, -16], [-10, 0], [10, 0], [-20, 16], [0, 16]].forEach(([x, y]) =>
        el(g, "rect", { x, y: y - 8, width: 20, height: 14, ...ink, fill: "#d9735e", "stroke-width": 2 }));
      break;
    case "Wheel":
      el(g, "circle", { r: 20, ...ink, fill: "#b79be0" });
      for (let a = 0; a < 180; a += 45) el(g, "line", { x1: -20, y1: 0, x2: 20, y2: 0, transform: `rotate(${a})`, ...ink, "stroke-width": 2 });
      break;
    case "Arrow":
      el(g, "path", { d: "M-20 6 L4 6 L4 16 L22 0 L4 -16 L4 -6 L-20 -6 Z", ...ink, fill: "#f0c93c" });
      break;
    default:
      label(g, 0, 0, symbol.slice(0, 2), { "font-size": 16, "font-weight": "bold" });
  }
  return g;
}
