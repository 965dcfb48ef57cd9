// A table: connects to /ws/tables/<id>, keeps the seat's token in localStorage, and renders
// the board (per-game SVG module), whose turn it is, the seats, all legal actions and the log.

import { setUpAutoPass } from "./autopass.js";
import { closeChooser, pieceInfo, setLog, textWithPieces } from "./svg.js";
import { closePanel, explainPieces, explainSwitch, loadPieces } from "./pieces.js";
import { hideResults, showResults } from "./results.js";

const app = document.getElementById("table-app");
const tableId = app.dataset.table;
const storageKey = `squidbox:table:${tableId}`;
const elements = {
  title: document.getElementById("table-title"),
  connection: document.getElementById("connection"),
  turn: document.getElementById("turn"),
  error: document.getElementById("error"),
  board: document.getElementById("board"),
  actions: document.getElementById("actions"),
  seats: document.getElementById("seats"),
  log: document.getElementById("log"),
  rules: document.getElementById("rules-link"),
  explain: document.getElementById("explain-button"),
  pace: document.getElementById("pace-select"),
  lastMove: document.getElementById("last-move"),
  sound: document.getElementById("sound-toggle"),
};
const SOUND_KEY = "squidbox:sound";
let wasMyTurn = false;
const PACE_KEY = "squidbox:pace";

const LOG_LENGTH = 300;

let seat = readSeat();
const resendAutoPass = setUpAutoPass(tableId, seat?.token, elements.actions);
let socket = null;
let retryDelay = 500;
let latest = null;
let waiting = false;
let drawer = null;
let drawerGame = null;
let gameNames = {};
let countdown = null;
// Other players' and bots' moves are shown one at a time: state messages wait in `queue` and
// are drawn `pace` milliseconds apart (a setting kept in this browser; the server never waits).
const queue = [];
let pumping = false;
let actedAt = 0;

function readSeat() {
  const params = new URLSearchParams(window.location.search);
  const token = params.get("token");
  if (token) {
    const stored = { seat: params.get("seat"), token };
    localStorage.setItem(storageKey, JSON.stringify(stored));
    history.replaceState(null, "", window.location.pathname);
    return stored;
  }
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) || "null");
    return stored && stored.token ? stored : null;
  } catch {
    return null;
  }
}

