// The log as people read it: a run of passes (or of SQUID's hidden votes) in a row reads as one
// line ("Blue, Green and Yellow pass."), and the seats an entry names (`named_seats`, from the
// engine, and the seat that acts) are marked in their colours.

import { t } from "./i18n.js";
import { seatColour, shownName } from "./svg.js";

const FOLDED = new Set(["pass", "vote"]);

function foldedText(type, names) {
  const values = { names: names.slice(0, -1).join(", "), last: names[names.length - 1] };
  return type === "pass" ? t("{names} and {last} pass.", values) : t("{names} and {last} have voted.", values);
}

function seatNameOf(view, seat) {
  return shownName(view.seat_names?.[seat] ?? "");
}

// The entries to show: each run of one kind of foldable entry, one seat after another, is one.
export function readableLog(log, view) {
  const lines = [];
  for (const event of log) {
    const last = lines[lines.length - 1];
    const foldable = FOLDED.has(event.type) && Number.isInteger(event.seat);
    if (foldable && last?.folded && last.type === event.type && !last.folded.includes(event.seat)) {
      const folded = [...last.folded, event.seat];
      lines[lines.length - 1] = {
        type: event.type, folded, named_seats: folded,
        text: foldedText(event.type, folded.map((seat) => seatNameOf(view, seat))),
      };
    } else {
      lines.push(foldable ? { ...event, folded: [event.seat] } : event);
    }
  }
  return lines;
}

function escaped(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// `nodes` (an entry's text, piece names already marked) with the names of its seats marked, in
// the colours the board gives them (`colourOf`, the game drawing's seatColourOf, where it has one).
export function withSeatColours(nodes, event, view, colourOf = null) {
  const seats = new Set(event.named_seats || []);
  if (Number.isInteger(event.seat)) seats.add(event.seat);
  const bySeatName = new Map();
  for (const seat of seats) {
    const name = seatNameOf(view, seat);
    if (name) bySeatName.set(name, seat);
  }
  if (!bySeatName.size) return nodes;
  const names = [...bySeatName.keys()].sort((a, b) => b.length - a.length).map(escaped);
  const finder = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.join("|")})(?![\\p{L}])`, "gu");
  return nodes.flatMap((node) => {
    if (node.nodeType !== Node.TEXT_NODE) return [node];
    const text = node.textContent;
    const parts = [];
    let at = 0;
    for (const match of text.matchAll(finder)) {
      if (match.index > at) parts.push(document.createTextNode(text.slice(at, match.index)));
      const seat = bySeatName.get(match[0]);
      const mark = document.createElement("span");
      mark.className = "log-seat";
      mark.dataset.seat = String(seat);
      mark.style.setProperty("--seat-colour", colourOf?.(view, seat) || seatColour(view.seat_names?.[seat], seat));
      mark.textContent = match[0];
      parts.push(mark);
      at = match.index + match[0].length;
    }
    if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
    return parts;
  });
}
