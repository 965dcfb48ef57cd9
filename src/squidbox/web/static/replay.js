// The replay of a finished table, step by step: buttons (first, back, forward, last), the keys
// ← → Home End, and a slider; seen as any seat or as the spectator (each seat's view as it was
// then); the log up to the step beside the board; a download of the game record and the page's
// own address to share (it keeps the step and the seat: ?step=12&seat=1).
// Views come from GET /api/tables/<id>/replay/<step>?seat=N, computed by the engine; the board
// is drawn by the game's own drawing (/games/<id>/table.js), with nothing to click but the
// better move of a reviewed decision (review.js: a seat's review of its own decisions, shown
// when the page is seen as a seat this browser holds the link of; ?review=1 asks for it).

import { t } from "./i18n.js";
import { withSeatColours } from "./logtext.js";
import { copyRow } from "./copy.js";
import { makeReview } from "./review.js";
import { explainPieces, loadPieces } from "./pieces.js";
import { setLog, shownName, textWithPieces } from "./svg.js";

const app = document.getElementById("replay-app");
const tableId = app.dataset.table;
const api = `/api/tables/${encodeURIComponent(tableId)}`;
const cache = new Map();  // "seat:step" -> the step's answer
let summary = null;
let step = 0;
let viewer = null;  // a seat number, or null for the spectator
let wanted = 0;  // the newest request: an older answer arriving late is not drawn
let drawer = null;
let review = null;  // the review panel (review.js)
const elements = {};

function node(tag, attributes = {}, text) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

function status(text) {
  document.getElementById("replay-status").textContent = text;
}

// ---- the page -----------------------------------------------------------------------------
function build(gameName) {
  const title = document.getElementById("replay-title");
  title.textContent = t("Replay of {game} · table {table}", { game: gameName, table: tableId });
  document.title = `${title.textContent} · squidbox`;
  status("");
  if (summary.outdated) {
    const notice = node("p", { id: "outdated", class: "panel problem", role: "status" });
    notice.textContent = t("Finished under older rules: {reason}. The replay stops at step "
      + "{steps}, the last one that replays here; the game record keeps every action.",
    { reason: summary.outdated, steps: summary.steps });
    app.appendChild(notice);
  }
  for (const note of summary.notes || []) {
    app.appendChild(node("p", { class: "muted replay-note" }, t("Note: {note}.", { note })));
  }
  const controls = node("div", { class: "replay-controls", role: "group", "aria-label": t("Steps") });
  elements.first = button("replay-first", t("First"), "«", () => go(0));
  elements.back = button("replay-back", t("Back"), "◀", () => go(step - 1));
  elements.forward = button("replay-forward", t("Forward"), "▶", () => go(step + 1));
  elements.last = button("replay-last", t("Last"), "»", () => go(summary.steps));
  elements.slider = node("input", {
    id: "replay-slider", type: "range", min: "0", max: String(summary.steps), step: "1",
    "aria-label": t("Step"),
  });
  elements.slider.addEventListener("input", () => go(Number(elements.slider.value)));
  elements.label = node("output", { id: "replay-step", "aria-live": "polite", for: "replay-slider" });
  const seen = node("label", { class: "replay-viewer" }, t("Seen as") + " ");
  elements.viewer = node("select", { id: "replay-viewer" });
  elements.viewer.appendChild(node("option", { value: "" }, t("Spectator (public)")));
  for (const seat of summary.seats) {
    const who = seat.player ? `${shownName(seat.name)} (${seat.player})` : shownName(seat.name);
    elements.viewer.appendChild(node("option", { value: String(seat.seat) }, who));
  }
  elements.viewer.value = viewer === null ? "" : String(viewer);
  elements.viewer.addEventListener("change", () => {
    viewer = elements.viewer.value === "" ? null : Number(elements.viewer.value);
    review.update();
    go(step, true);
  });
  seen.appendChild(elements.viewer);
  controls.append(elements.first, elements.back, elements.slider, elements.forward,
    elements.last, elements.label, seen);
  app.appendChild(controls);
  elements.move = node("p", { id: "replay-move", class: "last-move" });
  app.appendChild(elements.move);
  review = makeReview({
    tableId, api, viewer: () => viewer, step: () => step, go: (target) => go(target, true),
    redraw: () => go(step, true),
  });

  const grid = node("div", { class: "table-grid" });
  const boardPanel = node("section", { class: "board-panel", "aria-label": t("Board") });
  elements.board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  elements.board.id = "board";
  elements.board.setAttribute("class", "board");
  elements.board.setAttribute("role", "group");
  elements.board.setAttribute("aria-label", t("{game} board", { game: gameName }));
  boardPanel.append(review.note, elements.board);  // the better move's note, over the board
  const side = node("aside", { class: "side-panel" });
  const logSection = node("section", { "aria-labelledby": "log-title" });
  logSection.appendChild(node("h2", { id: "log-title" }, t("Log up to this step")));
  elements.log = node("ol", { id: "log", class: "log", tabindex: "0", "aria-labelledby": "log-title" });
  logSection.appendChild(elements.log);
  side.append(review.section, logSection, recordSection());
  grid.append(boardPanel, side);
  app.appendChild(grid);
  explainPieces(elements.board);
  explainPieces(elements.log);
  review.update();
}

