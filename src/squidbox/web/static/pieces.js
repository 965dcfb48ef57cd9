// Pieces explain themselves: loads a game's piece texts from the server (they come from the
// game's data file) and shows them as a tooltip on hover or keyboard focus, and as a detail
// panel on a long press, a right click, or a tap while "Explain" is on (phones have no hover).

import { explaining, pieceInfo, setPieces } from "./svg.js";
import { t } from "./i18n.js";

const books = {};

// `proposed`: the book with the PROPOSED values marked (designers' tables); players' books
// have no marks. The page's last choice holds for the calls that do not say (autopass.js).
let marked = false;

export async function loadPieces(game, proposed = marked) {
  if (!game) return null;
  marked = proposed;
  const key = `${game}${proposed ? "?proposed=1" : ""}`;
  if (!books[key]) {
    books[key] = fetch(`/api/games/${encodeURIComponent(game)}/pieces${proposed ? "?proposed=1" : ""}`)
      .then((response) => (response.ok ? response.json() : { pieces: {}, colours: {} }))
      .catch(() => ({ pieces: {}, colours: {} }));
  }
  const book = await books[key];
  if (proposed === marked) setPieces(book);  // a book asked for before the page chose waits
  return book;
}

// The piece's note (what is on it now), name, values (PROPOSED ones marked) and text.
function describe(info, container, note) {
  if (note) {
    const now = document.createElement("p");
    now.className = "piece-note";
    now.textContent = note;
    container.appendChild(now);
  }
  const heading = document.createElement("p");
  heading.className = "piece-name";
  heading.textContent = info.name;
  const kind = document.createElement("span");
  kind.className = "piece-kind";
  kind.textContent = ` · ${info.kind}`;
  heading.appendChild(kind);
  container.appendChild(heading);
  if ((info.values || []).length) {
    const list = document.createElement("dl");
    list.className = "piece-values";
    for (const value of info.values) {
      const term = document.createElement("dt");
      term.textContent = value.label;
      const detail = document.createElement("dd");
      detail.textContent = String(value.value);
      if (value.proposed) {
        const mark = document.createElement("abbr");
        mark.className = "proposed-mark";
        mark.title = t("PROPOSED: the rulebook is silent; compare with your printed copy");
        mark.textContent = ` ${t("proposed")}`;
        detail.appendChild(mark);
      }
      list.append(term, detail);
    }
    container.appendChild(list);
  }
  if (info.text) {
    const text = document.createElement("p");
    text.className = "piece-text";
    text.textContent = info.text;
    container.appendChild(text);
  }
}

let tooltip = null;

function showTooltip(node) {
  const info = pieceInfo(node.dataset.piece);
  if (!info) return;
  hideTooltip();
  tooltip = document.createElement("div");
  tooltip.className = "piece-tooltip";
  tooltip.setAttribute("role", "tooltip");
  describe(info, tooltip, node.dataset.note);
  document.body.appendChild(tooltip);
  const box = node.getBoundingClientRect();
  const width = tooltip.offsetWidth;
  const left = Math.min(Math.max(4, box.left + box.width / 2 - width / 2), window.innerWidth - width - 4);
  const below = box.bottom + 6 + tooltip.offsetHeight < window.innerHeight;
  tooltip.style.left = `${left + window.scrollX}px`;
  tooltip.style.top = `${(below ? box.bottom + 6 : box.top - tooltip.offsetHeight - 6) + window.scrollY}px`;
}

function hideTooltip() {
  tooltip?.remove();
  tooltip = null;
}

export function openPanel(key, note) {
  const info = pieceInfo(key);
  if (!info) return;
  closePanel();
  hideTooltip();
  const panel = document.createElement("div");
  panel.className = "piece-panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", info.name);
  panel.dataset.piece = key;
  describe(info, panel, note);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "secondary";
  close.textContent = t("Close");
  close.addEventListener("click", closePanel);
  panel.appendChild(close);
  document.body.appendChild(panel);
  close.focus();
}

export function closePanel() {
  document.querySelectorAll(".piece-panel").forEach((node) => node.remove());
}

function pieceNode(event) {
  return event.target?.closest?.("[data-piece]") ?? null;
}

