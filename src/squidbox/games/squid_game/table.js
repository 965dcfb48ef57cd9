// Squid Game: The Board Game: the campaign of six games, every team's tokens (in play, set
// aside, in the piggy bank), and the board of the game being played: Red Light Green Light's
// lanes, Dalgona's shapes, Tug of War's rope teams, Marbles' groups and duel, the Glass Bridge's
// line and tiles, and the Squid Game's triangle. Clickable: every token ("token 325"), a shape
// ("shape star"), a rope team ("team B", or "play 3 on B" through a chooser), a line spot
// ("spot 4"), a pane side ("side left"), and chips for the remaining choices (cards, draw, stop,
// alone, hide, guess, roll, block, stab, push, move, wall).

import { t, tn } from "/static/i18n.js";
import { relayoutOnResize, TAP, TEXT, boardWidth, charsIn, clickable, el, finish, label, nameOf, paragraph, paragraphHeight, piece, pieceInfo, prepare, seatColour, selectable, selection, title, token, wrapText } from "/static/svg.js";

// Laid out for the width the board is shown at; every token is a whole tap target (TAP units
// across) and every text at least 12 px (see boardWidth in static/svg.js).
let WIDTH = 520;
const R = TAP / 2;      // a token's radius
const STEP = TAP + 4;   // from one token to the next
const WIDE = 900;  // the widest layout
// From this width (a window, not a phone) the board is drawn compactly: places without tokens,
// the step's note and the campaign's titles as tall as their text, battles side by side.
const COMPACT = 600;
// A game's title, from its piece text (served from the game folder).
function stageTitle(stage) {
  return pieceInfo(`stage:${stage}`)?.name ?? String(stage ?? "");
}
// The view's "step" (a name the rules use) and the data file's words, in the reader's language.
function stepWord(step) {
  const words = {
    enter: t("enter"), play: t("play a card"), push: t("0 Push"), place: t("place"), draw: t("draw"),
    choose: t("choose"), cards: t("play cards"), pair: t("pair up"), select: t("select a pair"),
    mode: t("choose the game"), keep: t("keep a token"), "odd even": t("odd even"), wall: t("wall"),
    build: t("build the bridge"),
  };
  return words[step] ?? step;
}

// What the status bar asks, by the kind of choice (the page puts the seat first).
export function prompt(view, legal) {
  const kinds = new Set(legal.map((action) => action.split(" ")[0]));
  const asks = [["token", t("click one of the highlighted tokens")], ["shape", t("click a shape")],
    ["play", t("click a card of your hand, then a rope team")], ["team", t("click a rope team")],
    ["spot", t("click a place on the line")], ["side", t("click a glass pane: left or right")]];
  for (const [kind, words] of asks) if (kinds.has(kind)) return words;
  const step = view.state?.game?.step;
  return step ? t("choose: {step}", { step: stepWord(step) }) : "";
}

export function selectedPrompt(view, key) {
  return t("card {card} selected: click a rope team", { card: key.replace(/^play:/, "") });
}

export function counters(view, seat) {
  const state = view.state || {};
  const count = (key) => ((state[key] || [])[seat] || []).length;
  const won = (state.results || []).filter((result) => result?.winner === seat || (result?.winners || []).includes?.(seat)).length;
  return [t("in play {count}", { count: count("teams") }), t("set aside {count}", { count: count("reserve") }),
    t("piggy bank (out) {count}", { count: count("bank") }), won ? tn("{count} game won", "{count} games won", won) : ""];
}

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  const state = view.state || {};
  const shown = boardWidth(svg, WIDE);
  const game = state.game;
  WIDTH = shown;
  prepare(svg, WIDTH, 200);
  const context = { svg, view, state, legal: legal || [], labels, act, bound: new Set(), owners: ownersOf(state) };
  let y = drawCampaign(context, 4);
  // During a game its board shows every token in play, so the teams are a line of name tags
  // (their counts in the tooltip and the player panels) and the game's board has the whole width.
  const playing = state.phase === "play" && Boolean(game) && !reserveChoice(context);
  y = playing ? drawTeamTags(context, y + 6) : drawTeams(context, y + 6);
  const stage = (state.games || [])[state.stage];
  if (state.phase === "play" && game) {
    const drawStage = STAGES[stage];
    y = paragraph(context.svg, 8, y + 4, WIDTH - 16, `${stageTitle(stage)}${game.timer ? ` · ${t("timer {timer}", { timer: game.timer })}` : ""}` +
      `${game.round !== undefined ? ` · ${t("round {round}", { round: game.round })}` : ""}${game.step ? ` · ${stepWord(game.step)}` : ""}`,
    { "font-size": 14, "font-weight": "bold" });
    y = drawStep(context, stage, game, y);
    y = drawStage ? drawStage(context, game, y + 6) : y + 6;
    y += chipLines(context, unboundTokens(context), y);
  } else if (state.phase === "lineup" || state.phase === "recruit") {
    const picks = (state.to_pick || []).map((k, s) => (k ? t("{name} picks {count} more", { name: nameOf(view, s), count: k }) : null)).filter(Boolean);
    y = paragraph(svg, 8, y + 4, WIDTH - 16, t("Tokens to choose from those set aside: {picks}", { picks: picks.join(", ") || t("done") }),
      { "font-weight": "bold" });
    y = paragraph(svg, 8, y + 2, WIDTH - 16, t("Which numbers you bring matters: when teams tie for who goes first, the " +
      "highest token number goes first, and some games order pushes and ties by it."), { fill: "#5b5140" });
  } else if (state.winner !== null && state.winner !== undefined) {
    label(svg, WIDTH / 2, y + 16, t("{name} wins the campaign", { name: nameOf(view, state.winner) }), { "font-size": 15, "font-weight": "bold" });
    y += 30;
  }
  finish(svg, WIDTH, Math.max(120, y + 8));
}