function button(id, text, symbol, action) {
  const made = node("button", { id, type: "button", class: "secondary", "aria-label": text });
  made.textContent = `${symbol} ${text}`;
  made.addEventListener("click", action);
  return made;
}

function recordSection() {
  const section = node("section", { "aria-labelledby": "record-title" });
  section.appendChild(node("h2", { id: "record-title" }, t("Game record")));
  const download = node("a", {
    id: "record-download", href: summary.record_url, download: `squidbox-${summary.game}-${tableId}.json`,
  }, t("Download the game record (JSON)"));
  const line = node("p");
  line.appendChild(download);
  section.append(line);
  section.appendChild(copyRow(t("Share this replay"), shareUrl(false)));
  elements.share = section.querySelector(".copy-field");
  const back = node("p");
  back.appendChild(node("a", { href: `/t/${encodeURIComponent(tableId)}` }, t("Back to the table")));
  back.append(" · ");
  back.appendChild(node("a", { href: "/" }, t("Lobby")));
  section.appendChild(back);
  section.appendChild(developerNote());
  return section;
}

// What the record holds and how to step through it in a terminal: folded, after the links a
// player wants, so that the page reads as the replay first.
function developerNote() {
  const note = node("details", { id: "developer-note", class: "developer-note" });
  note.appendChild(node("summary", {}, t("For developers")));
  const text = node("p", { class: "muted" }, t("The game record holds the seed, the options, the "
    + "data, the rules and data version and every action; in a terminal, this steps through it:"));
  const command = node("pre");
  command.appendChild(node("code", {}, "squidbox replay FILE"));
  note.append(text, command);
  return note;
}

function shareUrl(withStep = true) {
  const query = new URLSearchParams();
  if (withStep && step) query.set("step", String(step));
  if (viewer !== null) query.set("seat", String(viewer));
  const text = query.toString();
  return `/replay/${encodeURIComponent(tableId)}${text ? `?${text}` : ""}`;
}

// The address bar keeps a ?lang= the page was opened with (the shared address does not: its
// reader sees their own language).
// So does a review shown (?review=1: a reload asks for it again).
function addressUrl() {
  const lang = new URLSearchParams(window.location.search).get("lang");
  const url = new URL(shareUrl(), window.location.origin);
  if (lang) url.searchParams.set("lang", lang);
  if (review?.shown()) url.searchParams.set("review", "1");
  return `${url.pathname}${url.search}`;
}

// ---- stepping -----------------------------------------------------------------------------
async function go(target, force = false) {
  const next = Math.max(0, Math.min(summary.steps, target));
  if (next === step && !force && app.dataset.ready) return;
  step = next;
  const request = ++wanted;
  markControls();
  const answer = await fetchStep(step, viewer);
  if (request !== wanted) return;
  if (answer.error) {
    showError(answer.error);
    return;
  }
  await render(answer);
}

async function fetchStep(number, seat) {
  const key = `${seat ?? ""}:${number}`;
  if (cache.has(key)) return cache.get(key);
  const query = seat === null ? "" : `?seat=${seat}`;
  try {
    const response = await fetch(`${api}/replay/${number}${query}`);
    const body = await response.json();
    if (!response.ok) return { error: body.error || t("the server answered {status}", { status: response.status }) };
    cache.set(key, body);
    return body;
  } catch {
    return { error: t("The server cannot be reached; try again.") };
  }
}

function markControls() {
  elements.first.disabled = elements.back.disabled = step === 0;
  elements.forward.disabled = elements.last.disabled = step === summary.steps;
  elements.slider.value = String(step);
  elements.label.textContent = t("Step {step} of {steps}", { step, steps: summary.steps });
  app.dataset.step = String(step);
  delete app.dataset.ready;
}

