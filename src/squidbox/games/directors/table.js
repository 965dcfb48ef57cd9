// Directors: the 10-turn clock, the four Actions, the Events, every player's money, crowns and
// cards in play, and the seat's hand. Clickable: an Action tile ("explore"), a card in your hand
// ("play Hero", "command Hero", "keep Hero"…), a card in play ("discard Agent (rotated)",
// "take Agent"…), a player ("target 2"), an Event ("resolve <Event>"), a colour ("name Red"),
// and chips for pass, pay and the bonuses.

import { card, clickable, el, label, lookColour, matching, nameOf, piece, pieceInfo, prepare, seatColour, shorten, textBlock, title, wrapText } from "/static/svg.js";

const WIDTH = 520;
const ACTIONS = [["explore", "Explore", "Blue"], ["collect", "Collect", "Gold"],
  ["recruit", "Recruit", "Red"], ["unleash", "Unleash", "Unleash"]];
const CARD_COLOURS = ["Blue", "Gold", "Red"];
const ROTATED = " (rotated)";
const HAND_VERBS = ["play", "command", "select", "keep", "spare"];
const CHOICE_CHIPS = ["bonus draw", "bonus money", "bonus play", "pay", "pass"];
const PLAY_AREA_VERBS = ["discard", "return", "give", "take"];

const CARD_W = 76;
const HAND_H = 112;
const IN_PLAY_H = 70;
const PER_ROW = Math.floor((WIDTH - 24) / (CARD_W + 4));