// What the current step asks for (its piece text), so that a token button says what it is for.
function drawStep(context, stage, game, top) {
  const key = `step:${stage}:${game.pending?.kind ?? game.step}`;
  const info = pieceInfo(key);
  if (!info) return top;
  const group = el(context.svg, "g", { class: "step-note" });
  // A whole tap target on a phone; wider, as tall as its text.
  const height = Math.max(WIDTH >= COMPACT ? 0 : TAP, paragraphHeight(WIDTH - 32, info.text) + 12);
  el(group, "rect", { x: 4, y: top + 2, width: WIDTH - 8, height, rx: 6, fill: "#fff1c2", stroke: "#c58b00" });
  paragraph(group, 14, top + 8, WIDTH - 32, info.text, { fill: "#4a2f00" });
  piece(group, key);
  return top + height + 4;
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
  const group = token(context.svg, x, y, R, fill, tokenText(number),
    { fontSize: 13, dashed: options.dashed, className: "game-token" });
  group.setAttribute("data-token", String(number));
  group.dataset.anim = `token:${number}`;
  piece(group, `token:${number}`);
  if (context.legal.includes(action)) {
    context.bound.add(action);
    group.classList.add("playable");
    clickable(group, [action], context.labels, context.act, t("Token {number}", { number: tokenText(number) }));
  }
  return group;
}

// The six games: three a row on a phone, each title whole (wrapped).
function drawCampaign(context, top) {
  const { svg, state } = context;
  const games = state.games || [];
  const perRow = WIDTH >= 500 ? Math.max(1, games.length) : 3;
  const width = (WIDTH - 16) / perRow;
  // A progress line, not tabs: no frames; played games ticked, the current one marked.
  const done = (i) => i < (state.results || []).length;
  const titles = games.map((stage, i) => wrapText(`${done(i) ? "✓" : `${i + 1}.`} ${stageTitle(stage)}`, charsIn(width - 10)));
  // A whole tap target on a phone; wider, as tall as its titles.
  const height = Math.max(WIDTH >= COMPACT ? 0 : TAP, 10 + Math.max(1, ...titles.map((t) => t.length)) * 15);
  games.forEach((stage, i) => {
    // The game being played; at the campaign's end, the last one played.
    const current = state.phase === "play" ? i === state.stage : i === Math.min(games.length, (state.results || []).length) - 1;
    const x = 8 + (i % perRow) * width;
    const y = top + Math.floor(i / perRow) * (height + 4);
    const group = el(svg, "g", { class: "stage", "data-place": `stage ${i + 1}` });
    if (current) group.setAttribute("aria-current", "step");
    el(group, "rect", { x, y, width: width - 4, height, rx: 5,
      fill: current ? "#e8b923" : done(i) ? "#c9d8c5" : "none", stroke: "none" });
    titles[i].forEach((line, k) => label(group, x + (width - 4) / 2, y + height / 2 + (k - (titles[i].length - 1) / 2) * 15, line,
      { "font-weight": current ? "bold" : "normal" }));
    piece(group, `stage:${stage}`);
  });
  return top + Math.ceil(games.length / perRow) * (height + 4);
}

// Whether a token set aside may be chosen now (the teams are then drawn with their tokens).
function reserveChoice(context) {
  return (context.state.reserve || []).some((tokens) => (tokens || []).some((n) => context.legal.includes(`token ${n}`)));
}

// The legal tokens no part of the board has drawn yet: drawn below it, so each is clickable.
function unboundTokens(context) {
  return context.legal.filter((a) => /^token \d+$/.test(a) && !context.bound.has(a)).map((a) => Number(a.split(" ")[1]));
}

