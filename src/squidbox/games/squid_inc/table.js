// Squid, Inc.: the company board (four Tiers of spaces, the top Tier at the top) with each
// Employee as a small tile (name, value, its owner's colour, Clout on it; the whole ability on
// hover, focus or tap), and beside it the Unemployed Line, the chosen Employee, the Dismiss pile
// and every Mailroom. Clout scores are the page's player panels (`counters`).
// Clickable: a space for any action on it ("to 2B1", "clout 1A1", "bump 3A2", "use 1C1",
// "pick 2A2", "split 1C2"), a line tile ("take +1", "pick line -1"), a Mailroom tile
// ("clout M2", "hire M1", "pick P2 M1"), your Mailroom ("mailroom": keep the chosen Employee) and
// the Dismiss pile ("dismiss"). "end", "all", "decline" and the amounts are status-bar buttons.

import { t, tn } from "/static/i18n.js";
import { relayoutOnResize, TAP, boardWidth, charsIn, clickable, el, label, lookColour, matching, nameOf, piece, prepare, seatColour, textColourOn, token, wrapText } from "/static/svg.js";

const TILE_W = 108;
const TILE_H = 64;
const GAP = 5;
const WIDE = 860;  // the company board and the side column side by side
const SIDE_W = 3 * (TILE_W + GAP);

// The steps of a turn in the how-to-play page's words.
const PHASES = {
  start: t("start of the turn"), choose: t("choose an Employee from the Unemployed Line"),
  keep: t("keep the chosen Employee in your Mailroom, or Dismiss it"), bring: t("bring Employees into the Workplace"),
  activate: t("activate abilities, or end your turn"),
};

export function prompt(view) {
  const state = view.state || {};
  return state.pending?.prompt || PHASES[state.phase] || "";
}

export function counters(view, seat) {
  const state = view.state || {};
  const room = (state.mailrooms || [])[seat] || [];
  const placed = (state.board || []).filter((cell) => cell.owner === seat).length;
  return [t("{count} Clout", { count: (state.scores || [])[seat] ?? 0 }),
    tn("{count} in the Workplace", "{count} in the Workplace", placed), tn("{count} in the Mailroom", "{count} in the Mailroom", room.length)];
}

function ownerColour(view, seat) {
  return seatColour(nameOf(view, seat), seat);
}

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  const width = boardWidth(svg, WIDE);
  const state = view.state || {};
  const wide = width >= WIDE;
  // A phone: the Tier's name above its spaces, four tiles across the whole width.
  const tileW = wide ? TILE_W : Math.min(TILE_W, Math.floor((width - 8) / 4) - GAP);
  const context = { svg, view, state, legal: legal || [], labels, act, tileW, wide, seen: {} };
  context.columnW = context.tileW + GAP;
  prepare(svg, width, 400);
  const boardBottom = drawCompany(context, 4, 4);
  const sideX = wide ? 4 * context.columnW + 60 : 4;
  const sideTop = wide ? 4 : boardBottom + 10;
  const bottom = drawSide(context, sideX, sideTop);
  svg.setAttribute("viewBox", `0 0 ${width} ${Math.max(boardBottom, bottom) + 6}`);
}

// An Employee's key for the animations: its name and which copy of it (in drawing order).
function animKey(context, employee) {
  const k = context.seen[employee] = (context.seen[employee] ?? -1) + 1;
  return `employee:${employee}#${k}`;
}