export function draw(svg, view, legal, labels, act) {
  const state = view.state || {};
  const players = state.players || [];
  const events = state.events || [];
  prepare(svg, WIDTH, 200);
  drawClock(svg, view, state);
  drawActions(svg, state, legal, labels, act);
  const eventsTop = 112;
  drawEvents(svg, events, eventsTop, legal, labels, act);
  let y = eventsTop + (events.length ? 66 : 0) + 30;
  drawDecision(svg, view, state, y - 24, legal, labels, act);
  for (const player of players) y = drawPlayer(svg, view, state, player, y, legal, labels, act) + 6;
  y = drawHand(svg, state, y, legal, labels, act);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${y + 8}`);
}

function rowsFor(count) {
  return Math.max(1, Math.ceil(count / PER_ROW));
}

function drawClock(svg, view, state) {
  const turns = state.turns || 10;
  const turn = state.turn || 0;
  label(svg, 8, 10, `Turn ${turn} of ${turns} · ${nameOf(view, state.current_player)}${state.extra_turn ? " (extra turn)" : ""}` +
    `${state.action ? ` · ${state.action}` : ""} · deck ${state.deck_size ?? "?"} · discards ${(state.discard || []).length}`,
  { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
  const step = (WIDTH - 16) / turns;
  for (let t = 1; t <= turns; t += 1) {
    el(svg, "rect", { x: 8 + (t - 1) * step, y: 20, width: step - 3, height: 12, rx: 3,
      fill: t < turn ? "#8a8f98" : t === turn ? "#e8b923" : "#e4ded2" });
  }
}

function drawActions(svg, state, legal, labels, act) {
  const width = (WIDTH - 16 - 3 * 6) / 4;
  ACTIONS.forEach(([action, name, colour], i) => {
    const x = 8 + i * (width + 6);
    const available = (legal || []).includes(action);
    const chosen = state.action === action;
    const commands = colour === "Unleash" ? "commands nothing" : `commands ${colour}`;
    const group = card(svg, x, 40, width, 64, [name, commands, chosen ? "in use" : ""],
      { fill: lookColour(colour, "#333333"), textFill: "#ffffff", stroke: available || chosen ? "#e8b923" : "#333", strokeWidth: available || chosen ? 3 : 1, fontSize: 13, maxChars: 18 });
    piece(group, `action:${action}`);
    if (available) {
      group.classList.add("playable");
      clickable(group, [action], labels, act, `Action ${name}`);
    }
  });
}

function drawEvents(svg, events, top, legal, labels, act) {
  if (!events.length) return;
  label(svg, 8, top + 4, "Events", { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
  const width = Math.min(160, (WIDTH - 16) / events.length - 6);
  events.forEach((event, i) => {
    const actions = matching(legal, (a) => a === `resolve ${event.name}`);
    const group = card(svg, 8 + i * (width + 6), top + 12, width, 50,
      [event.name, `turns ${(event.turns || []).join(", ")}${event.active ? " · active now" : ""}`],
      { fill: event.active ? "#fff1c2" : "#f2efe7", fontSize: 10, maxChars: Math.floor(width / 5.5) });
    piece(group, `event:${event.name}`);
    if (actions.length) {
      group.classList.add("playable");
      clickable(group, actions, labels, act, `Event ${event.name}`);
    }
  });
}

function drawDecision(svg, view, state, y, legal, labels, act) {
  const decision = state.decision;
  const text = decision ? `${nameOf(view, decision.seat)}: ${decision.prompt}` : "";
  textBlock(svg, 8, y + 2, wrapText(text, 40), 2, { "font-size": 11, fill: "#7a4d00" });
  let x = WIDTH - 8;
  for (const colour of [...CARD_COLOURS].reverse()) {
    const action = `name ${colour}`;
    if (!(legal || []).includes(action)) continue;
    x -= 58;
    const chip = card(svg, x, y - 4, 54, 22, [colour], { fill: lookColour(colour), textFill: "#fff", fontSize: 10 });
    clickable(chip, [action], labels, act, `Colour ${colour}`);
  }
  for (const action of [...CHOICE_CHIPS].reverse()) {
    if (!(legal || []).includes(action)) continue;
    x -= 76;
    const chip = card(svg, x, y - 4, 72, 22, [action], { fill: "#fff1c2", fontSize: 10 });
    chip.classList.add("playable");
    clickable(chip, [action], labels, act, `Choice ${action}`);
  }
}

function drawPlayer(svg, view, state, player, y, legal, labels, act) {
  const seat = player.seat;
  const colour = seatColour(null, seat);
  const current = seat === state.current_player;
  const cards = player.in_play || [];
  const height = 30 + rowsFor(cards.length) * IN_PLAY_H;
  const group = el(svg, "g", { class: "player-panel" });
  const frame = el(group, "rect", { x: 4, y, width: WIDTH - 8, height, rx: 6, fill: current ? "#fff7d6" : "#ffffff",
    stroke: current ? "#c58b00" : "#c9c3b5", "stroke-width": current ? 2.5 : 1 });
  el(group, "rect", { x: 4, y, width: 8, height, rx: 3, fill: colour });
  const you = seat === view.seat ? " (you)" : "";
  const heading = el(group, "g", {});
  el(heading, "rect", { x: 16, y: y + 2, width: WIDTH - 28, height: 18, fill: "transparent" });
  const minus = player.minus ? ` · −1 tokens: ${player.minus}` : "";
  const hand = player.hand_size ?? 0;
  label(heading, 20, y + 12, `${nameOf(view, seat)}${you} · $${player.money ?? 0}${minus} · ` +
    `${hand} card${hand === 1 ? "" : "s"} in hand · ${crownText(player.score ?? 0)}${player.debt ? ` · debt ${player.debt}` : ""}` +
    `${player.last_action ? ` · last ${player.last_action}` : ""}`,
  { "text-anchor": "start", "font-size": 11, "font-weight": "bold" });
  const targets = matching(legal, (a) => a === `target ${seat + 1}`);
  if (targets.length) {
    frame.setAttribute("stroke", "#c58b00");
    clickable(heading, targets, labels, act, `Player ${nameOf(view, seat)}`);
  }
  cards.forEach((entry, i) => {
    const name = entry.card;
    const ref = entry.rotated ? `${name}${ROTATED}` : name;
    const actions = matching(legal, (a, words) => words.length > 1 && words.slice(1).join(" ") === ref &&
      PLAY_AREA_VERBS.includes(words[0]));
    const x = 18 + (i % PER_ROW) * (CARD_W + 4);
    const top = y + 26 + Math.floor(i / PER_ROW) * IN_PLAY_H;
    const tags = [entry.rotated ? "rotated" : "", entry.new ? "new" : ""].filter(Boolean).join(" · ");
    const cardGroup = playerCard(svg, x, top, CARD_W, IN_PLAY_H - 6, name, { tags, rotated: entry.rotated, lines: 2 });
    if (actions.length) {
      cardGroup.classList.add("playable");
      clickable(cardGroup, actions, labels, act, `${nameOf(view, seat)}'s ${name}`);
    }
  });
  if (!cards.length) label(svg, 20, y + 56, "no cards in play", { "text-anchor": "start", "font-size": 11, fill: "#6b6458" });
  if ((player.known_in_hand || []).length) {
    title(group, `Known in hand: ${player.known_in_hand.join(", ")}`);
  }
  return y + height;
}