// One tag a team, "White (you) · in play 7", wrapping across the width; the full counts in its
// tooltip.
function drawTeamTags(context, top) {
  const { svg, view, state } = context;
  let x = 8;
  let y = top;
  (state.teams || []).forEach((team, seat) => {
    const name = `${nameOf(view, seat)}${seat === view.seat ? ` ${t("(you)")}` : ""}`;
    const text = `${name} · ${t("in play {count}", { count: team.length })}`;
    const width = 30 + text.length * TEXT * 0.62;
    if (x > 8 && x + width > WIDTH - 8) { x = 8; y += 28; }
    const colour = seatColour(nameOf(view, seat), seat);
    const tag = el(svg, "g", { class: "team-tag", "data-place": `team of ${nameOf(view, seat)}` });
    title(tag, counters(view, seat).filter(Boolean).join(" · "));
    el(tag, "rect", { x, y, width, height: 24, rx: 12, fill: "#ffffff", stroke: colour, "stroke-width": seat === view.seat ? 3 : 1.5 });
    el(tag, "circle", { cx: x + 13, cy: y + 12, r: 6, fill: colour, stroke: "#1b1f24" });
    label(tag, x + 24, y + 12, text, { "text-anchor": "start", "font-weight": "bold" });
    x += width + 6;
  });
  return y + 28;
}

function drawTeams(context, top) {
  const { svg, view, state } = context;
  const teams = state.teams || [];
  const perLine = Math.max(1, Math.floor((WIDTH - 16) / STEP));
  let y = top;
  teams.forEach((team, seat) => {
    const reserve = (state.reserve || [])[seat] || [];
    const bank = (state.bank || [])[seat] || [];
    const showReserve = reserve.some((t) => context.legal.includes(`token ${t}`));
    // Tokens in play, then (when one may be chosen) those set aside; an empty team one empty row.
    const teamRows = Math.max(showReserve ? 0 : 1, Math.ceil(team.length / perLine));
    const rows = teamRows + (showReserve ? Math.ceil(reserve.length / perLine) : 0);
    const you = seat === view.seat ? ` ${t("(you)")}` : "";
    const heading = wrapText(`${nameOf(view, seat)}${you} · ${t("in play {count}", { count: team.length })} · ${t("set aside {count}", { count: reserve.length })} · ${t("piggy bank (out) {count}", { count: bank.length })}`,
      charsIn(WIDTH - 24));
    const headHeight = 6 + heading.length * 15;
    const height = headHeight + rows * STEP + 4;
    const colour = seatColour(nameOf(view, seat), seat);
    el(svg, "rect", { x: 4, y, width: WIDTH - 8, height, rx: 6, fill: "#ffffff", stroke: colour, "stroke-width": seat === view.seat ? 3 : 1.5 });
    heading.forEach((line, k) => label(svg, 12, y + 11 + k * 15, line, { "text-anchor": "start", "font-weight": "bold" }));
    const at = (i) => [12 + R + (i % perLine) * STEP, y + headHeight + R + 2 + Math.floor(i / perLine) * STEP];
    team.forEach((number, i) => chip(context, number, ...at(i)));
    if (showReserve) {
      const start = teamRows * perLine;
      reserve.forEach((number, i) => chip(context, number, ...at(start + i), { dashed: true }));
    }
    y += height + 4;
  });
  return y;
}

function tokensWhere(game, test) {
  return Object.entries(game.at || {}).filter(([, where]) => test(where)).map(([t]) => Number(t)).sort((a, b) => a - b);
}

// Places drawn as rows (a label, then the tokens there, wrapping onto more lines as needed).
const PLACE_W = 92;

function placeRows(context, game, places, top, describe, left = 8) {
  const { svg } = context;
  const perLine = Math.max(1, Math.floor((WIDTH - left - PLACE_W - 16) / STEP));
  // Wide enough for a mouse, a place without tokens is as tall as its name; on a phone every
  // place stays a whole tap target.
  const compact = WIDTH >= COMPACT;
  let y = top;
  places.forEach((place, i) => {
    const tokens = tokensWhere(game, (w) => w === place);
    const { name, shown, fill } = describe(place, i);
    const lines = wrapText(shown ?? name, charsIn(PLACE_W - 8));
    const height = tokens.length || !compact ? STEP * Math.max(1, Math.ceil(tokens.length / perLine)) : lines.length * 15 + 10;
    const row = el(svg, "g", { class: "place-row", "data-place": name });
    el(row, "rect", { x: left, y, width: PLACE_W - 2, height: height - 2, rx: 4, fill, stroke: "#c9c3b5" });
    lines.forEach((line, k) => label(row, left + (PLACE_W - 2) / 2, y + height / 2 + (k - (lines.length - 1) / 2) * 15, line, { "font-weight": "bold" }));
    piece(row, `place:${name.replace(/ \d+$/, "")}`);
    el(svg, "rect", { x: left + PLACE_W, y, width: WIDTH - 8 - left - PLACE_W, height: height - 2, rx: 4, fill, stroke: "#c9c3b5" });
    tokens.forEach((number, k) => chip(context, number, left + PLACE_W + 4 + R + (k % perLine) * STEP, y + R + 1 + Math.floor(k / perLine) * STEP));
    y += height;
  });
  return y;
}