// A small tile: the name (wrapped, never cut), the value in a corner, the owner's colour as its
// band and fill, the Clout on it as a gold token. `extra` is a short line under the name.
function tile(context, x, y, info) {
  const { tileW } = context;
  const owner = info.owner;
  const colour = owner !== null && owner !== undefined ? ownerColour(context.view, owner) : null;
  const group = el(context.svg, "g", { class: `emp-tile${info.actions?.length ? " playable" : ""}` });
  el(group, "rect", { x, y, width: tileW, height: TILE_H, rx: 6,
    fill: info.employee ? (colour ? tint(colour) : "#fffdf6") : "#efeae0",
    stroke: info.actions?.length ? "#c58b00" : "#8c8272", "stroke-width": info.actions?.length ? 3 : 1,
    "stroke-dasharray": info.employee ? null : "4 3" });
  if (colour) el(group, "rect", { x, y, width: tileW, height: 7, rx: 3, fill: colour, stroke: "#1b1f24", "stroke-width": 0.6 });
  if (info.employee) {
    const lines = nameLines(info.employee, charsIn(tileW - 8));
    lines.slice(0, 3).forEach((line, i) => label(group, x + 5, y + 18 + i * 13, line, { "text-anchor": "start", "font-weight": "bold", fill: "#1b1f24" }));
    if (info.value !== null && info.value !== undefined) {
      el(group, "circle", { cx: x + tileW - 12, cy: y + TILE_H - 13, r: 10, fill: "#ffffff", stroke: "#1b1f24" });
      label(group, x + tileW - 12, y + TILE_H - 12.5, info.value, { "font-weight": "bold" });
    }
  }
  if (info.corner) label(group, x + 5, y + TILE_H - 8, info.corner, { "text-anchor": "start", fill: "#4a4438" });
  if (info.employee) {
    piece(group, `employee:${info.employee}`, info.note);
    group.dataset.anim = animKey(context, info.employee);
    group.dataset.state = `${owner ?? ""}:${info.clout ?? 0}:${info.used ? 1 : 0}`;
  } else if (info.piece) {
    piece(group, info.piece, info.note);
  }
  if (info.clout) {
    const chip = el(group, "g", { class: "clout-chip" });
    token(chip, x + tileW - 36, y + TILE_H - 13, 10, lookColour("clout_fill", "#e8b923"), info.clout);
  }
  if (info.used) label(group, x + tileW / 2 + 8, y + TILE_H - 8, t("used"), { fill: "#4a4438", "font-style": "italic" });
  if (info.place) group.setAttribute(info.place[0], info.place[1]);
  if (info.actions?.length) clickable(group, info.actions, context.labels, context.act, info.name);
  return group;
}

// A name in lines of at most `room` characters; a word longer than a line (on a phone's narrow
// tile) is broken with a hyphen rather than run past the tile.
function nameLines(name, room) {
  return wrapText(name, room).flatMap((line) => {
    if (line.length <= room) return [line];
    const parts = [];
    for (let at = 0; at < line.length; at += room - 1) parts.push(line.slice(at, at + room - 1));
    return parts.map((part, i) => (i < parts.length - 1 ? `${part}-` : part));
  });
}

// A light version of a seat colour, for a tile's fill (its text stays dark).
function tint(colour) {
  const hex = colour.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mix = (value) => Math.round(value + (255 - value) * 0.72).toString(16).padStart(2, "0");
  return `#${mix(r)}${mix(g)}${mix(b)}`;
}

// The Workplace: the Tiers from the top one down, each with its multiplier, the spaces centred
// (a pyramid, as on the printed board). The y below it.
function drawCompany(context, left, top) {
  const { view, state, columnW } = context;
  const cells = Object.fromEntries((state.board || []).map((c) => [c.space, c]));
  const tiers = [...(state.tiers || [])].sort((a, b) => b.tier - a.tier);
  const widest = Math.max(1, ...tiers.map((tier) => columns(tier).length));
  let y = top;
  for (const tier of tiers) {
    const heading = el(context.svg, "g", { class: "tier-heading" });
    const rows = [...new Set((tier.spaces || []).map((space) => space.slice(2) || "1"))];
    if (context.wide) {
      el(heading, "rect", { x: left, y, width: 50, height: rows.length * (TILE_H + GAP) - GAP, rx: 6, fill: "#12303a" });
      label(heading, left + 25, y + TILE_H - 12, t("Tier {tier}", { tier: tier.tier }), { fill: "#ffffff", "font-weight": "bold" });
      label(heading, left + 25, y + TILE_H + 10, `×${tier.multiplier}`, { fill: "#ffffff", "font-size": 16, "font-weight": "bold" });
    } else {
      el(heading, "rect", { x: left, y, width: 4 * columnW - GAP, height: TAP, rx: 4, fill: "#12303a" });
      label(heading, left + 8, y + TAP / 2, `${t("Tier {tier}", { tier: tier.tier })} ×${tier.multiplier}`, { "text-anchor": "start", fill: "#ffffff", "font-weight": "bold", "font-size": 14 });
      y += TAP + 4;
    }
    piece(heading, `tier:${tier.tier}`);
    const cols = columns(tier);
    const offset = left + (context.wide ? 56 : 0) + ((widest - cols.length) * columnW) / 2;
    rows.forEach((row, r) => {
      cols.forEach((column, c) => {
        const space = `${tier.tier}${column}${row}`;
        if (!(tier.spaces || []).includes(space)) return;
        drawSpace(context, cells[space] || { space }, tier, offset + c * columnW, y + r * (TILE_H + GAP));
      });
    });
    y += rows.length * (TILE_H + GAP) + 4;
  }
  return y;
}

