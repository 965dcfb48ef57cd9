// The fallback board: any game's view drawn as a readable tree of keys and values.

import { el, prepare, shorten } from "../svg.js";

const LINE = 16;
const INDENT = 14;
const MAX_LINES = 400;

// The tree is read-only: legal actions stay reachable through the action buttons.
export function draw(svg, view) {
  const lines = [];
  walk(view?.state ?? view, "state", 0, lines);
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push({ depth: 0, text: `… ${lines.length - MAX_LINES} more lines` });
  const height = Math.max(60, shown.length * LINE + 20);
  prepare(svg, 640, height);
  el(svg, "rect", { x: 0, y: 0, width: 640, height, fill: "#fbfaf6" });
  shown.forEach((line, i) => {
    el(svg, "text", { x: 10 + line.depth * INDENT, y: 20 + i * LINE, class: "tree-line",
      "font-size": 12, "font-family": "ui-monospace, monospace" }, shorten(line.text, 90 - line.depth * 2));
  });
}

function walk(value, key, depth, lines) {
  if (value === null || typeof value !== "object") {
    lines.push({ depth, text: `${key}: ${JSON.stringify(value)}` });
    return;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  if (entries.every(([, v]) => v === null || typeof v !== "object") && entries.length <= 12) {
    const body = entries.map(([k, v]) => (Array.isArray(value) ? JSON.stringify(v) : `${k}=${JSON.stringify(v)}`));
    lines.push({ depth, text: `${key}: ${Array.isArray(value) ? "[" : "{"}${body.join(", ")}${Array.isArray(value) ? "]" : "}"}` });
    return;
  }
  lines.push({ depth, text: `${key}:` });
  for (const [k, v] of entries) walk(v, k, depth + 1, lines);
}