// The stored token was refused: the server treats this connection as a spectator's, and so
// does every later reconnect.
function forgetSeat() {
  localStorage.removeItem(storageKey);
  seat = null;
}

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = seat ? `?token=${encodeURIComponent(seat.token)}` : "";
  return `${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

function connect() {
  setConnection("Connecting…", "connecting");
  socket = new WebSocket(socketUrl());
  socket.addEventListener("open", () => {
    retryDelay = 500;
    setConnection(seat ? "Connected" : "Connected as a spectator", "connected");
    if (seat) resendAutoPass();
  });
  socket.addEventListener("message", (event) => receive(event.data));
  socket.addEventListener("close", () => {
    setConnection("Disconnected: reconnecting…", "disconnected");
    waiting = false;
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 8000);
  });
}

function setConnection(text, status) {
  elements.connection.textContent = text;
  elements.connection.dataset.status = status;
}

function receive(data) {
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  if (message.type === "state") {
    queue.push(message);
    pump();
  } else if (message.type === "rematch") {
    goToRematch(message.url);
  } else if (message.type === "error") {
    waiting = false;
    if (message.code === "bad_token" && seat && !latest) forgetSeat();
    showError(message.error || "The server refused that.", message.code);
    if (latest) renderActions(latest);
  }
}

function pace() {
  return Number(elements.pace?.value || 0);
}

// Draw the queued states in order. The answer to our own move is drawn at once; each later one
// waits `pace` ms so that a run of bot moves can be followed. While states wait, our buttons
// stay disabled (a decision must be taken on the newest state).
async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    const message = queue.shift();
    const ours = actedAt && message.version === (latest?.version ?? -1) + 1;
    if (latest && !ours && pace() > 0 && message.version > latest.version) {
      await new Promise((resolve) => setTimeout(resolve, latest.shownAt + pace() - Date.now()));
    }
    if (ours) actedAt = 0;
    await loadPieces(message.view?.game || message.table?.game || "");
    waiting = false;
    hideError();
    if (message.version !== latest?.version) { closeChooser(); closePanel(); }
    message.shownAt = Date.now();
    latest = message;
    render(message);
  }
  pumping = false;
}

// Two soft notes (Web Audio, nothing downloaded) when a decision becomes yours, if switched on.
function chime() {
  try {
    const audio = new AudioContext();
    [660, 880].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.08, audio.currentTime + i * 0.18);
      volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.3);
      tone.connect(volume).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.18);
      tone.stop(audio.currentTime + i * 0.18 + 0.3);
    });
  } catch {
    // no audio on this device
  }
}

function readPace() {
  const stored = localStorage.getItem(PACE_KEY);
  if (stored !== null && elements.pace) elements.pace.value = stored;
  elements.pace?.addEventListener("change", () => localStorage.setItem(PACE_KEY, elements.pace.value));
  if (elements.sound) {
    elements.sound.checked = localStorage.getItem(SOUND_KEY) === "on";
    elements.sound.addEventListener("change", () => localStorage.setItem(SOUND_KEY, elements.sound.checked ? "on" : "off"));
  }
}

function showError(text, code) {
  elements.error.textContent = code ? `${text} (${code})` : text;
  elements.error.hidden = false;
}

function hideError() {
  elements.error.hidden = true;
  elements.error.textContent = "";
}

async function act(action) {
  if (!latest || waiting || queue.length) return;
  closeChooser();
  waiting = true;
  actedAt = Date.now();
  renderActions(latest);
  const message = { type: "action", action, version: latest.version };
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(message));
    return;
  }
  await postAction(action);
}

async function postAction(action) {
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/actions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: seat?.token, action, version: latest.version }),
    });
    const body = await response.json();
    if (!response.ok) showError(body.error || "The server refused that.", body.code);
  } catch (error) {
    showError(`Could not reach the server: ${error}`);
  } finally {
    waiting = false;
    if (latest) renderActions(latest);
  }
}

// A rematch was made (by us or another seat holder): follow our own seat's link to it.
function goToRematch(url) {
  if (url) window.location.assign(url);
}

async function askRematch() {
  if (!seat) return;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: seat.token }),
    });
    const body = await response.json();
    if (!response.ok) showError(body.error || "The server refused the rematch.", body.code);
    else goToRematch(body.url);
  } catch (error) {
    showError(`Could not reach the server: ${error}`);
  }
}

function render(message) {
  const view = message.view || {};
  const table = message.table || {};
  app.dataset.version = String(message.version ?? "");
  app.dataset.game = view.game || table.game || "";
  renderTitle(view, table);
  renderTurn(message);
  renderSeats(view, table);
  renderActions(message);
  renderLog(message.log || []);
  renderLastMove(message.log || []);
  setLog(message.log || []);
  renderBoard(message);
  renderDeadline(message.deadline);
  if (view.is_terminal) showResults(tableId, seat ? askRematch : null);
  else hideResults();
}

function renderTitle(view, table) {
  const game = view.game || table.game || "";
  const name = gameNames[game] || game;
  elements.title.textContent = `${name} · table ${tableId}` + (table.variant ? ` · variant: ${table.variant}` : "");
  const yours = (view.to_move || []).includes(view.seat) && !view.is_terminal;
  document.title = `${yours ? "Your turn · " : ""}${name} · table ${tableId} · squidbox`;
  if (yours && !wasMyTurn && elements.sound?.checked) chime();
  wasMyTurn = yours;
  elements.rules.href = `/rules/${encodeURIComponent(game)}`;
}

function seatName(view, index) {
  return view.seat_names?.[index] ?? `Seat ${index + 1}`;
}

function renderTurn(message) {
  const view = message.view || {};
  const mine = view.seat;
  const names = (view.to_move || []).map((s) => seatName(view, s));
  let text;
  let status;
  if (view.is_terminal) {
    text = `Game over. ${resultText(view)}`;
    status = "over";
  } else if (mine !== null && mine !== undefined && (view.to_move || []).includes(mine)) {
    const others = names.filter((n) => n !== seatName(view, mine));
    text = `Your turn (${seatName(view, mine)})` + (others.length ? `; also deciding: ${others.join(", ")}` : "");
    status = "yours";
  } else {
    text = names.length ? `Waiting for ${names.join(", ")}` : "Waiting";
    status = "waiting";
  }
  elements.turn.textContent = text;
  elements.turn.dataset.status = status;
}

function resultText(view) {
  const returns = view.returns || [];
  if (!returns.length) return "";
  const best = Math.max(...returns);
  const winners = returns.map((r, i) => (r === best && best > 0 ? seatName(view, i) : null)).filter(Boolean);
  if (!winners.length) return "Nobody wins.";
  const verb = winners.length === 1 ? "wins" : "share the win";
  const mine = view.seat;
  const you = mine !== null && mine !== undefined && returns[mine] === best ? " (you)" : "";
  return `${winners.join(", ")} ${verb}${you}.`;
}

function renderSeats(view, table) {
  elements.seats.replaceChildren();
  const seats = table.seats || (view.seat_names || []).map((name, s) => ({ seat: s, name }));
  for (const info of seats) {
    const item = document.createElement("li");
    const index = info.seat;
    const parts = [seatName(view, index)];
    if (info.bot) parts.push(`bot: ${info.bot}`);
    if (index === view.seat) parts.push("you");
    if ((view.to_move || []).includes(index)) parts.push("to move");
    if (view.returns) parts.push(view.returns[index] === Math.max(...view.returns) && view.returns[index] > 0 ? "winner" : "not a winner");
    if (!info.bot && info.connected === false && index !== view.seat) parts.push("away");
    item.textContent = parts.join(" · ");
    if ((view.to_move || []).includes(index)) item.classList.add("to-move");
    if (index === view.seat) item.classList.add("me");
    elements.seats.appendChild(item);
  }
}

function renderActions(message) {
  const view = message.view || {};
  const legal = view.legal_actions || [];
  const labels = message.labels || {};
  elements.actions.replaceChildren();
  if (!legal.length) {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = view.seat === null || view.seat === undefined
      ? "You are watching. Open a seat link to play."
      : (view.is_terminal ? "The game is over." : "Nothing to decide right now.");
    elements.actions.appendChild(note);
    return;
  }
  for (const action of legal) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.action = action;
    button.disabled = waiting || queue.length > 0;
    button.textContent = labels[action] || action;
    const about = pieceInfo(`choice:${action}`);
    if (about) {
      const note = document.createElement("small");
      note.className = "action-about";
      note.textContent = about.text;
      button.appendChild(note);
    }
    if (labels[action] && labels[action] !== action) button.title = action;
    button.addEventListener("click", () => act(action));
    elements.actions.appendChild(button);
  }
}

// The newest event of the log above the board, so a move is seen where the eyes are.
function renderLastMove(log) {
  const last = log[log.length - 1];
  const text = last?.text ?? "";
  if (elements.lastMove.textContent !== `Last: ${text}`) {
    elements.lastMove.textContent = text ? `Last: ${text}` : "";
    elements.lastMove.classList.remove("fresh");
    void elements.lastMove.offsetWidth;  // restart the highlight animation
    elements.lastMove.classList.add("fresh");
  }
}

function renderLog(log) {
  const box = elements.log;
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.replaceChildren();
  const shown = log.slice(-LOG_LENGTH);
  box.start = log.length - shown.length + 1;
  for (const event of shown) {
    const item = document.createElement("li");
    item.replaceChildren(...textWithPieces(event.text ?? JSON.stringify(event)));
    if (event.type) item.dataset.type = event.type;
    box.appendChild(item);
  }
  if (nearBottom || box.dataset.scrolled !== "yes") {
    box.scrollTop = box.scrollHeight;
    box.dataset.scrolled = "yes";
  }
}

async function loadDrawer(game) {
  if (drawerGame === game && drawer) return drawer;
  try {
    drawer = await import(`/games/${encodeURIComponent(game)}/table.js`);
  } catch (error) {
    console.warn(`No board module for ${game}; showing the generic view.`, error);
    drawer = await import("./games/generic.js");
  }
  drawerGame = game;
  return drawer;
}

async function renderBoard(message) {
  const view = message.view || {};
  const game = view.game || message.table?.game || "";
  await loadPieces(game);
  const module = await loadDrawer(game);
  if (message !== latest) return;
  const legal = view.legal_actions || [];
  const labels = message.labels || {};
  const board = elements.board;
  board.setAttribute("aria-label", `${gameNames[view.game] || view.game} board`);
  try {
    module.draw(board, view, legal, labels, act);
    explainButtons();
  } catch (error) {
    console.warn("The board could not be drawn; showing the generic view.", error);
    const generic = await import("./games/generic.js");
    generic.draw(board, view, legal, labels, act);
  }
}

// An action button whose action a drawn piece plays ("activate 1A2" on an Employee's space)
// says which piece that is and what it does.
function explainButtons() {
  const notes = [];
  for (const node of elements.board.querySelectorAll("[data-piece][data-actions]")) {
    const info = pieceInfo(node.dataset.piece);
    if (!info?.text) continue;
    for (const action of JSON.parse(node.dataset.actions)) {
      const button = elements.actions.querySelector(`button[data-action="${CSS.escape(action)}"]`);
      if (button && !button.querySelector(".action-about")) notes.push([button, info, node.dataset.piece]);
    }
  }
  // A text shared by many pieces (every token of a team) would only repeat itself.
  const pieces = {};
  for (const [, info, key] of notes) (pieces[info.text] ||= new Set()).add(key);
  for (const [button, info] of notes) {
    if (pieces[info.text].size > 2 || button.textContent.includes(info.text)) continue;
    const note = document.createElement("small");
    note.className = "action-about";
    note.textContent = `${info.name}: ${info.text}`;
    button.appendChild(note);
  }
}

function renderDeadline(deadline) {
  if (countdown) clearInterval(countdown);
  countdown = null;
  const turn = elements.turn;
  turn.querySelector(".deadline")?.remove();
  if (!deadline) return;
  const span = document.createElement("span");
  span.className = "deadline";
  turn.appendChild(span);
  const tick = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    span.textContent = ` · ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
  };
  tick();
  countdown = setInterval(tick, 1000);
}

async function loadGameNames() {
  try {
    const response = await fetch("/api/games");
    const games = await response.json();
    gameNames = Object.fromEntries(games.map((g) => [g.id, g.name]));
    if (latest) renderTitle(latest.view || {}, latest.table || {});
  } catch {
    gameNames = {};
  }
}

loadGameNames();
readPace();
explainPieces(elements.board);
explainPieces(elements.log);
explainSwitch(elements.explain);
connect();
