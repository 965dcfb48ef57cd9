// Squid Game: The Board Game: the campaign of six games, every team's tokens (in play, set
// aside, in the piggy bank), and the board of the game being played: Red Light Green Light's
// lanes, Dalgona's shapes, Tug of War's rope teams, Marbles' groups and duel, the Glass Bridge's
// line and tiles, and the Squid Game's triangle. Clickable: every token ("token 325"), a shape
// ("shape star"), a rope team ("team B", or "play 3 on B" through a chooser), a line spot
// ("spot 4"), a pane side ("side left"), and chips for the remaining choices (cards, draw, stop,
// alone, hide, guess, roll, block, stab, push, move, wall).

import { clickable, el, label, nameOf, piece, pieceInfo, prepare, seatColour, shorten, textBlock, title, token, wrapText } from "/static/svg.js";

const WIDTH = 520;
// A game's title, from its piece text (served from the game folder).
function stageTitle(stage) {
  return pieceInfo(`stage:${stage}`)?.name ?? String(stage ?? "");
}

export function draw(svg, view, legal, labels, act) {
  const state = view.state || {};
  prepare(svg, WIDTH, 200);
  const context = { svg, view, state, legal: legal || [], labels, act, bound: new Set(), owners: ownersOf(state) };
  let y = drawCampaign(context, 4);
  y = drawTeams(context, y + 6);
  const game = state.game;
  const stage = (state.games || [])[state.stage];
  if (state.phase === "play" && game) {
    const drawStage = STAGES[stage];
    label(svg, 8, y + 12, `${stageTitle(stage)}${game.timer ? ` · timer ${game.timer}` : ""}` +
      `${game.round !== undefined ? ` · round ${game.round}` : ""}${game.step ? ` · ${game.step}` : ""}`,
    { "text-anchor": "start", "font-size": 13, "font-weight": "bold" });
    y = drawStage ? drawStage(context, game, y + 22) : y + 22;
  } else if (state.phase === "lineup" || state.phase === "recruit") {
    const picks = (state.to_pick || []).map((k, s) => (k ? `${nameOf(view, s)} ${k}` : null)).filter(Boolean);
    label(svg, 8, y + 12, `Choose tokens from your reserve: ${picks.join(", ") || "done"}`,
      { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
    y = textBlock(svg, 8, y + 26, wrapText("Which numbers you bring matters: when teams tie for who goes first, the " +
      "highest token number goes first, and some games order pushes and ties by it.", 86), 3, { "font-size": 10.5, fill: "#6b6458" });
  } else if (state.winner !== null && state.winner !== undefined) {
    label(svg, WIDTH / 2, y + 16, `${nameOf(view, state.winner)} wins the campaign`, { "font-size": 15, "font-weight": "bold" });
    y += 30;
  }
  y = drawChoices(context, y + 6);
  svg.setAttribute("viewBox", `0 0 ${WIDTH} ${Math.max(120, y + 8)}`);
}

function ownersOf(state) {
  const owners = {};
  for (const key of ["teams", "reserve", "bank"]) {
    (state[key] || []).forEach((tokens, seat) => (tokens || []).forEach((t) => { owners[t] = seat; }));
  }
  return owners;
}

function tokenText(number) {
  return String(number).padStart(3, "0");
}

// A token chip, clickable when "token N" is legal.
function chip(context, number, x, y, options = {}) {
  const seat = context.owners[number];
  const fill = seatColour(nameOf(context.view, seat), seat ?? 0);
  const action = `token ${number}`;
  const group = token(context.svg, x, y, options.r || 12, fill, tokenText(number),
    { fontSize: 8, dashed: options.dashed, className: "game-token" });
  group.setAttribute("data-token", String(number));
  piece(group, `token:${number}`);
  if (context.legal.includes(action)) {
    context.bound.add(action);
    group.classList.add("playable");
    clickable(group, [action], context.labels, context.act, `Token ${tokenText(number)}`);
  }
  return group;
}

function drawCampaign(context, top) {
  const { svg, state } = context;
  const games = state.games || [];
  const width = (WIDTH - 16) / Math.max(1, games.length);
  games.forEach((stage, i) => {
    const current = i === state.stage && state.phase === "play";
    const done = i < (state.results || []).length;
    el(svg, "rect", { x: 8 + i * width, y: top, width: width - 4, height: 26, rx: 5,
      fill: current ? "#e8b923" : done ? "#c9d8c5" : "#e4ded2", stroke: "#5b5140" });
    label(svg, 8 + i * width + (width - 4) / 2, top + 13, shorten(stageTitle(stage), Math.floor(width / 6.2)),
      { "font-size": 9.5, "font-weight": current ? "bold" : "normal" });
  });
  return top + 30;
}

function drawTeams(context, top) {
  const { svg, view, state } = context;
  const teams = state.teams || [];
  let y = top;
  teams.forEach((team, seat) => {
    const reserve = (state.reserve || [])[seat] || [];
    const bank = (state.bank || [])[seat] || [];
    const showReserve = reserve.some((t) => context.legal.includes(`token ${t}`));
    const rows = 1 + (showReserve ? Math.ceil(reserve.length / 14) : 0) + Math.floor(Math.max(0, team.length - 1) / 14);
    const height = 22 + rows * 28;
    const colour = seatColour(nameOf(view, seat), seat);
    el(svg, "rect", { x: 4, y, width: WIDTH - 8, height, rx: 6, fill: "#ffffff", stroke: colour, "stroke-width": seat === view.seat ? 3 : 1.5 });
    const you = seat === view.seat ? " (you)" : "";
    label(svg, 12, y + 11, `${nameOf(view, seat)}${you} · team ${team.length} · set aside ${reserve.length} · piggy bank ${bank.length}`,
      { "text-anchor": "start", "font-size": 11, "font-weight": "bold" });
    let row = 0;
    team.forEach((number, i) => {
      row = Math.floor(i / 14);
      chip(context, number, 20 + (i % 14) * 35, y + 36 + row * 28);
    });
    if (showReserve) {
      const start = team.length ? row + 1 : 0;
      reserve.forEach((number, i) => chip(context, number, 20 + (i % 14) * 35, y + 36 + (start + Math.floor(i / 14)) * 28, { dashed: true }));
    }
    y += height + 4;
  });
  return y;
}

function tokensWhere(game, test) {
  return Object.entries(game.at || {}).filter(([, where]) => test(where)).map(([t]) => Number(t)).sort((a, b) => a - b);
}

// Places drawn as rows (a label, then the tokens there, wrapping onto more lines as needed).
function placeRows(context, game, places, top, describe) {
  const { svg } = context;
  const perLine = Math.floor((WIDTH - 84) / 26);
  let y = top;
  places.forEach((place, i) => {
    const tokens = tokensWhere(game, (w) => w === place);
    const height = 30 * Math.max(1, Math.ceil(tokens.length / perLine));
    const { name, fill } = describe(place, i);
    const row = el(svg, "g", { class: "place-row" });
    el(row, "rect", { x: 8, y, width: 66, height: height - 2, rx: 4, fill, stroke: "#c9c3b5" });
    label(row, 40, y + 14, name, { "font-size": 10, "font-weight": "bold" });
    piece(row, `place:${name.replace(/ \d+$/, "")}`);
    el(svg, "rect", { x: 76, y, width: WIDTH - 84, height: height - 2, rx: 4, fill, stroke: "#c9c3b5" });
    tokens.forEach((number, k) => chip(context, number, 86 + (k % perLine) * 26, y + 14 + Math.floor(k / perLine) * 30, { r: 11 }));
    y += height;
  });
  return y;
}

function drawRedLight(context, game, top) {
  const { svg } = context;
  const lanes = game.lanes || 10;
  const places = [lanes, ...Array.from({ length: lanes }, (_, i) => lanes - 1 - i), -1];
  label(svg, WIDTH / 2, top + 8, "the Doll is beyond the last lane", { "font-size": 10, fill: "#6b6458" });
  const y = placeRows(context, game, places, top + 16, (place, i) => ({
    name: place === -1 ? "waiting" : place === 0 ? "start line" : `lane ${place}`,
    fill: place === -1 ? "#efeae0" : place === 0 ? "#d9f2e6" : i % 2 ? "#fbf7ee" : "#f4efe3",
  }));
  const doll = game.doll === null || game.doll === undefined ? "no Doll card turned yet" :
    (game.doll.length ? `Red Light: ${game.doll.join(" and ")} are seen` : "Green Light: everyone moves");
  const played = playedCards(context, game.revealed);
  const lines = wrapText(`Doll: ${doll} · ${game.deck_size ?? "?"} Doll card${game.deck_size === 1 ? "" : "s"} left` +
    `${played ? ` · cards played: ${played}` : ""}` +
    `${game.my_card !== null && game.my_card !== undefined ? ` · your card ${game.my_card}` : ""}`, 84);
  return textBlock(svg, 8, y + 12, lines, 3, { "font-size": 11 }) + 6;
}

// "Red 3, Blue 0 (Push)": the cards each player revealed, without raw lists.
function playedCards(context, revealed) {
  return (revealed || []).map((card, p) => (card === null || card === undefined ? null :
    `${nameOf(context.view, p)} ${card}${card === 0 ? " (Push)" : ""}`)).filter(Boolean).join(", ");
}

// Tokens in rows across the board; the height they take.
function chipLines(context, tokens, top) {
  const perLine = Math.floor((WIDTH - 24) / 26);
  tokens.forEach((number, i) => chip(context, number, 20 + (i % perLine) * 26, top + 12 + Math.floor(i / perLine) * 28, { r: 11 }));
  return Math.ceil(tokens.length / perLine) * 28;
}

function drawDalgona(context, game, top) {
  const { svg } = context;
  const shapes = game.shapes || [];
  let y = top;
  shapes.forEach((shape, s) => {
    const sections = (game.sections || [])[s] || 3;
    const width = (WIDTH - 112) / sections;
    const perCell = Math.max(1, Math.floor((width - 8) / 25));
    const cells = Array.from({ length: sections }, (_, k) =>
      tokensWhere(game, (w) => Array.isArray(w) && w[0] === s && w[1] === k));
    const rowHeight = 40 + 26 * Math.max(0, ...cells.map((c) => Math.ceil(c.length / perCell) - 1));
    drawShapeHead(context, shape, y, rowHeight);
    cells.forEach((tokens, k) => {
      const x = 104 + k * width;
      el(svg, "rect", { x, y, width: width - 4, height: rowHeight - 4, rx: 4, fill: "#fbf7ee", stroke: "#c9c3b5" });
      tokens.forEach((number, i) => chip(context, number, x + 14 + (i % perCell) * 25, y + 18 + Math.floor(i / perCell) * 26, { r: 11 }));
    });
    y += rowHeight;
  });
  const waiting = tokensWhere(game, (w) => w === null);
  label(svg, 8, y + 10, `Drawn: ${(game.drawn || []).join(", ") || "nothing"} · deck ${game.deck_size ?? "?"}${waiting.length ? " · not placed:" : ""}`,
    { "text-anchor": "start", "font-size": 11 });
  return y + 20 + chipLines(context, waiting, y + 20);
}

function drawShapeHead(context, shape, y, height) {
  const action = `shape ${shape}`;
  const playable = context.legal.includes(action);
  const head = el(context.svg, "g", { class: "shape" });
  el(head, "rect", { x: 8, y, width: 90, height: height - 4, rx: 6, fill: "#f6d9a8", stroke: playable ? "#c58b00" : "#8b6b4a",
    "stroke-width": playable ? 3 : 1 });
  label(head, 53, y + height / 2 - 2, shape, { "font-size": 12, "font-weight": "bold" });
  piece(head, `shape:${shape}`);
  if (playable) {
    context.bound.add(action);
    head.classList.add("playable");
    clickable(head, [action], context.labels, context.act, `Shape ${shape}`);
  }
}

function drawTug(context, game, top) {
  const { svg } = context;
  const teams = game.teams || [];
  const slots = game.slots_per_team || 4;
  const pairHeight = 48;
  for (let p = 0; p < teams.length; p += 2) {
    const y = top + (p / 2) * pairHeight;
    el(svg, "line", { x1: 20, y1: y + 20, x2: WIDTH - 20, y2: y + 20, stroke: "#8b6b4a", "stroke-width": 4 });
    teams.slice(p, p + 2).forEach((team, side) => {
      const x = side === 0 ? 8 : WIDTH / 2 + 20;
      const width = WIDTH / 2 - 28;
      const actions = context.legal.filter((a) => a === `team ${team}` || (a.startsWith("play ") && a.endsWith(` on ${team}`)));
      const group = el(svg, "g", { class: "rope-team" });
      el(group, "rect", { x, y, width, height: 40, rx: 6, fill: "#fbf7ee", stroke: actions.length ? "#c58b00" : "#8b6b4a", "stroke-width": actions.length ? 3 : 1 });
      const behind = (game.cards_behind || []).reduce((n, cards) => n + cards.filter((t) => t === team).length, 0);
      label(group, x + 14, y + 20, team, { "font-size": 14, "font-weight": "bold" });
      if (behind) label(group, x + width - 6, y + 8, `${behind} card${behind > 1 ? "s" : ""}`, { "text-anchor": "end", "font-size": 9 });
      if (actions.length) {
        actions.forEach((a) => context.bound.add(a));
        group.classList.add("playable");
        clickable(group, actions, context.labels, context.act, `Team ${team}`);
      }
      tokensWhere(game, (w) => w === team).slice(0, slots)
        .forEach((number, i) => chip(context, number, x + 42 + i * 26, y + 22, { r: 11 }));
    });
  }
  const y = top + Math.ceil(teams.length / 2) * pairHeight;
  const waiting = tokensWhere(game, (w) => w === null);
  const mine = (game.my_cards || []).map(([v, t]) => `${v} on ${t}`).join(", ");
  label(svg, 8, y + 8, `${waiting.length ? "Not yet placed:" : ""}${mine ? ` Your cards: ${mine}` : ""}`, { "text-anchor": "start", "font-size": 11 });
  return y + 16 + chipLines(context, waiting, y + 16);
}

function drawMarbles(context, game, top) {
  const { svg } = context;
  const groups = game.groups || [];
  const width = 96;
  const perRow = Math.floor((WIDTH - 8) / (width + 4));
  groups.forEach((group, i) => {
    const x = 8 + (i % perRow) * (width + 4);
    const y = top + Math.floor(i / perRow) * 44;
    const played = (game.played || []).includes(i);
    const dueling = game.duel && game.duel.group === i;
    el(svg, "rect", { x, y, width, height: 38, rx: 19, fill: dueling ? "#fff1c2" : played ? "#e4ded2" : "#fbf7ee", stroke: "#8b6b4a" });
    group.forEach((number, k) => chip(context, number, x + 24 + k * 46, y + 19, { r: 13 }));
  });
  let y = top + Math.ceil(groups.length / perRow) * 44;
  const waiting = tokensWhere(game, (w) => w === null);
  if (waiting.length) {
    label(svg, 8, y + 8, "Not yet paired:", { "text-anchor": "start", "font-size": 11 });
    y += 16 + chipLines(context, waiting, y + 16);
  }
  const duel = game.duel;
  if (duel) {
    const rolls = (duel.rolls || []).filter((r) => r !== null && r !== undefined).map((r) => `${r} cm`);
    const parts = [`duel: ${tokenText(duel.mine)} against ${tokenText(duel.theirs)}`];
    if (rolls.length) parts.push(`rolled ${rolls.join(" and ")} from the line`);
    if (duel.my_hide !== undefined && duel.my_hide !== null) parts.push(`you hid ${duel.my_hide}`);
    if (duel.my_guess !== undefined && duel.my_guess !== null) parts.push(`you guessed ${duel.my_guess}`);
    y = textBlock(svg, 8, y + 10, wrapText(parts.join(" · "), 84), 3, { "font-size": 11 }) + 6;
  }
  return y;
}

function drawGlassBridge(context, game, top) {
  const { svg } = context;
  const line = game.line || 0;
  const tiles = game.tiles || [];
  let y = top;
  if (game.bridge_side === null || game.bridge_side === undefined) {
    const spots = game.spots || [];
    const perRow = 12;
    const width = (WIDTH - 16) / perRow;
    spots.forEach((number, k) => {
      const x = 8 + (k % perRow) * width + width / 2;
      const cy = y + 16 + Math.floor(k / perRow) * 34;
      const action = `spot ${k + 1}`;
      if (number !== null && number !== undefined) {
        chip(context, number, x, cy, { r: 13 });
        return;
      }
      const spot = el(svg, "g", { class: "spot" });
      el(spot, "circle", { cx: x, cy, r: 13, fill: "#ffffff", stroke: "#8a8f98", "stroke-dasharray": "3 2" });
      label(spot, x, cy, String(k + 1), { "font-size": 9, fill: "#6b6458" });
      if (context.legal.includes(action)) {
        context.bound.add(action);
        spot.classList.add("playable");
        clickable(spot, [action], context.labels, context.act, `Spot ${k + 1}`);
      }
    });
    y += Math.ceil(spots.length / perRow) * 34 + 4;
  } else {
    label(svg, 8, y + 8, `Bridge built on the ${game.bridge_side} · ${line} line places, then ${tiles.length} tiles`, { "text-anchor": "start", "font-size": 11 });
    y += 16;
  }
  const paneWidth = (WIDTH - 16) / Math.max(1, tiles.length);
  tiles.forEach((broken, t) => {
    const x = 8 + t * paneWidth;
    ["left", "right"].forEach((side, s) => {
      el(svg, "rect", { x: x + 2, y: y + s * 30, width: paneWidth - 4, height: 26, rx: 3,
        fill: broken === side ? "#5b5140" : "#cfe8f5", stroke: "#2f6fdb", "stroke-opacity": 0.6 });
    });
    label(svg, x + paneWidth / 2, y + 66, `T${t + 1}`, { "font-size": 9 });
    tokensWhere(game, (w) => w === line + t).forEach((number, i) => chip(context, number, x + paneWidth / 2, y + 13 + i * 24, { r: 10 }));
  });
  y += 76;
  const hands = (game.hands || []).map((h, p) => `${nameOf(context.view, p)} ${h.join(" ")}`).join(" · ");
  const handsText = `Hands: ${hands}${game.my_card !== null && game.my_card !== undefined ? ` · your card ${game.my_card}` : ""}`;
  return textBlock(svg, 8, y + 6, wrapText(handsText, 86), 3, { "font-size": 10.5 }) + 2;
}

function drawFinal(context, game, top) {
  const { svg } = context;
  const spaces = game.triangle_spaces || 8;
  const places = [-1, ...Array.from({ length: spaces }, (_, i) => spaces - i), 0];
  const y = placeRows(context, game, places, top, (place, i) => ({
    name: place === -1 ? "safe zone" : place === 0 ? "square" : `triangle ${place}`,
    fill: place === -1 ? "#d9f2e6" : place === 0 ? "#f6d9d6" : i % 2 ? "#fbf7ee" : "#f4efe3",
  }));
  const revealed = (game.revealed || []).map((c, p) => (c ? `${nameOf(context.view, p)} ${c}` : null)).filter(Boolean).join(", ");
  // (Block, Stab, Push or Move: words, not numbers, so they are shown as they are.)
  const speedText = `Speed token: ${nameOf(context.view, game.speed)}${revealed ? ` · last cards: ${revealed}` : ""}` +
    `${game.my_card ? ` · your card ${game.my_card}` : ""}`;
  return textBlock(svg, 8, y + 12, wrapText(speedText, 86), 3, { "font-size": 11 }) + 6;
}

const STAGES = {
  red_light_green_light: drawRedLight, dalgona: drawDalgona, tug_of_war: drawTug,
  marbles: drawMarbles, glass_bridge: drawGlassBridge, squid_game: drawFinal,
};

// Every legal choice not drawn on the board above, as a row of chips.
function drawChoices(context, top) {
  const { svg, legal, labels, act, bound } = context;
  const rest = legal.filter((a) => !bound.has(a));
  if (!rest.length) return top;
  label(svg, 8, top + 8, "Your choices", { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
  let x = 8;
  let y = top + 18;
  for (const action of rest) {
    const text = shorten(labels?.[action] && labels[action].length < 20 ? labels[action] : action, 18);
    const width = Math.max(44, text.length * 7 + 16);
    if (x + width > WIDTH - 8) { x = 8; y += 34; }
    const group = el(svg, "g", { class: "choice-chip playable" });
    el(group, "rect", { x, y, width, height: 28, rx: 14, fill: "#fff1c2", stroke: "#c58b00", "stroke-width": 2 });
    label(group, x + width / 2, y + 14, text, { "font-size": 11, "font-weight": "bold" });
    if (pieceInfo(`choice:${action}`)) piece(group, `choice:${action}`);
    else title(group, labels?.[action] || action);
    clickable(group, [action], labels, act, `Choice ${action}`);
    x += width + 6;
  }
  return y + 34;
}
