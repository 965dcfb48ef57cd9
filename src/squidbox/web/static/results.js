// The results panel at the end of a game: rank, points, the game's own breakdown, the
// tie-breaks in words and what scored, from GET /api/tables/<id>/results; and the Rematch
// button for seat holders.

import { t } from "./i18n.js";

const panel = document.getElementById("results");
let shownFor = null;

export function hideResults() {
  if (!panel) return;
  panel.hidden = true;
  shownFor = null;
}

export async function showResults(tableId, rematch) {
  if (!panel || shownFor === tableId) return;
  shownFor = tableId;
  let results;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/results`);
    if (!response.ok) throw new Error(t("results answered {status}", { status: response.status }));
    results = await response.json();
  } catch (error) {
    shownFor = null;
    console.warn("No results panel:", error);
    return;
  }
  panel.replaceChildren();
  const heading = document.createElement("h2");
  heading.id = "results-title";
  heading.textContent = t("Game over: {summary}", { summary: results.summary });
  panel.appendChild(heading);
  // The table scrolls inside its own box on a narrow screen; the page never scrolls sideways.
  const wrapper = document.createElement("div");
  wrapper.className = "results-scroll";
  wrapper.style.overflowX = "auto";
  wrapper.style.maxWidth = "100%";
  wrapper.tabIndex = 0;
  wrapper.setAttribute("role", "region");
  wrapper.setAttribute("aria-label", t("Results table"));
  wrapper.appendChild(resultsTable(results));
  panel.appendChild(wrapper);
  if (results.tie_break) panel.appendChild(paragraph(results.tie_break, "tie-break"));
  if ((results.rating_changes || []).length) panel.appendChild(ratingChanges(results));
  if ((results.details || []).length) {
    const details = document.createElement("details");
    details.open = true;
    const summary = document.createElement("summary");
    // Only games that score points say "scored"; SQUID and Squid Game are won otherwise.
    summary.textContent = ["points", "Clout", "crowns"].includes(results.points_name)
      ? t("How the {points} were scored", { points: t(results.points_name) }) : t("How the game was decided");
    const list = document.createElement("ul");
    list.className = "score-details";
    for (const line of results.details) {
      const item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    }
    details.append(summary, list);
    panel.appendChild(details);
  }
  panel.appendChild(replayLinks(tableId));
  if (rematch) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "rematch-button";
    button.textContent = t("Rematch (same seats, new shuffle)");
    button.addEventListener("click", () => { button.disabled = true; rematch(); });
    panel.appendChild(button);
  }
  panel.hidden = false;
}

// A rated game's rating change per player (server/ratings.py): "Ana 1000 → 1012 (+12)".
function ratingChanges(results) {
  const seatNames = Object.fromEntries(results.rows.map((row) => [row.seat, row.name]));
  const list = document.createElement("ul");
  list.className = "results-ratings";
  list.setAttribute("aria-label", t("Rating changes"));
  for (const change of results.rating_changes) {
    const item = document.createElement("li");
    item.dataset.seat = String(change.seat);
    const sign = change.change > 0 ? "+" : "";
    item.textContent = t("{name}: rating {before} → {after} ({change})", { name: change.name || seatNames[change.seat],
      before: change.before, after: change.after, change: `${sign}${change.change}` })
      + (change.abandoned ? ` · ${t("left the game: counted as a loss")}` : "");
    list.appendChild(item);
  }
  return list;
}

// The finished game's replay page and its game record (server/replays.py).
function replayLinks(tableId) {
  const id = encodeURIComponent(tableId);
  const line = paragraph("", "replay-links");
  const replay = document.createElement("a");
  replay.id = "replay-link";
  replay.href = `/replay/${id}`;
  replay.textContent = t("Watch the replay, move by move");
  const record = document.createElement("a");
  record.id = "record-link";
  record.href = `/api/tables/${id}/record`;
  record.download = `squidbox-${tableId}.json`;
  record.textContent = t("Download the game record (JSON)");
  line.append(replay, " · ", record);
  return line;
}

function paragraph(text, className) {
  const node = document.createElement("p");
  node.className = className;
  node.textContent = text;
  return node;
}

function resultsTable(results) {
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  const table = document.createElement("table");
  table.className = "results-table";
  const head = table.createTHead().insertRow();
  for (const name of [t("Rank"), t("Player"), t(results.points_name), ...results.columns.map((column) => t(column))]) {
    const cell = document.createElement("th");
    cell.textContent = name;
    head.appendChild(cell);
  }
  const body = table.createTBody();
  for (const row of results.rows) {
    const line = body.insertRow();
    line.dataset.seat = String(row.seat);
    if (row.winner) line.classList.add("winner");
    const values = [row.rank, `${row.name}${row.winner ? ` ${t("(wins)")}` : ""}`, row.points ?? "", ...row.breakdown];
    for (const value of values) line.insertCell().textContent = String(value);
  }
  wrap.appendChild(table);
  return wrap;
}
