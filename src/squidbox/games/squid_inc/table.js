// Squid, Inc.: the Workplace pyramid (four tiers of spaces with Employees, their abilities,
// owners and Clout), the Unemployed Line, the chosen Employee, every Mailroom and the scores.
// Clickable: a space for any action on it ("to 2B1", "clout 1A1", "bump 3A2", "use 1C1",
// "pick 2A2"), a line card ("take +1", "pick line -1"), a Mailroom card ("clout M2",
// "hire M1", "pick P2 M1"), and the chosen Employee ("mailroom" or "dismiss").
// Every text is drawn whole, wrapped to its box (never cut); boxes grow to fit.

import { t } from "/static/i18n.js";
import { relayoutOnResize, TAP, boardWidth, card, cardHeight, clickable, el, label, lookColour, matching, nameOf, paragraph, paragraphHeight, piece, pieceInfo, prepare, seatColour, token } from "/static/svg.js";

let WIDTH = 520;
const SIZE = 12;
const CELL_MIN = 110;  // a space is never narrower: its ability stays readable
const GAP = 4;
const HEADING = 44;  // a heading is a piece too (tap for its text): a whole tap target tall

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  WIDTH = boardWidth(svg);
  const state = view.state || {};
  const tiers = [...(state.tiers || [])].sort((a, b) => b.tier - a.tier);
  const cells = Object.fromEntries((state.board || []).map((c) => [c.space, c]));
  const head = headText(view, state);
  const scores = scoresText(view, state);
  let y = 4 + paragraphHeight(WIDTH - 16, head, 14) + paragraphHeight(WIDTH - 16, scores) + 6;
  const layout = tiers.map((tier) => {
    const rows = tierRows(view, tier, cells);
    const block = { tier, rows, top: y };
    y += HEADING + rows.reduce((sum, row) => sum + row.height + GAP, 0) + 6;
    return block;
  });
  const line = lineLayout(state, y + 4);
  const roomsTop = line.bottom + 10;
  const rooms = roomLayout(view, state.mailrooms || [], roomsTop);
  prepare(svg, WIDTH, rooms.bottom + 10);
  let top = paragraph(svg, 8, 4, WIDTH - 16, head, { "font-size": 14, "font-weight": "bold" });
  paragraph(svg, 8, top, WIDTH - 16, scores);
  for (const block of layout) drawTier(svg, view, block, legal, labels, act);
  drawLine(svg, state, line, legal, labels, act);
  drawChosen(svg, state, line, legal, labels, act);
  drawMailrooms(svg, view, rooms, legal, labels, act);
}

// The steps of a turn in the how-to-play page's words.
const PHASES = {
  start: t("start of the turn"), choose: t("choose an Employee from the Unemployed Line"),
  keep: t("Mailroom or Dismiss"), bring: t("bring Employees into the Workplace"),
  activate: t("activate abilities"),
};

// Whose turn and what is asked, whole (wrapped, never cut).
function headText(view, state) {
  const prompt = state.pending?.prompt ? ` · ${state.pending.prompt}` : "";
  const who = state.current_player !== null && state.current_player !== undefined ? `${nameOf(view, state.current_player)}: ` : "";
  if (state.phase === "over") return t("Game over");
  const step = PHASES[state.phase] ?? String(state.phase ?? "");
  return `${who}${step}${prompt}${state.endgame ? ` · ${t("the endgame: the board is full, play on until the deck and line are empty")}` : ""}`;
}

function scoresText(view, state) {
  const scores = (state.scores || []).map((s, i) => `${nameOf(view, i)} ${s}`).join(" · ");
  return t("Clout scores: {scores} · deck {deck} · guards left {guards}", { scores, deck: state.deck_size ?? "?", guards: state.guard_tiles_left ?? "?" });
}

function abilityText(employee) {
  return pieceInfo(`employee:${employee}`)?.text || "";
}

// What a space shows, line by line: the Employee's name, value/owner/Clout, its ability.
function cellLines(view, cell, tier) {
  if (!cell.employee) return [`${cell.space} · ${t("empty")}`, t("scores ×{multiplier}", { multiplier: tier.multiplier })];
  const owner = cell.owner !== null && cell.owner !== undefined ? nameOf(view, cell.owner) : t("no owner");
  const marks = `${cell.used ? ` · ${t("used")}` : ""}${cell.new ? ` · ${t("new")}` : ""}`;
  return [cell.employee, `${cell.space} · ${t("value {value}", { value: cell.value ?? "?" })} · ${owner}${marks}`,
    ...(cell.clout ? [t("{count} Clout", { count: cell.clout })] : []), abilityText(cell.employee)].filter(Boolean);
}

function cellHeight(view, cell, tier, width) {
  return cardHeight(width, 48, cellLines(view, cell, tier), { below: cell.clout ? TAP + 2 : 0 });
}