function drawRedLight(context, game, top) {
  const { svg } = context;
  const lanes = game.lanes || 10;
  const doll = dollState(game);
  const caption = `${doll.text} · ${t("the Doll is beyond the last lane")}`;
  const captionStyle = { "font-weight": "bold", fill: doll.facing ? "#8b1d1d" : "#1f5a33" };
  const describe = (place, i) => ({
    name: place === -1 ? "waiting" : place === 0 ? "start line" : `lane ${place}`,
    shown: place === -1 ? t("waiting") : place === 0 ? t("start line") : t("lane {number}", { number: place }),
    fill: place === -1 ? "#efeae0" : place === 0 ? "#d9f2e6" : i % 2 ? "#fbf7ee" : "#f4efe3",
  });
  let y;
  if (WIDTH >= COMPACT) {
    // Wide: the caption above, then the course left to right, from the start line to the Doll,
    // and the waiting tokens below it.
    const trackTop = paragraph(svg, 8, top + 2, WIDTH - 16, caption, captionStyle) + 4;
    const trackBottom = drawTrack(context, game, Array.from({ length: lanes + 1 }, (_, i) => i), trackTop, describe);
    drawDoll(svg, WIDTH - 8 - DOLL_W, trackTop, doll);
    y = placeRows(context, game, [-1], Math.max(trackBottom, trackTop + DOLL_H) + 4, describe);
  } else {
    // Narrow: the Doll, her caption beside her, then a row a place, the last lane first.
    const captionBottom = paragraph(svg, 8 + DOLL_W + 8, top + 6, WIDTH - DOLL_W - 24, caption, captionStyle);
    const places = [lanes, ...Array.from({ length: lanes }, (_, i) => lanes - 1 - i), -1];
    y = placeRows(context, game, places, Math.max(drawDoll(svg, 8, top, doll), captionBottom) + 4, describe);
  }
  const played = playedCards(context, game.revealed);
  return paragraph(svg, 8, y + 6, WIDTH - 16, `${tn("{count} Doll card left", "{count} Doll cards left", game.deck_size ?? 0, { count: game.deck_size ?? "?" })}` +
    `${played ? ` · ${t("cards played: {cards}", { cards: played })}` : ""}` +
    `${game.my_card !== null && game.my_card !== undefined ? ` · ${t("your card {card}", { card: game.my_card })}` : ""}`) + 6;
}

// Places drawn as columns from left to right, up to the Doll: a name above, the tokens there
// below it (a place holding more tokens is wider).
function drawTrack(context, game, places, top, describe) {
  const { svg } = context;
  const tokens = places.map((place) => tokensWhere(game, (w) => w === place));
  const widths = sectionWidths(tokens.map((t) => t.length), WIDTH - 16 - DOLL_W - 6);
  const perLines = widths.map((width) => Math.max(1, Math.floor((width - 4) / STEP)));
  const names = places.map((place, i) => describe(place, i));
  const lines = names.map(({ name, shown }, i) => wrapText(shown ?? name, charsIn(widths[i] - 6)));
  const headHeight = 8 + Math.max(...lines.map((l) => l.length)) * 15;
  const height = headHeight + STEP * Math.max(1, ...tokens.map((t, i) => Math.ceil(t.length / perLines[i]))) + 4;
  let x = 8;
  places.forEach((place, i) => {
    const width = widths[i];
    const perLine = perLines[i];
    const { name, fill } = names[i];
    const column = el(svg, "g", { class: "place-row", "data-place": name });
    el(column, "rect", { x, y: top, width: width - 2, height: headHeight - 2, rx: 4, fill, stroke: "#c9c3b5" });
    lines[i].forEach((line, k) => label(column, x + (width - 2) / 2, top + headHeight / 2 + (k - (lines[i].length - 1) / 2) * 15, line, { "font-weight": "bold" }));
    piece(column, `place:${name.replace(/ \d+$/, "")}`);
    el(svg, "rect", { x, y: top + headHeight, width: width - 2, height: height - headHeight, rx: 4, fill, stroke: "#c9c3b5" });
    tokens[i].forEach((number, k) => chip(context, number, x + (width - 2) / 2 - ((Math.min(perLine, tokens[i].length) - 1) / 2 - (k % perLine)) * STEP,
      top + headHeight + 2 + R + Math.floor(k / perLine) * STEP));
    x += width;
  });
  return top + height;
}

// The Doll: on a Red Light she faces the players (the numbers of her card are seen), on a Green
// Light, and before her first card, she is turned away.
function dollState(game) {
  if (game.doll === null || game.doll === undefined) {
    return { facing: false, name: "waiting", text: t("Doll: {doll}", { doll: t("no Doll card turned yet") }) };
  }
  if (game.doll.length) {
    return { facing: true, name: "red light",
      text: t("Doll: {doll}", { doll: t("Red Light: {names} are seen", { names: game.doll.join(` ${t("and")} `) }) }) };
  }
  return { facing: false, name: "green light", text: t("Doll: {doll}", { doll: t("Green Light: everyone moves") }) };
}

