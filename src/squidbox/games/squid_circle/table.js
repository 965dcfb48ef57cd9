// SQUID (the guard card game): the circle of characters with the guard, the guard-action and
// trick piles, every player's status, and the seat's tricks. Clickable: your trick cards
// ("play <trick>"), the 0 and 1 hand signs during the call ("vote 0", "vote 1"), and Pass.

import { t, tn } from "/static/i18n.js";
import { relayoutOnResize, TAP, boardWidth, card, cardHeight, charsIn, clickable, el, label, nameOf, paragraph, piece, pieceInfo, prepare, seatColour, seatNames, shownName, token, wrapText } from "/static/svg.js";

// Laid out for the width the board is shown at (see boardWidth in static/svg.js).
let WIDTH = 520;
let CENTRE_X = WIDTH / 2;
const CENTRE_Y = 256;
const RADIUS = 160;

// What the status bar asks (the page puts the seat first).
export function prompt(view, legal) {
  if (legal.some((a) => a.startsWith("vote "))) return t("show 0 or 1: click a hand sign (or play a trick)");
  if (legal.some((a) => a.startsWith("play "))) return t("play a trick from your hand, or pass");
  return "";
}

export function counters(view, seat) {
  const state = view.state || {};
  const player = (state.players || []).find((p) => p.seat === seat);
  if (!player) return [];
  if (player.active === false) return [t("out")];
  const last = state.last_call?.[seat];
  return [t("{count} in circle", { count: player.characters }), tn("{count} trick", "{count} tricks", player.tricks),
    seat === state.threatened && state.phase !== "over" ? t("threatened") : "",
    player.has_voted ? t("voted") : "", player.passed ? t("passed") : "",
    last !== null && last !== undefined ? t("showed {value}", { value: String(last).replace("-", "−") }) : ""];
}

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  const state = view.state || {};
  const players = state.players || [];
  WIDTH = boardWidth(svg);
  CENTRE_X = WIDTH / 2;
  const playersTop = CENTRE_Y + RADIUS + 40;
  prepare(svg, WIDTH, playersTop + 400);
  label(svg, 8, 14, `${t("Round {round}", { round: state.round ?? "?" })} · ${phaseText(state.phase)}`,
    { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  if (state.quick_game) {
    const quick = el(svg, "g", { class: "quick-game" });
    el(quick, "rect", { x: 4, y: 26, width: 200, height: TAP, rx: 4, fill: "#fdecea" });
    label(quick, 12, 26 + TAP / 2, t("Schnelles Spiel in play"), { "text-anchor": "start", fill: "#b3261e" });
    piece(quick, "trick:Schnelles Spiel");
  }
  drawCircle(svg, view, state);
  drawCentre(svg, state);
  const handTop = drawOutside(svg, state, playersTop - 16) + 4;
  const bottom = drawHand(svg, view, state, handTop, legal, labels, act);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${bottom + 8}`);
}

function phaseText(phase) {
  return { start: t("setup: placing the guard"),
    call: t("the call: show 0 or 1"), after_move: t("the guard has moved"),
    after_reveal: t("a guard action is revealed"), over: t("game over") }[phase] || String(phase ?? "");
}

function drawCircle(svg, view, state) {
  const circle = state.circle || [];
  const colours = seatNames(view).map(shownName);
  el(svg, "circle", { cx: CENTRE_X, cy: CENTRE_Y, r: RADIUS, fill: "none", stroke: "#c9c3b5", "stroke-width": 10 });
  circle.forEach((entry, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, circle.length) - Math.PI / 2;
    const x = CENTRE_X + RADIUS * Math.cos(angle);
    const y = CENTRE_Y + RADIUS * Math.sin(angle);
    const fill = seatColour(seatNames(view)[entry.seat], entry.seat);
    const guarded = i === state.guard;
    const group = token(svg, x, y, guarded ? TAP / 2 + 4 : TAP / 2, fill, shortCharacter(entry.character, colours),
      { className: `character${guarded ? " guarded" : ""}`, strokeWidth: guarded ? 3 : 1.2,
        title: `${shownName(entry.character)}${guarded ? ` ${t("(the guard stands here)")}` : ""}` });
    group.setAttribute("data-character", entry.character);
    group.dataset.anim = `character:${entry.character}`;
    group.dataset.state = guarded ? "guarded" : "";
    piece(group, "character");
    if (guarded) drawGuard(svg, x, y, angle);
  });
}

// "Red 1" as "R1" on its token, in the reader's language: "Rot 1" is "R1", and where two colours
// begin alike ("Grün", "Gelb") as many letters as tell them apart ("Gr1", "Ge1").
function shortCharacter(name, colours) {
  const parts = shownName(name).split(" ");
  if (parts.length < 2) return parts[0].slice(0, 3);
  const colour = parts[0];
  let length = 1;
  while (length < colour.length && colours.some((other) => other !== colour && other.startsWith(colour.slice(0, length)))) length += 1;
  return `${colour.slice(0, length)}${parts[parts.length - 1]}`;
}

function drawGuard(svg, x, y, angle) {
  const gx = x - 52 * Math.cos(angle);
  const gy = y - 52 * Math.sin(angle);
  const guard = el(svg, "g", { class: "guard", "data-anim": "guard" });
  el(guard, "circle", { cx: gx, cy: gy, r: TAP / 2, fill: "#ffffff", opacity: 0.01 });  // the tap area
  el(guard, "path", { d: `M${gx} ${gy - 14} L${gx + 12} ${gy - 8} L${gx + 10} ${gy + 8} L${gx} ${gy + 15} L${gx - 10} ${gy + 8} L${gx - 12} ${gy - 8} Z`,
    fill: "#1b1f24", stroke: "#e8b923", "stroke-width": 2 });
  // The guard's initial in the reader's language: G, or W (Wächter) in German.
  label(guard, gx, gy, t("Guard").charAt(0), { fill: "#e8b923", "font-size": 12, "font-weight": "bold" });
  piece(guard, "guard");
}

function drawCentre(svg, state) {
  const revealed = state.revealed;
  card(svg, CENTRE_X - 92, CENTRE_Y - 80, 84, 100, [t("Guard"), t("{count} left", { count: state.guard_pile ?? 0 })],
    { fill: "#2c3440", textFill: "#ffffff", title: t("Guard action pile (face down)") });
  const shown = revealed ?? lastOf(state.guard_discard);
  const info = pieceInfo(`guard_action:${shown}`);
  const face = card(svg, CENTRE_X + 8, CENTRE_Y - 80, 84, 100,
    [revealed ? t("Revealed") : t("Last drawn"), shown, ...(info && t(info.english) !== shown ? [`(${t(info.english)})`] : [])],
    { fill: info?.colour ?? "#fffdf6", stroke: revealed ? "#c58b00" : "#5b5140" });
  piece(face, `guard_action:${shown}`);
  const below = Math.max(CENTRE_Y + 24, CENTRE_Y - 80 + face.cardHeight + 4);
  paragraph(svg, CENTRE_X - 100, below, 200, t("Tricks: {pile} in pile · {discarded} discarded", { pile: state.trick_pile ?? 0, discarded: (state.trick_discard || []).length }));

}

// Under the circle: characters kept in front (not in play) and those knocked out by POW, named
// apart (kept in front is not eliminated). The y below them.
function drawOutside(svg, state, top) {
  let y = top;
  if ((state.in_front || []).length) y = paragraph(svg, 8, y, WIDTH - 16, t("Kept in front (not in play): {names}", { names: state.in_front.map(shownName).join(", ") })) + 2;
  if ((state.boxed || []).length) y = paragraph(svg, 8, y, WIDTH - 16, t("Knocked out: {names}", { names: state.boxed.map(shownName).join(", ") })) + 2;
  return y + 4;
}

function lastOf(list) {
  return list && list.length ? list[list.length - 1] : t("none");
}

const CARD_W = 110;

// The hand signs 0 and 1 (during the call), the tricks, and Pass, in rows of cards.
function handCards(state, legal) {
  const cards = [];
  for (const value of ["0", "1"]) {
    const action = `vote ${value}`;
    if (legal.includes(action)) {
      cards.push({ lines: [value, value === "0" ? t("flat hand") : t("one finger")], actions: [action], name: t("Show {value}", { value }),
        fill: "#e6f3da", piece: `vote:${value}` });
    }
  }
  for (const trick of state.hand || []) {
    const info = pieceInfo(`trick:${trick}`);
    const text = info?.text?.startsWith(`${trick}: `) ? info.text.slice(trick.length + 2) : info?.text;  // the rulebook's "Zeige 2: Du darfst …" under its name
    cards.push({ lines: [trick, ...(text ? [text] : [])],
      actions: legal.filter((a) => a === `play ${trick}`), name: t("Trick {name}", { name: trick }),
      fill: info?.colour ?? "#fdf3c9", piece: `trick:${trick}` });
  }
  return cards;
}

function drawHand(svg, view, state, top, legal, labels, act) {
  if (state.hand === null || state.hand === undefined) {
    label(svg, WIDTH / 2, top + 30, t("Spectating: tricks are hidden"), { "font-size": 13, fill: "#5b5140" });
    return top + 50;
  }
  const vote = state.my_vote === null || state.my_vote === undefined ? state.my_vote
    : String(state.my_vote).replace(/^(vote|play) /, "");  // "vote 1" is "1", "play Zeige 2" "Zeige 2"
  const headingBottom = paragraph(svg, 8, top, WIDTH - 16, vote !== null && vote !== undefined ? t("Your tricks · your hidden choice: {vote}", { vote }) : t("Your tricks and signs"),
    { "font-size": 14, "font-weight": "bold" });
  const cards = handCards(state, legal || []);
  const perRow = Math.max(1, Math.floor((WIDTH - 16) / (CARD_W + 6)));
  const height = Math.max(60, ...cards.map((entry) => cardHeight(CARD_W, 60, entry.lines)));
  cards.forEach((entry, i) => {
    const x = 8 + (i % perRow) * (CARD_W + 6);
    const y = headingBottom + 4 + Math.floor(i / perRow) * (height + 6);
    const group = card(svg, x, y, CARD_W, height, entry.lines, { fill: entry.fill });
    group.setAttribute("data-place", entry.name);
    if (entry.piece) piece(group, entry.piece);
    if (entry.actions.length) {
      group.classList.add("playable");
      clickable(group, entry.actions, labels, act, entry.name);
    }
  });
  if (!cards.length) label(svg, 8, headingBottom + 16, t("no tricks"), { "text-anchor": "start", fill: "#5b5140" });
  return headingBottom + 4 + Math.max(1, Math.ceil(cards.length / perRow)) * (height + 6);
}