async function render(answer) {
  const view = answer.view;
  const names = (view.seat_names || []).map(shownName);
  const before = step > 0 ? cache.get(`${viewer ?? ""}:${step - 1}`)?.log?.length : 0;
  renderMove(answer.move, names);
  renderLog(answer.log, before, view);
  setLog(answer.log);
  if (!drawer) drawer = await import(`/games/${encodeURIComponent(summary.game)}/table.js`);
  const better = review.betterMove();  // highlighted as the table shows a piece to click
  drawer.draw(elements.board, view, better ? [better.action] : [],
    better ? { [better.action]: better.label } : {}, () => review.note.scrollIntoView({ block: "nearest" }));
  review.showStep();
  if (elements.share) elements.share.value = new URL(shareUrl(), window.location.origin).href;
  history.replaceState(null, "", addressUrl());
  app.dataset.viewer = viewer === null ? "" : String(viewer);
  app.dataset.ready = `${viewer ?? ""}:${step}`;
  hideError();
}

function renderMove(move, names) {
  let text;
  if (!move) text = t("Step 0: the deal, before anyone decides.");
  else if (move.action === null) {
    text = t("Step {step}: {name} made a choice this seat did not see.", { step, name: names[move.seat] });
  } else {
    text = t("Step {step}: {name} · {action}", { step, name: names[move.seat], action: move.label || move.action });
  }
  if (step === summary.steps && summary.steps === summary.actions) text += ` ${t("(the last step)")}`;
  elements.move.textContent = text;
}

// The whole log up to this step; the entries this step added (when the step before is known)
// are marked, and the list shows its end.
function renderLog(log, before, view) {
  elements.log.replaceChildren();
  log.forEach((event, index) => {
    const item = node("li");
    item.replaceChildren(...withSeatColours(textWithPieces(event.text ?? JSON.stringify(event)), event, view));
    if (event.type) item.dataset.type = event.type;
    if (before !== undefined && index >= before) item.classList.add("fresh");
    elements.log.appendChild(item);
  });
  elements.log.scrollTop = elements.log.scrollHeight;
}

function showError(text) {
  let box = document.getElementById("replay-error");
  if (!box) {
    box = node("p", { id: "replay-error", class: "error", role: "alert" });
    app.insertBefore(box, elements.move);
  }
  box.textContent = text;
  box.hidden = false;
}

function hideError() {
  const box = document.getElementById("replay-error");
  if (box) box.hidden = true;
}

// ← → step, Home End go to the ends; not while typing in a field or choosing in a list, and
// the slider's own arrow keys already move it.
function onKey(event) {
  if (!summary || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest?.("input, select, textarea")) return;
  const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: summary.steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  go(moves[event.key]);
}

// ---- start --------------------------------------------------------------------------------
function refused(text) {
  status("");
  const box = node("section", { class: "panel problem", role: "alert", id: "replay-refused" });
  box.appendChild(node("h2", {}, t("No replay")));
  box.appendChild(node("p", {}, text));
  const links = node("p");
  links.appendChild(node("a", { href: `/t/${encodeURIComponent(tableId)}` }, t("Go to the table")));
  links.append(" · ");
  links.appendChild(node("a", { href: "/" }, t("Lobby")));
  box.appendChild(links);
  app.appendChild(box);
  app.dataset.problem = "refused";
}

async function start() {
  const query = new URLSearchParams(window.location.search);
  let answer;
  let names = {};
  try {
    const [response, games] = await Promise.all([fetch(`${api}/replay`), fetch("/api/games")]);
    answer = await response.json();
    if (games.ok) names = Object.fromEntries((await games.json()).map((g) => [g.id, g.name]));
    if (!response.ok) {
      refused(answer.error || t("the server answered {status}", { status: response.status }));
      return;
    }
  } catch {
    refused(t("The server cannot be reached; reload the page to try again."));
    return;
  }
  summary = answer;
  const seat = query.get("seat");
  viewer = seat !== null && /^\d+$/.test(seat) && Number(seat) < summary.players ? Number(seat) : null;
  const wantedStep = Number(query.get("step"));
  await loadPieces(summary.game);
  build(names[summary.game] || summary.game);
  document.addEventListener("keydown", onKey);
  await go(Number.isInteger(wantedStep) && wantedStep >= 0 ? wantedStep : 0, true);
  if (query.get("review") === "1") await review.load();
}

start();