const DOLL_W = 44;
const DOLL_H = 64;

// A simple figure: black bob with two pigtails, yellow top, orange dress; a face when she faces
// the players, only hair when she is turned away. Her state is its tooltip and name.
function drawDoll(svg, x, top, doll) {
  const group = el(svg, "g", { class: "doll", role: "img", "aria-label": doll.text,
    "data-doll": doll.name, "data-facing": String(doll.facing) });
  title(group, doll.text);
  const cx = x + DOLL_W / 2;
  const head = top + 16;
  el(group, "rect", { x, y: top, width: DOLL_W, height: DOLL_H, rx: 6,
    fill: doll.facing ? "#f6d9d6" : "#d9f2e6", stroke: doll.facing ? "#b3261e" : "#2e9d5b" });
  el(group, "path", { d: `M ${cx - 12} ${head + 13} L ${cx - 15} ${top + DOLL_H - 4} L ${cx + 15} ${top + DOLL_H - 4} L ${cx + 12} ${head + 13} Z`,
    fill: "#ee7a22", stroke: "#8a4a12" });
  el(group, "rect", { x: cx - 10, y: head + 10, width: 20, height: 12, rx: 3, fill: "#f2c318", stroke: "#8a6a12" });
  [-12, 12].forEach((dx) => el(group, "circle", { cx: cx + dx, cy: head - 3, r: 4, fill: "#1b1b1b" }));
  if (doll.facing) {
    el(group, "circle", { cx, cy: head, r: 10, fill: "#f4d2b0", stroke: "#6b4a2b" });
    el(group, "path", { d: `M ${cx - 10} ${head - 1} A 10 10 0 0 1 ${cx + 10} ${head - 1} L ${cx + 10} ${head - 4} L ${cx - 10} ${head - 4} Z`, fill: "#1b1b1b" });
    [-4, 4].forEach((dx) => el(group, "circle", { cx: cx + dx, cy: head + 2, r: 1.8, fill: "#1b1b1b" }));
    el(group, "path", { d: `M ${cx - 3} ${head + 6} Q ${cx} ${head + 8} ${cx + 3} ${head + 6}`, fill: "none", stroke: "#b3261e", "stroke-width": 1.2 });
  } else {
    el(group, "circle", { cx, cy: head, r: 10, fill: "#1b1b1b", stroke: "#000000" });
  }
  return top + DOLL_H;
}

// "Red 3, Blue 0 (Push)": the cards each player revealed, without raw lists.
function playedCards(context, revealed) {
  return (revealed || []).map((card, p) => (card === null || card === undefined ? null :
    `${nameOf(context.view, p)} ${card}${card === 0 ? " (Push)" : ""}`)).filter(Boolean).join(", ");
}

// Tokens in rows across the board; the height they take.
function chipLines(context, tokens, top) {
  const perLine = Math.max(1, Math.floor((WIDTH - 16) / STEP));
  tokens.forEach((number, i) => chip(context, number, 8 + R + (i % perLine) * STEP, top + R + Math.floor(i / perLine) * STEP));
  return Math.ceil(tokens.length / perLine) * STEP;
}

function drawDalgona(context, game, top) {
  const { svg } = context;
  const shapes = game.shapes || [];
  let y = top;
  shapes.forEach((shape, s) => {
    const sections = (game.sections || [])[s] || 3;
    const cells = Array.from({ length: sections }, (_, k) =>
      tokensWhere(game, (w) => Array.isArray(w) && w[0] === s && w[1] === k));
    const widths = sectionWidths(cells.map((c) => c.length), WIDTH - 112);
    const perCell = widths.map((width) => Math.max(1, Math.floor((width - 8) / STEP)));
    const rowHeight = STEP + 8 + STEP * Math.max(0, ...cells.map((c, k) => Math.ceil(c.length / perCell[k]) - 1));
    drawShapeHead(context, shape, y, rowHeight);
    let x = 104;
    cells.forEach((tokens, k) => {
      el(svg, "rect", { x, y, width: widths[k] - 4, height: rowHeight - 4, rx: 4, fill: "#fbf7ee", stroke: "#c9c3b5" });
      tokens.forEach((number, i) => chip(context, number, x + 2 + R + (i % perCell[k]) * STEP, y + 2 + R + Math.floor(i / perCell[k]) * STEP));
      x += widths[k];
    });
    y += rowHeight;
  });
  const waiting = tokensWhere(game, (w) => w === null);
  const below = paragraph(svg, 8, y + 4, WIDTH - 16, `${t("Drawn: {cards}", { cards: (game.drawn || []).map((card) => t(card)).join(", ") || t("nothing") })} · ${t("deck {count}", { count: game.deck_size ?? "?" })}${waiting.length ? ` · ${t("not placed:")}` : ""}`);
  return below + 4 + chipLines(context, waiting, below + 4);
}

