// Shared helpers for the game drawing modules: SVG elements, seat colours, and clickable
// board elements that play a legal action (or offer a choice when several fit).

import { t } from "./i18n.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

// Phone rules (issue 13): drawings lay out for the width they are shown at (never wider than
// their own widest layout), so one drawing unit is at least one CSS pixel; then text of at
// least TEXT units is at least 12 px and a target of at least TAP units is at least 44 px.
export const TEXT = 12;
export const TAP = 44;

// The width, in drawing units, to lay `svg` out for: its shown width, at most `widest`.
export function boardWidth(svg, widest = 520) {
  const shown = svg?.getBoundingClientRect?.().width || 0;
  return shown >= 240 ? Math.min(widest, Math.floor(shown)) : widest;
}

// A board is laid out again when its shown width changes (a phone turned, a window resized):
// each drawing registers how to redraw itself with the newest state.
const layouts = new WeakMap();
let watcher = null;

export function relayoutOnResize(svg, redraw) {
  layouts.set(svg, { width: boardWidth(svg), redraw });
  if (!watcher && typeof ResizeObserver !== "undefined") {
    watcher = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const layout = layouts.get(entry.target);
        if (layout && boardWidth(entry.target) !== layout.width) layout.redraw();
      }
    });
  }
  watcher?.observe(svg);
}

// How many characters of `size` fit in `width` (a generous average glyph width, so that the
// wrapped text never runs past its box).
export function charsIn(width, size = TEXT) {
  return Math.max(4, Math.floor(width / (size * 0.62)));
}

const NAMED_COLOURS = {
  red: "#d64541", blue: "#2f6fdb", green: "#2e9d5b", yellow: "#e8b923", purple: "#8a4fc8",
  orange: "#ee7a22", white: "#f4f4f4", pink: "#ef6fa8", black: "#333333", gold: "#d4a017",
  grey: "#8a8f98", gray: "#8a8f98", teal: "#1b9aaa", brown: "#8b5a2b",
};
const PALETTE = ["#d64541", "#2f6fdb", "#2e9d5b", "#e8b923", "#8a4fc8", "#ee7a22"];

export function seatColour(name, index) {
  const key = String(name ?? "").trim().toLowerCase();
  return NAMED_COLOURS[key] ?? PALETTE[Math.abs(Number(index) || 0) % PALETTE.length];
}

export function textColourOn(fill) {
  const hex = fill.replace("#", "");
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return r * 0.299 + g * 0.587 + b * 0.114 > 150 ? "#1b1f24" : "#ffffff";
}

export function el(parent, tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(key, String(value));
  }
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (parent) parent.appendChild(node);
  return node;
}

export function label(parent, x, y, text, attrs = {}) {
  const size = Math.max(TEXT, Number(attrs["font-size"]) || TEXT);
  return el(parent, "text", { x, y, "text-anchor": "middle", "dominant-baseline": "middle",
    class: "svg-label", ...attrs, "font-size": size }, text);
}

export function title(node, text) {
  el(node, "title", {}, text);
  return node;
}

