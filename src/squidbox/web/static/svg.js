// Shared helpers for the game drawing modules: SVG elements, seat colours, and clickable
// board elements that play a legal action (or offer a choice when several fit).

export const SVG_NS = "http://www.w3.org/2000/svg";

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
  return el(parent, "text", { x, y, "text-anchor": "middle", "dominant-baseline": "middle",
    class: "svg-label", ...attrs }, text);
}

export function title(node, text) {
  el(node, "title", {}, text);
  return node;
}

export function prepare(svg, width, height) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMin meet");
  return svg;
}

export function shorten(text, length) {
  const value = String(text ?? "");
  return value.length <= length ? value : `${value.slice(0, length - 1)}…`;
}

// Actions among `legal` that a drawn element stands for.
export function matching(legal, test) {
  return (legal || []).filter((action) => test(action, action.split(" ")));
}

// Make `node` play one of `actions` when clicked (a chooser opens when there are several).
export function clickable(node, actions, labels, act, name) {
  if (!actions || actions.length === 0) return node;
  node.classList.add("clickable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  const described = actions.length === 1 ? (labels?.[actions[0]] || actions[0]) : `${actions.length} choices`;
  node.setAttribute("aria-label", `${name}: ${described}`);
  node.dataset.actions = JSON.stringify(actions);
  if (actions.length === 1) node.dataset.action = actions[0];
  const choose = (event) => {
    if (explaining() && node.dataset.piece) return;  // Explain mode: the tap opens the details
    event.preventDefault();
    event.stopPropagation();
    if (actions.length === 1) act(actions[0]);
    else openChooser(name, actions, labels, act, { piece: node.dataset.piece });
  };
  node.addEventListener("click", choose);
  node.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") choose(event);
  });
  return node;
}

export function openChooser(name, actions, labels, act, options = {}) {
  closeChooser();
  const dialog = document.createElement("div");
  dialog.className = "chooser";
  dialog.setAttribute("role", "dialog");
  dialog.setAttribute("aria-label", `Choose for ${name}`);
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
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", closeChooser);
  dialog.appendChild(cancel);
  document.body.appendChild(dialog);
  dialog.querySelector("button")?.focus();
}

export function closeChooser() {
  document.querySelectorAll(".chooser").forEach((node) => node.remove());
}

// A card: a rounded rectangle with a title line and optional smaller lines below.
export function card(parent, x, y, w, h, lines, options = {}) {
  const group = el(parent, "g", { class: `card ${options.className || ""}`.trim() });
  el(group, "rect", { x, y, width: w, height: h, rx: 6, fill: options.fill || "#fffdf6",
    stroke: options.stroke || "#5b5140", "stroke-width": options.strokeWidth || 1.5 });
  const [first, ...rest] = Array.isArray(lines) ? lines : [lines];
  const size = options.fontSize || 11;
  label(group, x + w / 2, y + 14, shorten(first, options.maxChars || 14), { "font-size": size, "font-weight": "bold",
      fill: options.textFill || "#1b1f24" });
  rest.forEach((line, i) => {
    label(group, x + w / 2, y + 30 + i * (size + 2), shorten(line, options.maxChars || 14),
      { "font-size": size - 1, fill: options.textFill || "#1b1f24" });
  });
  if (options.title) title(group, options.title);
  return group;
}

// A round token with a short text in it.
export function token(parent, cx, cy, r, fill, text, options = {}) {
  const group = el(parent, "g", { class: `token ${options.className || ""}`.trim() });
  el(group, "circle", { cx, cy, r, fill, stroke: options.stroke || "#1b1f24",
    "stroke-width": options.strokeWidth || 1.2, "stroke-dasharray": options.dashed ? "3 2" : null });
  if (text !== undefined && text !== null && text !== "") {
    label(group, cx, cy + 0.5, text, { "font-size": options.fontSize || Math.max(8, r * 0.8),
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
  return seat === null || seat === undefined ? "" : (names[seat] ?? `Seat ${Number(seat) + 1}`);
}

// ---- pieces: every drawn piece can explain itself (texts come from /api/games/<id>/pieces) ----
let pieceBook = { pieces: {}, colours: {} };

let nameFinder = null;

export function setPieces(book) {
  if (book === pieceBook) return;
  pieceBook = book || { pieces: {}, colours: {} };
  const names = Object.values(pieceBook.pieces || {}).filter((p) => p.name.length > 2 && p.kind !== "Choice")
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
  return [info.name + (values ? ` (${values})` : ""), info.text].filter(Boolean).join(": ");
}

// Mark `node` as showing piece `key`: hover/focus shows a tooltip, tapping in Explain mode (or
// a long press) opens the detail panel (see static/pieces.js).
export function piece(node, key) {
  if (!node || !pieceInfo(key)) return node;
  node.setAttribute("data-piece", key);
  if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
  if (!node.hasAttribute("aria-label")) node.setAttribute("aria-label", pieceText(key));
  else node.setAttribute("aria-description", pieceText(key));
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

// Lines of text from (x, y) down, cut with "…" after `most` lines (the full text is in the
// piece's tooltip and panel).
export function textBlock(parent, x, y, lines, most, attrs = {}) {
  const size = Number(attrs["font-size"] || 10);
  const shown = lines.slice(0, most);
  if (lines.length > most) shown[most - 1] = `${shown[most - 1]} …`;
  shown.forEach((line, i) => label(parent, x, y + i * (size + 2), line, { "text-anchor": "start", ...attrs }));
  return y + shown.length * (size + 2);
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