// The widths of places side by side (a shape's sections, the lanes) in `width`: each as wide as its tokens need in one line
// (one token at least) where they fit, the room left shared; else shared in that proportion.
function sectionWidths(counts, width) {
  const least = STEP + 8;
  const needs = counts.map((count) => Math.max(1, count) * STEP + 8);
  const total = needs.reduce((a, b) => a + b, 0);
  if (total <= width) return needs.map((need) => need + (width - total) / needs.length);
  const beyondLeast = total - least * needs.length;
  // Every section at its least and still too wide: share the width equally.
  if (beyondLeast <= 0) return needs.map(() => width / needs.length);
  const spare = width - least * needs.length;
  return needs.map((need) => least + spare * (need - least) / beyondLeast);
}

function drawShapeHead(context, shape, y, height) {
  const action = `shape ${shape}`;
  const playable = context.legal.includes(action);
  const head = el(context.svg, "g", { class: "shape" });
  el(head, "rect", { x: 8, y, width: 90, height: height - 4, rx: 6, fill: "#f6d9a8", stroke: playable ? "#c58b00" : "#8b6b4a",
    "stroke-width": playable ? 3 : 1 });
  label(head, 53, y + height / 2 - 2, t(shape), { "font-weight": "bold" });
  piece(head, `shape:${shape}`);
  if (playable) {
    context.bound.add(action);
    head.classList.add("playable");
    clickable(head, [action], context.labels, context.act, t("Shape {shape}", { shape: t(shape) }));
  }
}

// The cards you may play behind a team: click one (it is selected), then the team.
function drawTugCards(context, top) {
  const { svg, legal } = context;
  const values = [...new Set(legal.filter((a) => a.startsWith("play ") && a.includes(" on ")).map((a) => a.split(" ")[1]))];
  if (!values.length) return top;
  label(svg, 8, top + 10, t("Your cards"), { "text-anchor": "start", "font-weight": "bold" });
  values.forEach((value, i) => {
    const x = 8 + i * (TAP + 8);
    const group = el(svg, "g", { class: "tug-card", "data-place": `card ${value}` });
    el(group, "rect", { x, y: top + 20, width: TAP, height: TAP + 12, rx: 5, fill: "#fffdf6", stroke: "#5b5140", "stroke-width": 1.5 });
    label(group, x + TAP / 2, top + 20 + (TAP + 12) / 2, value, { "font-size": 18, "font-weight": "bold" });
    selectable(group, `play:${value}`, legal.filter((a) => a.startsWith(`play ${value} on `)), t("Card {value}", { value }));
  });
  return top + 20 + TAP + 20;
}

// Each rope team a box; the two teams of a battle joined by the rope, side by side where the
// board is wide enough, else one above the other.
function drawTug(context, game, top) {
  const { svg } = context;
  const teams = game.teams || [];
  const rowHeight = STEP + 6;
  const paired = WIDTH >= COMPACT;
  const boxWidth = paired ? (WIDTH - 16 - 24) / 2 : WIDTH - 16;
  let y = drawTugCards(context, top);
  const chosen = selection()?.startsWith("play:") ? selection().slice(5) : null;
  teams.forEach((team, i) => {
    const second = i % 2 === 1;
    const x = paired && second ? 8 + boxWidth + 24 : 8;
    if (!second && i + 1 < teams.length) {
      el(svg, "line", paired
        ? { x1: 8 + boxWidth, y1: y + rowHeight / 2 - 2, x2: 8 + boxWidth + 24, y2: y + rowHeight / 2 - 2, stroke: "#8b6b4a", "stroke-width": 6 }
        : { x1: 30, y1: y + rowHeight / 2, x2: 30, y2: y + rowHeight * 1.5, stroke: "#8b6b4a", "stroke-width": 6 });
    }
    const actions = context.legal.filter((a) => a === `team ${team}` || (chosen !== null && a === `play ${chosen} on ${team}`));
    const group = el(svg, "g", { class: "rope-team", "data-place": `team ${team}` });
    el(group, "rect", { x, y, width: boxWidth, height: rowHeight - 4, rx: 6, fill: "#fbf7ee", stroke: actions.length ? "#c58b00" : "#8b6b4a", "stroke-width": actions.length ? 3 : 1 });
    const behind = (game.cards_behind || []).reduce((n, cards) => n + cards.filter((t) => t === team).length, 0);
    label(group, x + 14, y + rowHeight / 2 - 2, team, { "font-size": 16, "font-weight": "bold" });
    if (behind) label(group, x + boxWidth - 6, y + 12, tn("{count} card", "{count} cards", behind, { count: behind }), { "text-anchor": "end" });
    piece(group, `rope:${team}`);
    if (actions.length) {
      actions.forEach((a) => context.bound.add(a));
      group.classList.add("playable");
      clickable(group, actions, context.labels, context.act, t("Team {team}", { team }));
    }
    tokensWhere(game, (w) => w === team).slice(0, game.slots_per_team || 4)
      .forEach((number, k) => chip(context, number, x + 36 + R + k * STEP, y + rowHeight / 2 - 2));
    if (!paired || second || i + 1 === teams.length) y += rowHeight + (second ? 8 : 0);
  });
  const waiting = tokensWhere(game, (w) => w === null);
  const mine = (game.my_cards || []).map(([value, team]) => t("{value} on {team}", { value, team })).join(", ");
  const note = `${waiting.length ? t("Not yet placed:") : ""}${mine ? ` ${t("Your cards: {cards}", { cards: mine })}` : ""}`.trim();
  if (note) y = paragraph(svg, 8, y + 2, WIDTH - 16, note) + 2;
  return y + chipLines(context, waiting, y);
}