// Where keyboard focus was on the board, as a selector that finds the same place in the next
// drawing (the board is redrawn on every state; a keyboard player keeps their place).
function focusedPlace(svg) {
  const node = document.activeElement;
  if (!node || node === svg || !svg.contains(node)) return null;
  for (const name of ["data-tile", "data-space", "data-place", "data-action", "data-piece"]) {
    const value = node.getAttribute(name);
    if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

export function prepare(svg, width, height) {
  const place = focusedPlace(svg);
  const hadFocus = svg.contains(document.activeElement) && document.activeElement !== svg;
  if (hadFocus) document.activeElement.blur();
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  claimed.clear();
  if (hadFocus) {
    queueMicrotask(() => {  // after the drawing is done
      const found = (place && svg.querySelector(place)) || svg.querySelector(".clickable, [data-piece]");
      found?.focus();
    });
  }
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMin meet");
  return svg;
}

// The board's final size: a board shown in a box of fixed height (the desktop table) is never
// shrunk below its drawn size to fit that height, since its text would fall under 12 px; its
// panel scrolls instead (app.css), and the choice is scrolled into view (table.js).
export function finish(svg, width, height) {
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const shown = svg.getBoundingClientRect?.().width || width;
  svg.style.minHeight = `${Math.ceil(height * shown / width)}px`;
}

// Only the generic tree drawing (games without a folder) cuts long lines; game drawings wrap.
export function shorten(text, length) {
  const value = String(text ?? "");
  return value.length <= length ? value : `${value.slice(0, length - 1)}…`;
}

// Actions among `legal` that a drawn element stands for.
export function matching(legal, test) {
  return (legal || []).filter((action) => test(action, action.split(" ")));
}

// On a touch screen a piece with a text plays in two taps: the first shows it with what it
// does (the chooser, its text and its button), a second tap on it or the button plays it. A
// mouse click or a key plays at once (a hover already showed the text).
let armed = null;
let lastPointer = "mouse";
document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);

function firstTap(event, node, key) {
  if (event.type !== "click" || !node.dataset.piece) return false;
  const touch = (event.pointerType || lastPointer) === "touch";
  if (!touch || armed === key) return false;
  armed = key;
  return true;
}

// Make `node` play one of `actions` when clicked (a chooser opens when there are several).
export function clickable(node, actions, labels, act, name) {
  if (!actions || actions.length === 0) return node;
  claim(actions);
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  const described = actions.length === 1 ? (labels?.[actions[0]] || actions[0]) : `${actions.length} choices`;
  keepPieceText(node);
  node.setAttribute("aria-label", `${name}: ${described}`);
  node.dataset.actions = JSON.stringify(actions);
  if (actions.length === 1) node.dataset.action = actions[0];
  const choose = (event) => {
    if (explaining() && node.dataset.piece) return;  // Explain mode: the tap opens the details
    event.preventDefault();
    event.stopPropagation();
    const key = `${node.dataset.piece}|${actions.join(",")}`;
    if (actions.length === 1 && !firstTap(event, node, key)) { armed = null; act(actions[0]); }
    else openChooser(name, actions, labels, act, { piece: node.dataset.piece });
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  return node;
}

// ---- which actions the board plays: the page shows buttons only for the others ------------
const claimed = new Set();

// `actions` are made on the board (by clicking a piece), so no status-bar button repeats them.
export function claim(actions) {
  for (const action of actions || []) claimed.add(action);
}

export function claimedActions() {
  return claimed;
}

// ---- two-step moves: a piece is selected first (a card), then its target is clicked -------
let selected = null;
let selectionChanged = () => {};

export function selection() {
  return selected;
}

// Select `key` (or cancel with null, or by selecting the same piece again); the page redraws.
export function select(key) {
  selected = key === selected ? null : key;
  selectionChanged();
}

export function onSelection(callback) {
  selectionChanged = callback;
}

export function clearSelection() {
  selected = null;
  armed = null;
}

// A piece marked before it was made clickable keeps its text as the description (the label
// becomes what clicking it does).
function keepPieceText(node) {
  const text = node.getAttribute("aria-label");
  if (node.hasAttribute("data-piece") && text && !node.hasAttribute("aria-description")) node.setAttribute("aria-description", text);
}

// A piece that starts a two-step move: clicking it selects it (then its targets light up),
// clicking it again cancels. `actions` are those it leads to (claimed: no button repeats them).
export function selectable(node, key, actions, name) {
  if (!actions || actions.length === 0) return node;
  claim(actions);
  const chosen = selected === key;
  node.classList.add("clickable", "selectable");
  if (chosen) node.classList.add("selected");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.setAttribute("aria-pressed", String(chosen));
  keepPieceText(node);
  node.setAttribute("aria-label", chosen ? t("{name}: selected, choose where (click again to cancel)", { name })
    : t("{name}: select, then choose where", { name }));
  node.dataset.select = key;
  const choose = (event) => {
    if (explaining() && node.dataset.piece) return;
    event.preventDefault();
    event.stopPropagation();
    select(key);
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  return node;
}

// ---- moves you can see: pieces marked `data-anim` slide from where they were drawn before ----
// (Web Animations API; the page skips it for your own move and under prefers-reduced-motion.)
export function snapshot(svg) {
  const places = new Map();
  for (const node of svg.querySelectorAll("[data-anim]")) {
    places.set(node.dataset.anim, { box: node.getBoundingClientRect(), node: node.cloneNode(true) });
  }
  return places;
}

export function animateChanges(svg, before, duration) {
  if (!before || !before.size || duration <= 0) return;
  const scale = svg.getScreenCTM()?.a || 1;
  const seen = new Set();
  for (const node of svg.querySelectorAll("[data-anim]")) {
    const key = node.dataset.anim;
    seen.add(key);
    const was = before.get(key);
    if (!was) {  // a piece that came into play (a cube placed, a card dealt): it flips in
      node.style.transformBox = "fill-box";
      node.style.transformOrigin = "center";
      node.animate([{ transform: "scale(0.2)", opacity: 0 }, { transform: "none", opacity: 1 }],
        { duration, easing: "ease-out", id: "move" });
      continue;
    }
    const box = node.getBoundingClientRect();
    const dx = (was.box.left - box.left) / scale;
    const dy = (was.box.top - box.top) / scale;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) {
      if (was.node.dataset.state !== node.dataset.state) {  // changed where it stands: it pulses
        node.style.transformBox = "fill-box";
        node.style.transformOrigin = "center";
        node.animate([{ transform: "scale(1.25)" }, { transform: "none" }], { duration, easing: "ease-out", id: "move" });
      }
      continue;
    }
    node.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration, easing: "ease-in-out", id: "move" });
  }
  for (const [key, was] of before) {  // a piece that left play (a token eliminated) fades out
    if (seen.has(key)) continue;
    const ghost = was.node;
    for (const part of [ghost, ...ghost.querySelectorAll("*")]) {
      for (const name of ["tabindex", "role", "data-action", "data-actions", "data-piece", "data-anim", "data-tile", "data-space", "data-place"]) part.removeAttribute(name);
      part.classList?.remove("clickable", "playable", "selectable");
    }
    ghost.setAttribute("pointer-events", "none");
    ghost.setAttribute("aria-hidden", "true");
    ghost.classList.add("ghost");
    svg.appendChild(ghost);
    ghost.style.transformBox = "fill-box";
    ghost.style.transformOrigin = "center";
    ghost.animate([{ opacity: 1, transform: "none" }, { opacity: 0, transform: "scale(0.4)" }],
      { duration, easing: "ease-in", id: "move" }).finished.then(() => ghost.remove(), () => ghost.remove());
  }
}