// A Tier's spaces in rows (as many a row as fit at CELL_MIN, the data's rows kept apart), each
// row as tall as its fullest space.
function tierRows(view, tier, cells) {
  const byRow = new Map();
  for (const space of tier.spaces || []) {
    const key = space.slice(2) || "1";
    if (!byRow.has(key)) byRow.set(key, []);
    byRow.get(key).push(space);
  }
  const rows = [];
  for (const row of byRow.values()) {
    const fit = Math.max(1, Math.min(row.length, Math.floor((WIDTH - 8) / (CELL_MIN + GAP))));
    for (let start = 0; start < row.length; start += fit) {
      const part = row.slice(start, start + fit);
      const width = Math.min(170, Math.floor((WIDTH - 8) / fit) - GAP);
      const height = Math.max(...part.map((space) => cellHeight(view, cells[space] || { space }, tier, width)));
      rows.push({ spaces: part, width, height });
    }
  }
  return rows;
}

function drawTier(svg, view, block, legal, labels, act) {
  const { tier, rows, top } = block;
  const cells = Object.fromEntries((view.state?.board || []).map((c) => [c.space, c]));
  const heading = el(svg, "g", { class: "tier-heading" });
  el(heading, "rect", { x: 4, y: top, width: 150, height: HEADING, fill: "transparent" });
  label(heading, 8, top + HEADING / 2, `${t("Tier {tier}", { tier: tier.tier })} · ×${tier.multiplier}`, { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  piece(heading, `tier:${tier.tier}`);
  let y = top + HEADING;
  for (const row of rows) {
    const { height } = row;
    const left = (WIDTH - row.spaces.length * (row.width + GAP)) / 2;
    row.spaces.forEach((space, c) => {
      drawCell(svg, view, cells[space] || { space }, tier, left + c * (row.width + GAP), y, row.width, height, legal, labels, act);
    });
    y += height + GAP;
  }
}

function drawCell(svg, view, cell, tier, x, y, w, h, legal, labels, act) {
  const actions = matching(legal, (a, words) => words.length === 2 && words[1] === cell.space && words[0] !== "take");
  const owned = cell.owner !== null && cell.owner !== undefined;
  const group = card(svg, x, y, w, h, cellLines(view, cell, tier), {
    fill: cell.employee ? "#fffdf6" : "#efeae0", stroke: actions.length ? "#c58b00" : "#8c8272",
    strokeWidth: actions.length ? 3 : 1, className: `space${actions.length ? " playable" : ""}` });
  group.setAttribute("data-space", cell.space);
  if (!cell.employee) group.querySelector("rect").setAttribute("stroke-dasharray", "4 3");
  if (owned) el(group, "rect", { x, y, width: 7, height: h, rx: 3, fill: seatColour(nameOf(view, cell.owner), cell.owner) });
  if (cell.clout) {  // the Clout token: a whole tap target in the space's bottom corner
    const chip = el(group, "g", { class: "clout-chip" });
    el(chip, "rect", { x: x + w - TAP - 2, y: y + h - TAP - 2, width: TAP, height: TAP, fill: "#ffffff", opacity: 0.01 });
    token(chip, x + w - 2 - TAP / 2, y + h - 2 - TAP / 2, 15, lookColour("clout_fill", "#e8b923"), cell.clout);
    piece(chip, "clout", t("{count} Clout on {employee}", { count: cell.clout, employee: cell.employee }));
  }
  piece(group, cell.employee ? `employee:${cell.employee}` : `space:${tier.tier}`);
  if (actions.length) clickable(group, actions, labels, act, `${t("Space {space}", { space: cell.space })}${cell.employee ? ` (${cell.employee})` : ` ${t("(empty)")}`}`);
}

// The Unemployed Line's three cards and the chosen Employee: side by side on a wide board,
// the chosen one below the line on a phone.
function lineLayout(state, top) {
  const wide = WIDTH >= 500;
  const chosenW = wide ? 120 : WIDTH - 16;
  const slots = state.line || [];
  const cardW = Math.floor((WIDTH - 8 - (wide ? chosenW + 12 : 0)) / Math.max(3, slots.length)) - GAP;
  const lines = slots.map((slot) => lineCardLines(slot));
  const height = Math.max(100, ...lines.map((l) => cardHeight(cardW, 100, l)));
  const chosenTop = wide ? top + HEADING : top + HEADING + height + 24;
  const chosenHeight = cardHeight(chosenW, wide ? height : 60, chosenLines(state));
  return { top, cardW, height, lines, chosenX: wide ? WIDTH - chosenW - 8 : 8, chosenTop, chosenW, chosenHeight,
    bottom: Math.max(top + HEADING + height, chosenTop + chosenHeight) };
}

function lineCardLines(slot) {
  return [t("line {space}", { space: slot.space }), slot.employee, t("value {value}", { value: slot.value }), abilityText(slot.employee)].filter(Boolean);
}

function chosenLines(state) {
  const chosen = state.chosen;
  if (!chosen) return [t("none")];
  return [chosen.employee, t("line {space}", { space: `${chosen.modifier >= 0 ? "+" : ""}${chosen.modifier}` }), abilityText(chosen.employee)].filter(Boolean);
}

function drawLine(svg, state, layout, legal, labels, act) {
  const heading = el(svg, "g", {});
  el(heading, "rect", { x: 4, y: layout.top, width: 170, height: HEADING, fill: "transparent" });
  label(heading, 8, layout.top + HEADING / 2, t("Unemployed Line"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  piece(heading, "line");
  (state.line || []).forEach((slot, i) => {
    const x = 8 + i * (layout.cardW + GAP);
    const actions = matching(legal, (a) => a === `take ${slot.space}` || a === `pick line ${slot.space}`);
    const group = card(svg, x, layout.top + HEADING, layout.cardW, layout.height, layout.lines[i],
      { fill: lookColour("line_fill", "#eef6fb") });
    group.setAttribute("data-place", `line ${slot.space}`);
    piece(group, `employee:${slot.employee}`);
    if (actions.length) {
      group.classList.add("playable");
      clickable(group, actions, labels, act, t("Line {space}: {employee}", { space: slot.space, employee: slot.employee }));
    }
  });
}

function drawChosen(svg, state, layout, legal, labels, act) {
  const chosen = state.chosen;
  label(svg, layout.chosenX, layout.chosenTop - 10, t("Chosen"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  const group = card(svg, layout.chosenX, layout.chosenTop, layout.chosenW, layout.chosenHeight, chosenLines(state),
    { fill: chosen ? "#fff1c2" : "#f2efe7" });
  group.setAttribute("data-place", "chosen");
  if (chosen) piece(group, `employee:${chosen.employee}`);
  const actions = matching(legal, (a) => a === "mailroom" || a === "dismiss");
  if (chosen && actions.length) {
    group.classList.add("playable");
    clickable(group, actions, labels, act, t("Chosen {employee}", { employee: chosen.employee }));
  }
}

function roomCardLines(entry, slot) {
  return [entry.employee, `${slot} · ${t("value {value}", { value: entry.value })}`, t("{clout} of {cost} Clout to enter", { clout: entry.clout, cost: entry.hire_cost }),
    abilityText(entry.employee)].filter(Boolean);
}

// Every Mailroom: up to three cards a row, each card as tall as its whole text.
function roomLayout(view, rooms, top) {
  const perRow = 3;
  const cardW = Math.floor((WIDTH - 24) / perRow) - GAP;
  let y = top;
  const placed = rooms.map((room, seat) => {
    const lines = room.map((entry, k) => roomCardLines(entry, `M${k + 1}`));
    const height = Math.max(60, ...lines.map((l) => cardHeight(cardW, 60, l)));
    const box = { seat, room, lines, top: y, height, cardW, boxHeight: 28 + Math.max(1, Math.ceil(room.length / perRow)) * (height + GAP) + 4 };
    y += box.boxHeight + 6;
    return box;
  });
  return { rooms: placed, bottom: y };
}

function drawMailrooms(svg, view, layout, legal, labels, act) {
  for (const box of layout.rooms) {
    const { seat, room, top } = box;
    const colour = seatColour(nameOf(view, seat), seat);
    el(svg, "rect", { x: 4, y: top, width: WIDTH - 8, height: box.boxHeight, rx: 6, fill: "#ffffff", stroke: colour, "stroke-width": 2 });
    const you = seat === view.seat ? ` ${t("(you)")}` : "";
    label(svg, 12, top + 14, `${nameOf(view, seat)}${you} · ${t("Mailroom")}`, { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
    if (!room.length) label(svg, 12, top + 38, t("empty"), { "text-anchor": "start", fill: "#5b5140" });
    room.forEach((entry, k) => {
      const slot = `M${k + 1}`;
      const x = 12 + (k % 3) * (box.cardW + GAP);
      const y = top + 28 + Math.floor(k / 3) * (box.height + GAP);
      const mine = seat === view.seat;
      const actions = matching(legal, (a) => (mine && (a === `clout ${slot}` || a === `hire ${slot}`)) || a === `pick P${seat + 1} ${slot}`);
      const group = card(svg, x, y, box.cardW, box.height, box.lines[k], { fill: "#fbf7ee" });
      group.setAttribute("data-place", `P${seat + 1} ${slot}`);
      piece(group, `employee:${entry.employee}`);
      if (actions.length) {
        group.classList.add("playable");
        clickable(group, actions, labels, act, `${nameOf(view, seat)} ${slot} ${entry.employee}`);
      }
    });
  }
}