const FOCUSABLE = "[tabindex]:not([tabindex='-1'])";

// Arrow keys on the board move focus to the nearest piece or target in that direction (Tab
// still walks them in drawing order; Enter or Space plays, see clickable in svg.js).
function moveFocus(root, from, key) {
  const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  const centre = (node) => {
    const box = node.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [x0, y0] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const node of root.querySelectorAll(FOCUSABLE)) {
    if (node === from || node.contains(from) || from.contains(node)) continue;
    const [x, y] = centre(node);
    const along = (x - x0) * dx + (y - y0) * dy;
    if (along <= 1) continue;
    const across = Math.abs((x - x0) * dy) + Math.abs((y - y0) * dx);
    const score = along + 2 * across;
    if (score < bestScore) { best = node; bestScore = score; }
  }
  return best;
}

// A visible ring around the board element focused by keyboard (outlines are not drawn for SVG
// groups in every browser). The element's box is in its own coordinates (it may sit in a moved
// group), so it is carried into the board's before the ring, a child of the board, is drawn.
function ringAround(node) {
  const svg = node.ownerSVGElement;
  if (!svg || typeof node.getBBox !== "function" || !node.matches(":focus-visible")) return;
  const box = node.getBBox();
  const toBoard = svg.getScreenCTM()?.inverse().multiply(node.getScreenCTM());
  if (!toBoard) return;
  const corners = [[box.x, box.y], [box.x + box.width, box.y], [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height]].map(([x, y]) => new DOMPoint(x, y).matrixTransform(toBoard));
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  const ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [name, value] of Object.entries({ x: left - 4, y: top - 4, width: Math.max(...xs) - left + 8,
    height: Math.max(...ys) - top + 8, rx: 8, fill: "none", stroke: "#1b1f24", "stroke-width": 3,
    "stroke-dasharray": "6 3", class: "focus-ring", "pointer-events": "none" })) {
    ring.setAttribute(name, String(value));
  }
  svg.appendChild(ring);
}

function removeRings(root) {
  root.querySelectorAll(".focus-ring").forEach((ring) => ring.remove());
}

// Listen on `root` (the board, the log…) for pieces; the drawings only mark them.
export function explainPieces(root) {
  root.addEventListener("keydown", (event) => {
    if (!event.key.startsWith("Arrow") || !event.target.closest?.(FOCUSABLE)) return;
    const next = moveFocus(root, event.target.closest(FOCUSABLE), event.key);
    if (next) { event.preventDefault(); next.focus(); }
  });
  root.addEventListener("focusin", (event) => {
    removeRings(root);
    const node = event.target.closest?.(FOCUSABLE);
    if (node && node !== root) ringAround(node);
  });
  root.addEventListener("focusout", () => removeRings(root));
  root.addEventListener("pointerover", (event) => {
    const node = pieceNode(event);
    if (node && event.pointerType === "mouse") showTooltip(node);
  });
  root.addEventListener("pointerout", (event) => {
    if (pieceNode(event)) hideTooltip();
  });
  // Keyboard focus shows the tooltip; a tap or click (which also focuses) does not, so playing
  // a piece on a phone leaves no tooltip over the board.
  root.addEventListener("focusin", (event) => {
    const node = pieceNode(event);
    if (node && node.matches(":focus-visible")) showTooltip(node);
  });
  root.addEventListener("pointerdown", hideTooltip);
  root.addEventListener("focusout", hideTooltip);
  root.addEventListener("contextmenu", (event) => {
    const node = pieceNode(event);
    if (!node) return;
    event.preventDefault();
    openPanel(node.dataset.piece, node.dataset.note);
  });
  root.addEventListener("click", (event) => {
    const node = pieceNode(event);
    if (!node) return;
    if (explaining() || !node.classList.contains("clickable")) openPanel(node.dataset.piece, node.dataset.note);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { closePanel(); hideTooltip(); }
  });
}

// The "Explain" switch: while on, tapping a piece opens its details instead of playing it.
export function explainSwitch(button) {
  button.setAttribute("aria-pressed", "false");
  button.addEventListener("click", () => {
    const on = !explaining();
    document.body.dataset.explain = on ? "on" : "off";
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? t("Explain: on (tap a piece)") : t("Explain pieces");
  });
}