function columns(tier) {
  return [...new Set((tier.spaces || []).map((space) => space.slice(1, 2)))];
}

function spaceNote(view, cell) {
  if (!cell.employee) return t("{space}: empty", { space: cell.space });
  const owner = cell.owner !== null && cell.owner !== undefined ? nameOf(view, cell.owner) : t("no owner");
  return `${cell.space}: ${cell.employee}, ${t("value {value}", { value: cell.value ?? "?" })}, ${owner}` +
    `${cell.clout ? `, ${t("{count} Clout", { count: cell.clout })}` : ""}${cell.used ? `, ${t("used")}` : ""}${cell.new ? `, ${t("new")}` : ""}`;
}

function drawSpace(context, cell, tier, x, y) {
  const actions = matching(context.legal, (a, words) => words.length === 2 && words[1] === cell.space && words[0] !== "take");
  tile(context, x, y, {
    employee: cell.employee, value: cell.value, owner: cell.owner, clout: cell.clout, used: cell.used,
    corner: cell.space, note: spaceNote(context.view, cell), piece: `space:${tier.tier}`,
    place: ["data-space", cell.space], actions,
    name: `${t("Space {space}", { space: cell.space })}${cell.employee ? ` (${cell.employee})` : ` ${t("(empty)")}`}`,
  });
}

