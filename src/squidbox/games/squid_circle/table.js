// SQUID (the guard card game): the circle of characters with the guard, the guard-action and
// trick piles, every player's status, and the seat's tricks. Clickable: your trick cards
// ("play <trick>"), the 0 and 1 hand signs during the call ("vote 0", "vote 1"), and Pass.

import { card, clickable, el, label, nameOf, piece, pieceInfo, prepare, seatColour, shorten, textBlock, title, token, wrapText } from "/static/svg.js";

const WIDTH = 520;
const CENTRE_X = WIDTH / 2;
const CENTRE_Y = 200;
const RADIUS = 160;

export function draw(svg, view, legal, labels, act) {
  const state = view.state || {};
  const players = state.players || [];
  const playersTop = CENTRE_Y + RADIUS + 40;
  const handTop = playersTop + Math.ceil(players.length / 2) * 40 + 16;
  prepare(svg, WIDTH, handTop + 130);
  label(svg, 8, 14, `Round ${state.round ?? "?"} · ${phaseText(state.phase)}`,
    { "text-anchor": "start", "font-size": 13, "font-weight": "bold" });
  if (state.quick_game) {
    const quick = el(svg, "g", { class: "quick-game" });
    el(quick, "rect", { x: WIDTH - 150, y: 2, width: 146, height: 22, rx: 4, fill: "#fdecea" });
    label(quick, WIDTH - 8, 14, "Schnelles Spiel in play", { "text-anchor": "end", "font-size": 12, fill: "#b3261e" });
    piece(quick, "trick:Schnelles Spiel");
  }
  drawCircle(svg, view, state);
  drawCentre(svg, state);
  drawPlayers(svg, view, players, state, playersTop);
  const bottom = drawHand(svg, view, state, handTop, legal, labels, act);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${bottom + 8}`);
}

function phaseText(phase) {
  return { call: "the call: show 0 or 1", after_move: "the guard has moved",
    after_reveal: "a guard action is revealed", over: "game over" }[phase] || String(phase ?? "");
}

function drawCircle(svg, view, state) {
  const circle = state.circle || [];
  el(svg, "circle", { cx: CENTRE_X, cy: CENTRE_Y, r: RADIUS, fill: "none", stroke: "#c9c3b5", "stroke-width": 10 });
  circle.forEach((entry, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, circle.length) - Math.PI / 2;
    const x = CENTRE_X + RADIUS * Math.cos(angle);
    const y = CENTRE_Y + RADIUS * Math.sin(angle);
    const fill = seatColour(nameOf(view, entry.seat), entry.seat);
    const guarded = i === state.guard;
    const group = token(svg, x, y, guarded ? 24 : 20, fill, shortCharacter(entry.character),
      { className: `character${guarded ? " guarded" : ""}`, strokeWidth: guarded ? 3 : 1.2,
        title: `${entry.character}${guarded ? " (the guard stands here)" : ""}` });
    group.setAttribute("data-character", entry.character);
    piece(group, "character");
    if (guarded) drawGuard(svg, x, y, angle);
  });
}

function shortCharacter(name) {
  const parts = String(name ?? "").split(" ");
  return parts.length > 1 ? `${parts[0][0]}${parts[parts.length - 1]}` : shorten(name, 3);
}

function drawGuard(svg, x, y, angle) {
  const gx = x - 42 * Math.cos(angle);
  const gy = y - 42 * Math.sin(angle);
  const guard = el(svg, "g", { class: "guard" });
  el(guard, "path", { d: `M${gx} ${gy - 14} L${gx + 12} ${gy - 8} L${gx + 10} ${gy + 8} L${gx} ${gy + 15} L${gx - 10} ${gy + 8} L${gx - 12} ${gy - 8} Z`,
    fill: "#1b1f24", stroke: "#e8b923", "stroke-width": 2 });
  label(guard, gx, gy, "G", { fill: "#e8b923", "font-size": 12, "font-weight": "bold" });
  piece(guard, "guard");
}

function drawCentre(svg, state) {
  const revealed = state.revealed;
  card(svg, CENTRE_X - 95, CENTRE_Y - 60, 80, 110, ["Guard", `${state.guard_pile ?? 0} left`],
    { fill: "#2c3440", textFill: "#ffffff", title: "Guard action pile (face down)" });
  const shown = revealed ?? lastOf(state.guard_discard);
  const info = pieceInfo(`guard_action:${shown}`);
  const face = card(svg, CENTRE_X + 15, CENTRE_Y - 60, 80, 110,
    [revealed ? "Revealed" : "Last drawn", ...wrapWords(shown), ...(info ? wrapWords(`(${info.english})`) : [])],
    { fill: info?.colour ?? "#fffdf6", stroke: revealed ? "#c58b00" : "#5b5140", maxChars: 12, fontSize: 10.5 });
  piece(face, `guard_action:${shown}`);
  label(svg, CENTRE_X, CENTRE_Y + 68, `Tricks: ${state.trick_pile ?? 0} in pile · ${(state.trick_discard || []).length} discarded`, { "font-size": 11 });
  const out = [...(state.in_front || []), ...(state.boxed || [])];
  if (out.length) label(svg, CENTRE_X, CENTRE_Y + 84, shorten(`Out of the circle: ${out.join(", ")}`, 60), { "font-size": 11 });
}

function lastOf(list) {
  return list && list.length ? list[list.length - 1] : "none";
}

function drawPlayers(svg, view, players, state, top) {
  const width = (WIDTH - 12) / 2;
  players.forEach((player, i) => {
    const x = 4 + (i % 2) * (width + 4);
    const y = top + Math.floor(i / 2) * 40;
    const threatened = player.seat === state.threatened;
    const moving = (view.to_move || []).includes(player.seat);
    const group = el(svg, "g", { class: "player-panel" });
    el(group, "rect", { x, y, width, height: 36, rx: 6, fill: moving ? "#fff7d6" : "#ffffff",
      stroke: threatened ? "#b3261e" : "#c9c3b5", "stroke-width": threatened ? 2.5 : 1, opacity: player.active === false ? 0.5 : 1 });
    el(group, "circle", { cx: x + 16, cy: y + 18, r: 9, fill: seatColour(player.colour, player.seat), stroke: "#1b1f24" });
    const you = player.seat === view.seat ? " (you)" : "";
    label(group, x + 32, y + 11, `${player.colour ?? nameOf(view, player.seat)}${you}${threatened ? " · threatened" : ""}`,
      { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
    const last = state.last_call?.[player.seat];
    const status = player.active === false ? "out" :
      `${player.characters} in circle · ${player.tricks} trick${player.tricks === 1 ? "" : "s"}` +
      (player.has_voted ? " · chosen" : "") + (player.passed ? " · passed" : "") +
      (last !== null && last !== undefined && last >= 0 ? ` · last call ${last}` : "");
    label(group, x + 32, y + 27, status, { "text-anchor": "start", "font-size": 10.5 });
  });
}

const CARD_W = 76;
const PER_ROW = Math.floor((WIDTH - 16) / (CARD_W + 6));

// The hand signs 0 and 1 (during the call), the tricks, and Pass, in rows of cards.
function handCards(state, legal) {
  const cards = [];
  for (const value of ["0", "1"]) {
    const action = `vote ${value}`;
    if (legal.includes(action)) {
      cards.push({ lines: [value, value === "0" ? "flat hand" : "one finger"], actions: [action], name: `Show ${value}`,
        fill: "#e6f3da", piece: `vote:${value}` });
    }
  }
  for (const trick of state.hand || []) {
    const info = pieceInfo(`trick:${trick}`);
    cards.push({ lines: wrapWords(trick), english: info?.text,
      actions: legal.filter((a) => a === `play ${trick}`), name: `Trick ${trick}`,
      fill: info?.colour ?? "#fdf3c9", piece: `trick:${trick}` });
  }
  if (legal.includes("pass")) cards.push({ lines: ["Pass"], actions: ["pass"], name: "Pass", fill: "#e4ded2" });
  return cards;
}

function drawHand(svg, view, state, top, legal, labels, act) {
  if (state.hand === null || state.hand === undefined) {
    label(svg, WIDTH / 2, top + 30, "Spectating: tricks are hidden", { "font-size": 13, fill: "#6b6458" });
    return top + 50;
  }
  const vote = state.my_vote;
  label(svg, 8, top + 6, vote !== null && vote !== undefined ? `Your tricks · your hidden choice: ${vote}` : "Your tricks and signs",
    { "text-anchor": "start", "font-size": 13, "font-weight": "bold" });
  const cards = handCards(state, legal || []);
  cards.forEach((entry, i) => {
    const x = 8 + (i % PER_ROW) * (CARD_W + 6);
    const y = top + 18 + Math.floor(i / PER_ROW) * 100;
    const group = card(svg, x, y, CARD_W, 96, entry.lines, { fill: entry.fill, fontSize: 11, maxChars: 12 });
    if (entry.english) {
      const top = y + 18 + entry.lines.length * 12;
      textBlock(group, x + 4, top, wrapText(entry.english, 16), Math.floor((y + 94 - top) / 10), { "font-size": 8.5 });
    }
    if (entry.piece) piece(group, entry.piece);
    if (entry.actions.length) {
      group.classList.add("playable");
      clickable(group, entry.actions, labels, act, entry.name);
    }
  });
  if (!cards.length) label(svg, 8, top + 36, "no tricks", { "text-anchor": "start", "font-size": 12, fill: "#6b6458" });
  return top + 18 + Math.max(1, Math.ceil(cards.length / PER_ROW)) * 100;
}

function wrapWords(text) {
  const words = String(text ?? "").split(" ");
  const lines = [];
  for (const word of words) {
    if (lines.length && (lines[lines.length - 1] + " " + word).length <= 11) lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}