function drawHand(svg, state, top, legal, labels, act) {
  if (state.hand === null || state.hand === undefined) {
    label(svg, WIDTH / 2, top + 30, "Spectating: hands are hidden", { "font-size": 13, fill: "#6b6458" });
    return top + 50;
  }
  label(svg, 8, top + 8, "Your hand", { "text-anchor": "start", "font-size": 13, "font-weight": "bold" });
  const hand = state.hand || [];
  hand.forEach((name, i) => {
    const actions = matching(legal, (a, words) => words.length > 1 && words.slice(1).join(" ") === name &&
      HAND_VERBS.includes(words[0]));
    const x = 8 + (i % PER_ROW) * (CARD_W + 4);
    const y = top + 18 + Math.floor(i / PER_ROW) * HAND_H;
    const group = playerCard(svg, x, y, CARD_W, HAND_H - 4, name, { lines: 6 });
    if (actions.length) {
      group.classList.add("playable");
      clickable(group, actions, labels, act, `Card ${name}`);
    }
  });
  if (!hand.length) {
    label(svg, 8, top + 40, "no cards", { "text-anchor": "start", "font-size": 12, fill: "#6b6458" });
    return top + 56;
  }
  return top + 18 + rowsFor(hand.length) * HAND_H;
}

function crownText(count) {
  return `${String(count).replace("-", "−")} crown${Math.abs(count) === 1 ? "" : "s"}`;
}

// A player card as printed: its colour, cost (top left), crowns (top right), name, Director
// mark and as much of its text as fits; the whole text is in its tooltip and detail panel.
function playerCard(svg, x, y, w, h, name, options = {}) {
  const info = pieceInfo(`card:${name}`);
  const colour = info?.card_colour;
  const group = el(svg, "g", { class: "card" });
  el(group, "rect", { x, y, width: w, height: h, rx: 6, fill: options.rotated ? "#e4ded2" : (info?.colour ?? "#fffdf6"),
    stroke: lookColour(colour, "#5b5140"), "stroke-width": 2, "stroke-dasharray": options.rotated ? "5 3" : null });
  el(group, "rect", { x, y, width: w, height: 14, rx: 6, fill: lookColour(colour, "#5b5140") });
  const values = Object.fromEntries((info?.values || []).map((v) => [v.label, v]));
  const mark = (v) => (v?.proposed ? "*" : "");
  label(group, x + 4, y + 7.5, `${values.cost?.value ?? "?"}${mark(values.cost)}`, { "text-anchor": "start", "font-size": 9, fill: "#fff", "font-weight": "bold" });
  label(group, x + w - 4, y + 7.5, `♛${values.crowns?.value ?? "?"}${mark(values.crowns)}`, { "text-anchor": "end", "font-size": 9, fill: "#fff", "font-weight": "bold" });
  label(group, x + w / 2, y + 22, shorten(name, 13), { "font-size": 10, "font-weight": "bold" });
  let line = y + 32;
  if (values.type) { label(group, x + w / 2, line, "Director", { "font-size": 8, fill: "#7a4d00" }); line += 9; }
  const room = Math.max(0, Math.min(options.lines ?? 4, Math.floor((y + h - line - (options.tags ? 10 : 2)) / 9)));
  if (room) textBlock(group, x + 3, line + 2, wrapText(info?.text ?? "", 17), room, { "font-size": 7.5 });
  if (options.tags) label(group, x + w / 2, y + h - 6, options.tags, { "font-size": 8, fill: "#6b6458" });
  piece(group, `card:${name}`);
  return group;
}
