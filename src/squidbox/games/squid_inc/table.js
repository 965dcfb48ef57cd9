// Squid, Inc.: the Workplace pyramid (four tiers of spaces with Employees, owners and Clout),
// the Unemployed Line, the chosen Employee, every Mailroom and the scores. Clickable: a space
// for any action on it ("to 2B1", "clout 1A1", "bump 3A2", "use 1C1", "pick 2A2"), a line card
// ("take +1", "pick line -1"), a Mailroom card ("clout M2", "hire M1", "pick P2 M1"), and the
// chosen Employee ("mailroom" or "dismiss").

import { card, clickable, el, label, lookColour, matching, nameOf, piece, pieceInfo, prepare, seatColour, shorten, textBlock, title, token, wrapText } from "/static/svg.js";

const WIDTH = 520;
const CELL_W = 98;
const CELL_H = 50;
const LINE_H = 112;

export function draw(svg, view, legal, labels, act) {
  const state = view.state || {};
  const tiers = [...(state.tiers || [])].sort((a, b) => b.tier - a.tier);
  const cells = Object.fromEntries((state.board || []).map((c) => [c.space, c]));
  const headLines = headerLines(view, state);
  let y = 16 + headLines.length * 12;
  const layout = tiers.map((tier) => {
    const rows = groupRows(tier.spaces || []);
    const block = { tier, rows, top: y };
    y += 18 + rows.length * (CELL_H + 4) + 6;
    return block;
  });
  const lineTop = y + 4;
  const roomsTop = lineTop + LINE_H + 26;
  const rooms = state.mailrooms || [];
  prepare(svg, WIDTH, roomsTop + rooms.length * 84 + 10);
  header(svg, view, state, headLines);
  for (const block of layout) drawTier(svg, view, block, cells, legal, labels, act);
  drawLine(svg, state, lineTop, legal, labels, act);
  drawChosen(svg, state, lineTop, legal, labels, act);
  drawMailrooms(svg, view, rooms, roomsTop, legal, labels, act);
}

// Whose turn and what is asked, whole (wrapped, never cut), then the scores.
function headerLines(view, state) {
  const prompt = state.pending?.prompt ? ` · ${state.pending.prompt}` : "";
  const who = state.current_player !== null && state.current_player !== undefined ? `${nameOf(view, state.current_player)}: ` : "";
  return wrapText(`${who}${state.phase ?? ""}${prompt}${state.endgame ? " · ENDGAME" : ""}`, 78);
}

function header(svg, view, state, lines) {
  lines.forEach((line, i) => label(svg, 8, 10 + i * 12, line, { "text-anchor": "start", "font-size": 12, "font-weight": "bold" }));
  const scores = (state.scores || []).map((s, i) => `${nameOf(view, i)} ${s}`).join(" · ");
  label(svg, 8, 10 + lines.length * 12, `Clout scores: ${scores} · deck ${state.deck_size ?? "?"} · guards left ${state.guard_tiles_left ?? "?"}`,
    { "text-anchor": "start", "font-size": 10.5 });
}

function groupRows(spaces) {
  const rows = new Map();
  for (const space of spaces) {
    const key = space.slice(2) || "1";
    if (!rows.has(key)) rows.set(key, []);
    rows.get(key).push(space);
  }
  return [...rows.values()];
}

function drawTier(svg, view, block, cells, legal, labels, act) {
  const { tier, rows, top } = block;
  const heading = el(svg, "g", { class: "tier-heading" });
  el(heading, "rect", { x: 4, y: top, width: 96, height: 16, fill: "transparent" });
  label(heading, 8, top + 8, `Tier ${tier.tier} · ×${tier.multiplier}`, { "text-anchor": "start", "font-size": 11, "font-weight": "bold" });
  piece(heading, `tier:${tier.tier}`);
  rows.forEach((row, r) => {
    const left = (WIDTH - row.length * (CELL_W + 4)) / 2;
    row.forEach((space, c) => {
      const cell = cells[space] || { space };
      drawCell(svg, view, cell, left + c * (CELL_W + 4), top + 16 + r * (CELL_H + 4), legal, labels, act);
    });
  });
}