function drawMarbles(context, game, top) {
  const { svg } = context;
  const groups = game.groups || [];
  const width = 2 * STEP + 8;
  const perRow = Math.max(1, Math.floor((WIDTH - 8) / (width + 4)));
  groups.forEach((group, i) => {
    const x = 8 + (i % perRow) * (width + 4);
    const y = top + Math.floor(i / perRow) * (STEP + 8);
    const played = (game.played || []).includes(i);
    const dueling = game.duel && game.duel.group === i;
    el(svg, "rect", { x, y, width, height: STEP + 4, rx: (STEP + 4) / 2, fill: dueling ? "#fff1c2" : played ? "#e4ded2" : "#fbf7ee", stroke: "#8b6b4a" });
    group.forEach((number, k) => chip(context, number, x + 4 + R + k * STEP, y + 2 + R));
  });
  let y = top + Math.ceil(groups.length / perRow) * (STEP + 8);
  const waiting = tokensWhere(game, (w) => w === null);
  if (waiting.length) {
    label(svg, 8, y + 8, t("Not yet paired:"), { "text-anchor": "start" });
    y += 18 + chipLines(context, waiting, y + 18);
  }
  const duel = game.duel;
  if (duel) {
    const rolls = (duel.rolls || []).filter((r) => r !== null && r !== undefined).map((r) => `${r} cm`);
    const parts = [t("duel: {mine} against {theirs}", { mine: tokenText(duel.mine), theirs: tokenText(duel.theirs) })];
    if (rolls.length) parts.push(t("rolled {rolls} from the line", { rolls: rolls.join(` ${t("and")} `) }));
    if (duel.my_hide !== undefined && duel.my_hide !== null) parts.push(t("you hid {count}", { count: duel.my_hide }));
    if (duel.my_guess !== undefined && duel.my_guess !== null) parts.push(t("you guessed {guess}", { guess: t(duel.my_guess) }));
    y = paragraph(svg, 8, y + 4, WIDTH - 16, parts.join(" · ")) + 6;
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
    const perRow = Math.max(1, Math.floor((WIDTH - 16) / STEP));
    spots.forEach((number, k) => {
      const x = 8 + R + (k % perRow) * STEP;
      const cy = y + R + Math.floor(k / perRow) * STEP;
      const action = `spot ${k + 1}`;
      if (number !== null && number !== undefined) {
        chip(context, number, x, cy);
        return;
      }
      const spot = el(svg, "g", { class: "spot", "data-place": action });
      el(spot, "circle", { cx: x, cy, r: R, fill: "#ffffff", stroke: "#6b6458", "stroke-dasharray": "4 3" });
      label(spot, x, cy, String(k + 1), { fill: "#4a4438" });
      piece(spot, "place:mannequin");
      if (context.legal.includes(action)) {
        context.bound.add(action);
        spot.classList.add("playable");
        clickable(spot, [action], context.labels, context.act, t("Mannequin position {number}", { number: k + 1 }));
      }
    });
    y += Math.ceil(spots.length / perRow) * STEP + 4;
    y = drawTiles(context, game, y);
  } else {
    const counts = { line, tiles: tiles.length };
    const caption = game.bridge_side === "left"
      ? t("The bridge is at the left end of the line: {line} line places, the front one next to the bridge, then {tiles} tiles", counts)
      : t("The bridge is at the right end of the line: {line} line places, the front one next to the bridge, then {tiles} tiles", counts);
    y = paragraph(svg, 8, y + 2, WIDTH - 16, caption) + 4;
    y = drawCourse(context, game, y);
  }
  const hands = (game.hands || []).map((h, p) => `${nameOf(context.view, p)} ${h.join(" ")}`).join(" · ");
  const handsText = `${t("Hands: {hands}", { hands })}${game.my_card !== null && game.my_card !== undefined ? ` · ${t("your card {card}", { card: game.my_card })}` : ""}`;
  return paragraph(svg, 8, y + 4, WIDTH - 16, handsText) + 2;
}

// How tall a tile is drawn: its two panes, its number, then the tokens standing on it.
function tileHeight(game) {
  const line = game.line || 0;
  const most = Math.max(0, ...(game.tiles || []).map((_, k) => tokensWhere(game, (w) => w === line + k).length));
  return 76 + most * STEP;
}