// The side column: the Unemployed Line, the chosen Employee and the Dismiss pile, then every
// Mailroom. The y below it.
function drawSide(context, x, top) {
  const { svg, state, legal, columnW } = context;
  let y = top;
  const heading = el(svg, "g", {});  // a whole tap target (its text on tap)
  el(heading, "rect", { x, y, width: 170, height: TAP, fill: "transparent" });
  label(heading, x, y + TAP / 2, t("Unemployed Line"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  piece(heading, "line");
  const deck = t("deck {deck} · guards left {guards}", { deck: state.deck_size ?? "?", guards: state.guard_tiles_left ?? "?" });
  if (context.wide) label(svg, x + 3 * columnW, y + TAP / 2, deck, { "text-anchor": "end", fill: "#4a4438" });
  else label(svg, x, (y += TAP) + 8, deck, { "text-anchor": "start", fill: "#4a4438" });
  y += context.wide ? TAP : 20;
  (state.line || []).forEach((slot, i) => {
    const actions = matching(legal, (a) => a === `take ${slot.space}` || a === `pick line ${slot.space}`);
    tile(context, x + i * columnW, y, { employee: slot.employee, value: slot.value, corner: t("line {space}", { space: slot.space }),
      note: t("line {space}", { space: slot.space }), place: ["data-place", `line ${slot.space}`], actions,
      name: t("Line {space}: {employee}", { space: slot.space, employee: slot.employee }) });
  });
  y += TILE_H + 8;
  y = drawChosen(context, x, y);
  if (state.endgame) {
    label(svg, x, y + 8, t("Endgame: the board is full"), { "text-anchor": "start", fill: "#b3261e", "font-weight": "bold" });
    y += 20;
  }
  (state.mailrooms || []).forEach((room, seat) => { y = drawMailroom(context, x, y, room, seat); });
  return y;
}

function drawChosen(context, x, y) {
  const { svg, state, legal } = context;
  const chosen = state.chosen;
  label(svg, x, y + 8, t("Chosen"), { "text-anchor": "start", "font-weight": "bold" });
  if (chosen) {
    tile(context, x, y + 16, { employee: chosen.employee, owner: null,
      corner: t("line {space}", { space: `${chosen.modifier >= 0 ? "+" : ""}${chosen.modifier}` }),
      note: t("Chosen from the line"), place: ["data-place", "chosen"], actions: [],
      name: t("Chosen {employee}", { employee: chosen.employee }) });
  } else {
    el(svg, "rect", { x, y: y + 16, width: context.tileW, height: TILE_H, rx: 6, fill: "#f2efe7", stroke: "#c9c3b5", "stroke-dasharray": "4 3" });
  }
  // The Dismiss pile: where a dismissed Employee goes (click it to dismiss the chosen one).
  const dismiss = matching(legal, (a) => a === "dismiss");
  const pile = el(svg, "g", { class: `dismiss-pile${dismiss.length ? " playable" : ""}`, "data-place": "dismissed" });
  const px = x + context.columnW;
  el(pile, "rect", { x: px, y: y + 16, width: context.tileW, height: TILE_H, rx: 6, fill: "#d9d4c8",
    stroke: dismiss.length ? "#c58b00" : "#8c8272", "stroke-width": dismiss.length ? 3 : 1 });
  label(pile, px + context.tileW / 2, y + 16 + TILE_H / 2 - 7, t("Dismissed"), { "font-weight": "bold" });
  label(pile, px + context.tileW / 2, y + 16 + TILE_H / 2 + 10, String((state.dismissed || []).length));
  piece(pile, "dismissed", (state.dismissed || []).join(", "));
  if (dismiss.length) clickable(pile, dismiss, context.labels, context.act, t("Dismiss {employee}", { employee: chosen?.employee ?? "" }));
  return y + 16 + TILE_H + 8;
}

// A seat's Mailroom: a strip in the seat's colour with its Employees (value, Clout on it of the
// cost to enter); yours is where the chosen Employee goes ("mailroom").
function drawMailroom(context, x, y, room, seat) {
  const { svg, view, legal, columnW } = context;
  const mine = seat === view.seat;
  const perRow = 3;
  const rows = Math.max(1, Math.ceil(room.length / perRow));
  const height = 20 + rows * (TILE_H + GAP);
  const keep = mine ? matching(legal, (a) => a === "mailroom") : [];
  const box = el(svg, "g", { class: `mailroom${keep.length ? " playable" : ""}`, "data-place": `mailroom ${seat + 1}` });
  const colour = ownerColour(view, seat);
  el(box, "rect", { x: x - 3, y, width: 3 * columnW + 2, height, rx: 6, fill: "#ffffff", stroke: keep.length ? "#c58b00" : colour,
    "stroke-width": keep.length ? 3 : 2 });
  label(box, x + 3, y + 10, `${nameOf(view, seat)}${mine ? ` ${t("(you)")}` : ""} · ${t("Mailroom")}`,
    { "text-anchor": "start", "font-weight": "bold", fill: textColourOn("#ffffff") });
  if (keep.length) {
    el(box, "rect", { x: x - 3, y, width: 3 * columnW + 2, height: Math.max(height, TAP), fill: "#ffffff", opacity: 0.01 });
    clickable(box, keep, context.labels, context.act, t("Your Mailroom: keep the chosen Employee"));
  }
  room.forEach((entry, k) => {
    const slot = `M${k + 1}`;
    const actions = matching(legal, (a) => (mine && (a === `clout ${slot}` || a === `hire ${slot}`)) || a === `pick P${seat + 1} ${slot}`);
    tile(context, x + (k % perRow) * columnW, y + 18 + Math.floor(k / perRow) * (TILE_H + GAP), {
      employee: entry.employee, value: entry.value, owner: seat, clout: entry.clout,
      corner: `${slot} · ${entry.clout}/${entry.hire_cost}`,
      note: `${nameOf(view, seat)} ${slot}: ${t("{clout} of {cost} Clout to enter", { clout: entry.clout, cost: entry.hire_cost })}`,
      place: ["data-place", `P${seat + 1} ${slot}`], actions, name: `${nameOf(view, seat)} ${slot} ${entry.employee}` });
  });
  return y + height + 6;
}