function drawCell(svg, view, cell, x, y, legal, labels, act) {
  const actions = matching(legal, (a, words) => words.length === 2 && words[1] === cell.space && words[0] !== "take");
  const owned = cell.owner !== null && cell.owner !== undefined;
  const colour = owned ? seatColour(nameOf(view, cell.owner), cell.owner) : "#8a8f98";
  const group = el(svg, "g", { class: `space${actions.length ? " playable" : ""}`, "data-space": cell.space });
  el(group, "rect", { x, y, width: CELL_W, height: CELL_H, rx: 5, fill: cell.employee ? "#fffdf6" : "#efeae0",
    stroke: actions.length ? "#c58b00" : "#b5ad9c", "stroke-width": actions.length ? 3 : 1, "stroke-dasharray": cell.employee ? null : "4 3" });
  if (owned) el(group, "rect", { x, y, width: 7, height: CELL_H, rx: 3, fill: colour });
  label(group, x + CELL_W - 4, y + 8, cell.space, { "text-anchor": "end", "font-size": 8.5, fill: "#6b6458" });
  if (cell.employee) {
    const name = wrapText(cell.employee, 17);
    name.slice(0, 2).forEach((line, i) => label(group, x + CELL_W / 2 + 3, y + (name.length > 1 ? 14 : 20) + i * 11, line,
      { "font-size": 9.5, "font-weight": "bold" }));
    const owner = owned ? nameOf(view, cell.owner) : "no owner";
    label(group, x + 11, y + 42, `value ${cell.value ?? "?"} · ${owner}${cell.used ? " · used" : ""}${cell.new ? " · new" : ""}`,
      { "text-anchor": "start", "font-size": 8.5 });
    piece(group, `employee:${cell.employee}`);
  }
  if (cell.clout) {
    const chip = token(group, x + CELL_W - 10, y + CELL_H - 10, 8, lookColour("clout_fill", "#e8b923"), cell.clout, { fontSize: 9 });
    piece(chip, "clout");
  }
  if (actions.length) clickable(group, actions, labels, act, `Space ${cell.space}${cell.employee ? ` (${cell.employee})` : ""}`);
  else if (!cell.employee) title(group, `${cell.space}: empty`);
}

function drawLine(svg, state, top, legal, labels, act) {
  label(svg, 8, top + 6, "Unemployed Line", { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
  (state.line || []).forEach((slot, i) => {
    const x = 8 + i * 84;
    const actions = matching(legal, (a) => a === `take ${slot.space}` || a === `pick line ${slot.space}`);
    const group = card(svg, x, top + 16, 80, LINE_H, [`line ${slot.space}`, ...splitName(slot.employee), `value ${slot.value}`],
      { fill: lookColour("line_fill", "#eef6fb"), fontSize: 10, maxChars: 14 });
    ability(group, slot.employee, x + 3, top + 16 + 34 + (splitName(slot.employee).length + 1) * 12, top + 16 + LINE_H);
    piece(group, `employee:${slot.employee}`);
    if (actions.length) {
      group.classList.add("playable");
      clickable(group, actions, labels, act, `Line ${slot.space}: ${slot.employee}`);
    }
  });
}

// As much of an Employee's ability as fits between y and bottom (all of it is in the tooltip).
function ability(group, employee, x, y, bottom) {
  const text = pieceInfo(`employee:${employee}`)?.text;
  if (text) textBlock(group, x, y, wrapText(text, 18), Math.floor((bottom - y) / 9), { "font-size": 7.5, fill: "#4a4438" });
}

function splitName(name) {
  const words = String(name ?? "").split(" ");
  if (words.length < 2) return [name ?? ""];
  const half = Math.ceil(words.length / 2);
  return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
}

function drawChosen(svg, state, top, legal, labels, act) {
  const x = WIDTH - 110;
  const chosen = state.chosen;
  label(svg, x, top + 6, "Chosen", { "text-anchor": "start", "font-size": 12, "font-weight": "bold" });
  const lines = chosen ? [...splitName(chosen.employee), `line ${chosen.modifier >= 0 ? "+" : ""}${chosen.modifier}`] : ["none"];
  const group = card(svg, x, top + 16, 100, LINE_H, lines, { fill: chosen ? "#fff1c2" : "#f2efe7", fontSize: 10, maxChars: 17 });
  if (chosen) {
    piece(group, `employee:${chosen.employee}`);
    ability(group, chosen.employee, x + 4, top + 16 + 34 + (lines.length - 1) * 12, top + 16 + LINE_H);
  }
  const actions = matching(legal, (a) => a === "mailroom" || a === "dismiss");
  if (chosen && actions.length) {
    group.classList.add("playable");
    clickable(group, actions, labels, act, `Chosen ${chosen.employee}`);
  }
}

function drawMailrooms(svg, view, rooms, top, legal, labels, act) {
  rooms.forEach((room, seat) => {
    const y = top + seat * 84;
    const colour = seatColour(nameOf(view, seat), seat);
    el(svg, "rect", { x: 4, y, width: WIDTH - 8, height: 80, rx: 6, fill: "#ffffff", stroke: colour, "stroke-width": 2 });
    const you = seat === view.seat ? " (you)" : "";
    label(svg, 12, y + 12, `${nameOf(view, seat)}${you} · Mailroom`, { "text-anchor": "start", "font-size": 11, "font-weight": "bold" });
    room.forEach((entry, k) => {
      const slot = `M${k + 1}`;
      const x = 12 + k * 126;
      const mine = seat === view.seat;
      const actions = matching(legal, (a) => (mine && (a === `clout ${slot}` || a === `hire ${slot}`)) || a === `pick P${seat + 1} ${slot}`);
      const group = card(svg, x, y + 20, 120, 54, [...splitName(entry.employee),
        `${slot} · value ${entry.value} · ${entry.clout} of ${entry.hire_cost} Clout`],
      { fill: "#fbf7ee", fontSize: 10, maxChars: 24 });
      piece(group, `employee:${entry.employee}`);
      if (actions.length) {
        group.classList.add("playable");
        clickable(group, actions, labels, act, `${nameOf(view, seat)} ${slot} ${entry.employee}`);
      }
    });
  });
}
