// Pieces explain themselves: loads a game's piece texts from the server (they come from the
// game's data file) and shows them as a tooltip on hover or keyboard focus, and as a detail
// panel on a long press, a right click, or a tap while "Explain" is on (phones have no hover).

import { explaining, pieceInfo, setPieces } from "./svg.js";

const books = {};

export async function loadPieces(game) {
  if (!game) return null;
  if (!books[game]) {
    books[game] = fetch(`/api/games/${encodeURIComponent(game)}/pieces`)
      .then((response) => (response.ok ? response.json() : { pieces: {}, colours: {} }))
      .catch(() => ({ pieces: {}, colours: {} }));
  }
  const book = await books[game];
  setPieces(book);
  return book;
}

// The piece's name, values (PROPOSED ones marked) and text, as HTML elements.
function describe(info, container) {
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
        mark.title = "PROPOSED: the rulebook is silent; compare with your printed copy";
        mark.textContent = " proposed";
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
  describe(info, tooltip);
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

export function openPanel(key) {
  const info = pieceInfo(key);
  if (!info) return;
  closePanel();
  hideTooltip();
  const panel = document.createElement("div");
  panel.className = "piece-panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", info.name);
  panel.dataset.piece = key;
  describe(info, panel);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "secondary";
  close.textContent = "Close";
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

// Listen on `root` (the board, the log…) for pieces; the drawings only mark them.
export function explainPieces(root) {
  root.addEventListener("pointerover", (event) => {
    const node = pieceNode(event);
    if (node && event.pointerType === "mouse") showTooltip(node);
  });
  root.addEventListener("pointerout", (event) => {
    if (pieceNode(event)) hideTooltip();
  });
  root.addEventListener("focusin", (event) => {
    const node = pieceNode(event);
    if (node) showTooltip(node);
  });
  root.addEventListener("focusout", hideTooltip);
  root.addEventListener("contextmenu", (event) => {
    const node = pieceNode(event);
    if (!node) return;
    event.preventDefault();
    openPanel(node.dataset.piece);
  });
  root.addEventListener("click", (event) => {
    const node = pieceNode(event);
    if (!node) return;
    if (explaining() || !node.classList.contains("clickable")) openPanel(node.dataset.piece);
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
    button.textContent = on ? "Explain: on (tap a piece)" : "Explain pieces";
  });
}