// A glass tile at (x, top): the two panes (a broken one dark), "T1", the tokens on it.
function drawTile(context, game, k, x, top) {
  const broken = (game.tiles || [])[k];
  const tile = el(context.svg, "g", { class: "glass-tile", "data-place": `tile ${k + 1}` });
  ["left", "right"].forEach((side, s) => {
    el(tile, "rect", { x: x + 2, y: top + s * 27, width: TAP, height: 25, rx: 3,
      fill: broken === side ? "#5b5140" : "#cfe8f5", stroke: "#2f6fdb" });
  });
  label(tile, x + 2 + R, top + 66, `T${k + 1}`, { "font-weight": "bold" });
  piece(tile, "place:glass tile");
  tokensWhere(game, (w) => w === (game.line || 0) + k).forEach((number, i) => chip(context, number, x + 2 + R, top + 76 + R + i * STEP));
}

// Before the bridge is built: the tiles in rows; where they end.
function drawTiles(context, game, top) {
  const tiles = game.tiles || [];
  const perRow = Math.max(1, Math.floor((WIDTH - 16) / STEP));
  const height = tileHeight(game) + 6;
  tiles.forEach((_, k) => drawTile(context, game, k, 8 + (k % perRow) * STEP, top + Math.floor(k / perRow) * height));
  return top + Math.ceil(tiles.length / perRow) * height;
}

// Once built: one course from the back of the line to its front, then across the tiles, running
// towards the side the bridge was built to (rightwards when it is on the right, leftwards when
// on the left), wrapping onto more rows as the board's width needs.
function drawCourse(context, game, top) {
  const { svg } = context;
  const line = game.line || 0;
  const cells = line + (game.tiles || []).length;  // position w: line places 0..line-1, then tiles
  const perRow = Math.max(1, Math.floor((WIDTH - 16) / STEP));
  const toLeft = game.bridge_side === "left";
  const standing = Array.from({ length: line }, (_, w) => tokensWhere(game, (at) => at === w));
  const rows = Math.ceil(cells / perRow);
  let y = top;
  for (let row = 0; row < rows; row += 1) {
    const first = row * perRow;
    const last = Math.min(cells, first + perRow);
    // A row of line places is as tall as its fullest place needs.
    const placeHeight = 18 + Math.max(1, ...standing.slice(first, last).map((tokens) => tokens.length)) * STEP;
    const height = Math.max(last > line ? tileHeight(game) : 0, first < line ? placeHeight : 0);
    for (let w = first; w < last; w += 1) {
      const col = w - first;
      const x = toLeft ? WIDTH - 8 - TAP - 4 - col * STEP : 8 + col * STEP;
      if (w >= line) {
        drawTile(context, game, w - line, x, y);
        continue;
      }
      const number = line - w;  // 1 is the front place, next to the bridge
      const place = el(svg, "g", { class: "line-place", "data-place": `line ${number}` });
      el(place, "rect", { x, y, width: TAP, height: placeHeight, rx: 6, fill: "#f4efe3", stroke: "#8b6b4a", "stroke-dasharray": "4 3" });
      label(place, x + R, y + 9, String(number), { fill: "#4a4438" });
      piece(place, "place:mannequin");
      standing[w].forEach((token, i) => chip(context, token, x + R, y + 18 + R + i * STEP));
    }
    y += height + 6;
  }
  return y;
}

function drawFinal(context, game, top) {
  const { svg } = context;
  const spaces = game.triangle_spaces || 8;
  const places = [-1, ...Array.from({ length: spaces }, (_, i) => spaces - i), 0];
  const y = placeRows(context, game, places, top, (place, i) => ({
    name: place === -1 ? "safe zone" : place === 0 ? "square" : `triangle ${place}`,
    shown: place === -1 ? t("safe zone") : place === 0 ? t("square") : t("triangle {number}", { number: place }),
    fill: place === -1 ? "#d9f2e6" : place === 0 ? "#f6d9d6" : i % 2 ? "#fbf7ee" : "#f4efe3",
  }));
  const revealed = (game.revealed || []).map((c, p) => (c ? `${nameOf(context.view, p)} ${t(c)}` : null)).filter(Boolean).join(", ");
  // (Block, Stab, Push or Move: words, shown in the reader's language.)
  const speedText = `${t("Speed token: {name}", { name: nameOf(context.view, game.speed) })}${revealed ? ` · ${t("last cards: {cards}", { cards: revealed })}` : ""}` +
    `${game.my_card ? ` · ${t("your card {card}", { card: t(game.my_card) })}` : ""}`;
  return paragraph(svg, 8, y + 6, WIDTH - 16, speedText) + 6;
}

const STAGES = {
  red_light_green_light: drawRedLight, dalgona: drawDalgona, tug_of_war: drawTug,
  marbles: drawMarbles, glass_bridge: drawGlassBridge, squid_game: drawFinal,
};