// A status-bar button's label: at most `length` characters (the whole label stays its title).
export function shortLabel(text, length = 40) {
  const value = String(text ?? "").trim();
  if (value.length <= length) return value;
  for (const mark of [" (", ": ", " · ", ", "]) {
    const at = value.indexOf(mark);
    if (at >= 8 && at <= length) return value.slice(0, at);
  }
  const cut = value.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > 20 ? cut.slice(0, space) : cut}…`;
}

export function openChooser(name, actions, labels, act, options = {}) {
  closeChooser();
  const dialog = document.createElement("div");
  dialog.className = "chooser";
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-label", t("Choose for {name}", { name }));
  const heading = document.createElement("p");
  heading.className = "chooser-title";
  heading.textContent = name;
  dialog.appendChild(heading);
  const about = options.piece ? pieceText(options.piece) : "";
  if (about) {
    const note = document.createElement("p");
    note.className = "chooser-piece";
    note.textContent = about;
    dialog.appendChild(note);
  }
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = labels?.[action] || action;
    button.dataset.action = action;
    button.addEventListener("click", () => { closeChooser(); act(action); });
    dialog.appendChild(button);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "secondary";
  cancel.textContent = t("Cancel");
  cancel.addEventListener("click", closeChooser);
  dialog.appendChild(cancel);
  document.body.appendChild(dialog);
  dialog.querySelector("button")?.focus();
}

export function closeChooser() {
  document.querySelectorAll(".chooser").forEach((node) => node.remove());
}

// A card: a rounded rectangle with a bold title and smaller lines below, every line wrapped to
// the card's width and never cut; the card grows taller when its text needs it (`cardHeight`).
function cardLines(lines, w, size) {
  const [first, ...rest] = (Array.isArray(lines) ? lines : [lines]).map((line) => String(line ?? ""));
  const room = charsIn(w - 8, size);
  return [...wrapText(first, room).map((text) => ({ text, bold: true })),
    ...rest.flatMap((line) => wrapText(line, room).map((text) => ({ text, bold: false })))];
}

export function cardHeight(w, h, lines, options = {}) {
  const size = Math.max(TEXT, options.fontSize || TEXT);
  return Math.max(h, 8 + cardLines(lines, w, size).length * (size + 3) + (options.below || 0));
}

export function card(parent, x, y, w, h, lines, options = {}) {
  const size = Math.max(TEXT, options.fontSize || TEXT);
  const height = cardHeight(w, h, lines, options);
  const group = el(parent, "g", { class: `card ${options.className || ""}`.trim() });
  el(group, "rect", { x, y, width: w, height, rx: 6, fill: options.fill || "#fffdf6",
    stroke: options.stroke || "#5b5140", "stroke-width": options.strokeWidth || 1.5 });
  const wrapped = cardLines(lines, w, size);
  // A chip (options.centre) has its text in the middle; a card from the top.
  const offset = options.centre ? (height - wrapped.length * (size + 3)) / 2 - 2 : 0;
  wrapped.forEach((line, i) => {
    label(group, x + w / 2, y + offset + 4 + size / 2 + i * (size + 3), line.text, { "font-size": size,
      "font-weight": line.bold ? "bold" : null, fill: options.textFill || "#1b1f24" });
  });
  group.cardHeight = height;
  group.textBottom = y + 4 + cardLines(lines, w, size).length * (size + 3);
  if (options.title) title(group, options.title);
  return group;
}

// A round token with a short text in it.
export function token(parent, cx, cy, r, fill, text, options = {}) {
  const group = el(parent, "g", { class: `token ${options.className || ""}`.trim() });
  el(group, "circle", { cx, cy, r, fill, stroke: options.stroke || "#1b1f24",
    "stroke-width": options.strokeWidth || 1.2, "stroke-dasharray": options.dashed ? "3 2" : null });
  if (text !== undefined && text !== null && text !== "") {
    label(group, cx, cy + 0.5, text, { "font-size": options.fontSize || Math.max(TEXT, r * 0.8),
      fill: textColourOn(fill), "font-weight": "bold" });
  }
  if (options.title) title(group, options.title);
  return group;
}

export function seatNames(view) {
  return view?.seat_names || [];
}

export function nameOf(view, seat) {
  const names = seatNames(view);
  return seat === null || seat === undefined ? "" : (names[seat] !== undefined ? shownName(names[seat]) : t("Seat {number}", { number: Number(seat) + 1 }));
}

// A seat's or character's name as the reader reads it: the view keeps the game's own names
// ("Red 1"), the game's pieces say what each is called in the page's language ("Rot 1"), a
// name of several words as a whole (Grid Squid's "Three Circles").
export function shownName(name) {
  const names = pieceBook.names || {};
  const text = String(name ?? "");
  return names[text] ?? text.replace(/[^\s]+/g, (word) => names[word] ?? word);
}

// ---- pieces: every drawn piece can explain itself (texts come from /api/games/<id>/pieces) ----
let pieceBook = { pieces: {}, colours: {} };

let nameFinder = null;

export function setPieces(book) {
  if (book === pieceBook) return;
  pieceBook = book || { pieces: {}, colours: {} };
  const names = Object.values(pieceBook.pieces || {}).filter((p) => p.name.length > 2 && !p.key.startsWith("choice:"))
    .sort((a, b) => b.name.length - a.name.length);
  const escaped = names.map((p) => p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  nameFinder = escaped.length ? { regex: new RegExp(`\\b(${escaped.join("|")})\\b`, "g"),
    keys: Object.fromEntries(names.map((p) => [p.name, p.key])) } : null;
}

// `text` as nodes, with every piece name in it a <span data-piece> (log entries explain the
// pieces they name).
export function textWithPieces(text) {
  const nodes = [];
  if (!nameFinder) return [document.createTextNode(text)];
  let at = 0;
  for (const match of String(text).matchAll(nameFinder.regex)) {
    if (match.index > at) nodes.push(document.createTextNode(text.slice(at, match.index)));
    const span = document.createElement("span");
    span.className = "piece-name-ref";
    span.dataset.piece = nameFinder.keys[match[0]];
    span.textContent = match[0];
    nodes.push(span);
    at = match.index + match[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

export function pieceInfo(key) {
  return pieceBook.pieces?.[key] ?? null;
}

// A display colour the game's look.toml names (e.g. a symbol's fill), or `fallback`.
export function lookColour(name, fallback = "#ffffff") {
  return pieceBook.colours?.[name] ?? fallback;
}

// The full text of a piece on one line: name, values (PROPOSED ones marked *), text.
export function pieceText(key) {
  const info = pieceInfo(key);
  if (!info) return "";
  const values = (info.values || []).map((v) => `${v.label} ${v.value}${v.proposed ? "*" : ""}`).join(", ");
  // A text that begins with the piece's name (SQUID's rulebook texts: "Zeige 2: Du darfst …")
  // is not given the name twice.
  if (!values && info.text && info.text.startsWith(`${info.name}:`)) return info.text;
  return [info.name + (values ? ` (${values})` : ""), info.text].filter(Boolean).join(": ");
}

// Mark `node` as showing piece `key`: hover/focus shows a tooltip, tapping in Explain mode (or
// a long press) opens the detail panel (see static/pieces.js).
// `note` says what is on this very piece now ("C4: Red holds it with 2 cubes"); the tooltip and
// panel show it above the piece's own text.
export function piece(node, key, note) {
  if (!node || !pieceInfo(key)) return node;
  node.setAttribute("data-piece", key);
  if (note) node.setAttribute("data-note", note);
  const text = [note, pieceText(key)].filter(Boolean).join(". ");
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", text);
  else node.setAttribute("aria-description", text);
  if (pieceInfo(key).proposed) node.classList.add("has-proposed");
  return node;
}

export function explaining() {
  return document.body?.dataset.explain === "on";
}

// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
export function wrapText(text, width) {
  const lines = [];
  for (const word of String(text ?? "").split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

// Lines of text from (x, y) down, all of them (never cut); the y below the last line.
export function textBlock(parent, x, y, lines, attrs = {}) {
  const size = Math.max(TEXT, Number(attrs["font-size"]) || TEXT);
  lines.forEach((line, i) => label(parent, x, y + size / 2 + i * (size + 2), line,
    { "text-anchor": "start", ...attrs, "font-size": size }));
  return y + lines.length * (size + 2);
}

// `text` wrapped to `width` units at `size`, drawn from (x, y) down; the y below it.
export function paragraph(parent, x, y, width, text, attrs = {}) {
  const size = Math.max(TEXT, Number(attrs["font-size"]) || TEXT);
  return textBlock(parent, x, y, wrapText(text, charsIn(width, size)), { ...attrs, "font-size": size });
}

// The height `paragraph` needs.
export function paragraphHeight(width, text, size = TEXT) {
  return wrapText(text, charsIn(width, size)).length * (Math.max(TEXT, size) + 2);
}

// ---- what just happened: the log as the seat sees it, for marking the last move ----------
let recentLog = [];

export function setLog(log) {
  recentLog = log || [];
}

// The latest event of one of `types`, and the events after it.
export function lastEvent(types) {
  for (let i = recentLog.length - 1; i >= 0; i -= 1) {
    if (types.includes(recentLog[i].type)) return { event: recentLog[i], after: recentLog.slice(i + 1) };
  }
  return null;
}
