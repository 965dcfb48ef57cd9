// A table: connects to /ws/tables/<id> (connection.js), holds this tab's seat (seats.js), and
// renders the board (per-game SVG module, whose pieces play the moves), the status bar (what
// to do, and buttons for the choices no piece plays), the player panels and the log, with
// others' moves animated. A page that cannot work (unknown table, refused seat link) says so
// and stays put.

import { setUpAutoPass } from "./autopass.js";
import { botLabel } from "./bots.js";
import { Connection, OFFLINE_TEXT, plainError } from "./connection.js";
import { describeSeat, forgetSeat, renderSwitcher, seatHref, seatOfThisTab } from "./seats.js";
import { durationText } from "./mytables.js";
import { animateChanges, claimedActions, clearSelection, closeChooser, onSelection, pieceInfo, seatColour, select, selection, setLog, shortLabel, shownName, snapshot, textWithPieces } from "./svg.js";
import { closePanel, explainPieces, explainSwitch, loadPieces } from "./pieces.js";
import { hideResults, showResults } from "./results.js";
import { readableLog, withSeatColours } from "./logtext.js";
import { t } from "./i18n.js";

const app = document.getElementById("table-app");
const tableId = app.dataset.table;
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
  switcher: document.getElementById("seat-switcher"),
  offline: document.getElementById("offline-banner"),
  clocks: document.getElementById("clocks"),
  settings: document.querySelector(".table-settings"),
};
const SOUND_KEY = "squidbox:sound";
let wasMyTurn = false;
const PACE_KEY = "squidbox:pace";

const LOG_LENGTH = 300;

const thisTab = seatOfThisTab(tableId);
let seat = thisTab.kind === "seat" ? { seat: thisTab.seat, token: thisTab.token } : null;
const resendAutoPass = setUpAutoPass(tableId, seat?.token, elements.settings || elements.actions);
const connection = new Connection(socketUrl, {
  message: receive, status: setConnection, fatal: connectionRefused,
});
let connected = false;
let connectionNote = "";  // why the last attempt was refused, for the banner
let anchor = null;  // the control clicked last: errors are shown next to it
let anchorAction = null;
let logCount = 0;  // entries of the log already shown, and the text of the last of them
let logTail = null;
let latest = null;
let waiting = false;
let drawer = null;
let drawerGame = null;
let gameNames = {};
let players = [];  // display names of seats taken by name (table.seats[].player), by seat
let countdown = null;
// Other players' and bots' moves are shown one at a time: state messages wait in `queue` and
// are drawn `pace` milliseconds apart (a setting kept in this browser; the server never waits).
const queue = [];
let pumping = false;
let actedAt = 0;

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const query = seat ? `?token=${encodeURIComponent(seat.token)}` : "";
  return `${scheme}://${window.location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

const CONNECTION_TEXT = {
  connecting: t("Connecting…"),
  connected: t("Connected"),
  disconnected: t("Disconnected: reconnecting…"),
};

function setConnection(status) {
  connected = status === "connected";
  if (connected && seat) resendAutoPass();  // a restarted server forgets it
  if (connected) connectionNote = "";
  const who = connected && !seat ? ` ${t("as a spectator")}` : "";
  elements.connection.textContent = CONNECTION_TEXT[status] + who;
  elements.connection.dataset.status = status;
  document.body.dataset.connection = status;
  elements.offline.hidden = status !== "disconnected";
  renderBanner();
  if (!connected) waiting = false;
  if (latest) { renderActions(latest); markBoard(); }
}

function renderBanner() {
  elements.offline.textContent = t("Connection lost: your moves are paused until the page is "
    + "connected again. Reconnecting by itself…") + (connectionNote ? ` (${connectionNote})` : "");
}

function receive(data) {
  let message;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  if (message.type === "state") {
    if (seat && message.view && message.view.seat !== seat.seat) {
      tokenRefused();  // the server no longer gives this token its seat
      return;
    }
    connection.welcomed();
    message.receivedAt = Date.now();  // time_left counts from here (the client's clock may differ)
    queue.push(message);
    pump();
  } else if (message.type === "rematch") {
    goToRematch(message.url);
  } else if (message.type === "error") {
    waiting = false;
    if (message.code === "bad_token" && seat) {
      tokenRefused(message.error);  // a seat's connection hears bad_token only then
      return;
    }
    if (message.retry_after) connection.retryAfter(message.retry_after);
    if (message.code === "stale" && sent && !sent.retried && connected) {
      // Another seat's move reached the server first (its state is on its way or queued):
      // the same choice is played again on the newest state if it is still ours to make.
      actedAt = 0;
      playWhenCurrent(sent.action, sent.choices, true);
      return;
    }
    if (!connected) {
      connectionNote = plainError(message.code, message.error);
      renderBanner();
      return;
    }
    showError(plainError(message.code, message.error), message.code);
    if (latest) renderActions(latest);
  }
}

// ---- pages that cannot work: they say why and what to do, and never reconnect -------------
function showProblem(kind, heading, paragraphs, links) {
  connection.stop();
  const section = document.createElement("section");
  section.className = "panel problem";
  section.setAttribute("role", "alert");
  const title = document.createElement("h1");
  title.textContent = heading;
  section.appendChild(title);
  for (const text of paragraphs) {
    const p = document.createElement("p");
    p.textContent = text;
    section.appendChild(p);
  }
  const list = document.createElement("ul");
  for (const [text, href] of links) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = href;
    link.textContent = text;
    item.appendChild(link);
    list.appendChild(item);
  }
  section.appendChild(list);
  app.dataset.problem = kind;
  app.replaceChildren(section);
  document.title = `${heading} · squidbox`;
}

const WATCH = () => [t("Watch table {table} as a spectator", { table: tableId }), seatHref(tableId, null)];
const LOBBY = [t("Go to the lobby"), "/"];

function tokenRefused(serverText) {
  const number = seat.seat + 1;
  const said = serverText ? [t("The server said: “{text}”.", { text: serverText })] : [];
  forgetSeat(tableId, seat.seat);
  renderSwitcher(elements.switcher, tableId, null);
  showProblem("bad-token", t("This seat link does not work"), [
    t("The server refused this browser's link for seat {number} of table {table}: the link "
      + "is mistyped or cut short, or the table's host has given this seat a new link (which "
      + "stops the old one at once).", { number, table: tableId }),
    ...said,
    t("What to do: ask the table's host for the seat's current link and open it here. Until "
      + "then you can watch the table."),
  ], [WATCH(), LOBBY]);
}

function noTokenHere(number) {
  showProblem("no-token", t("This browser holds no link for seat {number}", { number: number + 1 }), [
    t("A seat is played from the link with its secret token (…?seat={seat}&token=…), and this "
      + "browser has never opened that link for this table, or it was refused and forgotten.", { seat: number }),
    t("What to do: open your seat link in this browser, or ask the table's host for it. Until "
      + "then you can watch the table."),
  ], [WATCH(), LOBBY]);
}

function connectionRefused(reason) {
  if (reason === "unknown_table") {
    showProblem("unknown-table", t("There is no table {table}", { table: tableId }), [
      t("This server has no table with that name: the link is mistyped, or the table was "
        + "never created here."),
      t("What to do: check the link, or find or create a table in the lobby."),
    ], [LOBBY]);
  } else if (seat) {
    tokenRefused();
  } else {
    showProblem("refused", t("The server refused this page"), [
      t("The server would not open a connection for this page (it did not accept where the page "
        + "was loaded from)."),
      t("What to do: open the table from the server's own address, as the lobby links it."),
    ], [LOBBY]);
  }
}

function pace() {
  return Number(elements.pace?.value || 0);
}

// Draw the queued states in order. The answer to our own move is drawn at once; each later one
// waits `pace` ms so that a run of bot moves can be followed. A state stays in the queue until
// it is drawn, so that while states wait the page knows it is behind: the turn line says so
// and a click then skips the wait and is played on the newest state (`hurry`).
async function pump() {
  if (pumping) return;
  pumping = true;
  while (queue.length) {
    app.dataset.busy = "true";  // until this state's board and buttons are drawn
    if (latest) showCatchingUp();
    const message = queue[0];
    const ours = actedAt && message.version === (latest?.version ?? -1) + 1;
    if (latest && !ours && !hurry && pace() > 0 && message.version > latest.version) {
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, latest.shownAt + pace() - Date.now()); });
      wake = null;
    }
    if (ours) actedAt = 0;
    await loadPieces(message.view?.game || message.table?.game || "", showsProposed(message.table));
    await loadDrawer(message.view?.game || message.table?.game || "");  // its seat colours, for the log
    queue.shift();
    waiting = false;
    if (message.version !== latest?.version) { closeChooser(); closePanel(); clearSelection(); }
    message.animate = Boolean(latest) && !ours && !hurry && message.version > latest.version;
    message.shownAt = Date.now();
    latest = message;
    render(message);
    rememberNames(message);
  }
  pumping = false;
  hurry = false;
  if (afterCatchingUp) {
    const then = afterCatchingUp;
    afterCatchingUp = null;
    then();
  }
}
let hurry = false;  // a click while states wait: draw them at once
let wake = null;  // ends the current wait early
let afterCatchingUp = null;  // what to do once the newest state is drawn

// While other moves are still being shown one by one, the choices on screen are not the
// newest: the turn line says so instead of "your turn" (and the buttons are disabled).
function showCatchingUp() {
  if (elements.turn.dataset.status !== "yours") return;
  elements.turn.textContent = t("Showing the other players' moves…");
  elements.turn.dataset.status = "catching-up";
  for (const button of elements.actions.querySelectorAll("button")) button.disabled = true;
}

// Play `action` once the page shows the newest state, if it is still this seat's to choose
// there with the same choices as when it was clicked (a simultaneous decision, say: another
// seat's hidden choice changes nothing of ours). Else the page says the table changed.
function playWhenCurrent(action, choices, retried = false) {
  afterCatchingUp = () => {
    const legal = latest?.view?.legal_actions || [];
    if (legal.includes(action) && sameChoices(legal, choices)) act(action, retried);
    else showError(plainError("stale"), "stale");
  };
  hurry = true;
  wake?.();
  if (!pumping) pump();
}

const sameChoices = (a, b) => a.length === b.length && a.every((action, i) => action === b[i]);

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

// ---- errors next to what was clicked ----------------------------------------------------
// The control a click or key press was on (a chooser's buttons vanish with it, so the piece
// that opened the chooser stays the anchor).
function noteControl(event) {
  const control = event.target.closest?.("button, [role=button], a, select, input, [data-action]");
  if (!control || control.closest(".chooser") || control.closest("#error")) return;
  anchor = control;
  anchorAction = control.dataset?.action ?? null;
}

function anchorNow() {
  if (anchor?.isConnected) return anchor;
  if (!anchorAction) return null;
  const selector = `[data-action="${CSS.escape(anchorAction)}"]`;
  return elements.actions.querySelector(selector) || elements.board.querySelector(selector);
}

// Shown right below the clicked control (or at the top of the table without one), in plain
// words; the error code is kept in data-code. It stays until the next click elsewhere.
function showError(text, code) {
  const box = elements.error;
  box.textContent = text;
  if (code) box.dataset.code = code; else delete box.dataset.code;
  box.hidden = false;
  const target = anchorNow();
  if (!target) {
    box.classList.remove("near");
    box.style.left = box.style.top = "";
    return;
  }
  box.classList.add("near");
  const rect = target.getBoundingClientRect();
  const width = Math.min(box.offsetWidth, document.documentElement.clientWidth - 16);
  const left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
  // In the coordinates of the box's positioned ancestor (the page, or the one-screen table).
  const parent = box.offsetParent && box.offsetParent !== document.body ? box.offsetParent : null;
  const origin = parent ? parent.getBoundingClientRect() : { left: -window.scrollX, top: -window.scrollY };
  box.style.left = `${left - origin.left + (parent?.scrollLeft ?? 0)}px`;
  box.style.top = `${rect.bottom - origin.top + (parent?.scrollTop ?? 0) + 6}px`;
  box.scrollIntoView({ block: "nearest" });
}

function hideError() {
  elements.error.hidden = true;
  elements.error.textContent = "";
  delete elements.error.dataset.code;
}

async function act(action, retried = false) {
  if (!latest || waiting) return;
  if (queue.length) {  // clicked on a state that is no longer the newest
    playWhenCurrent(action, latest.view?.legal_actions || []);
    return;
  }
  closeChooser();
  hideError();
  if (!connected || !connection.send({ type: "action", action, version: latest.version })) {
    showError(OFFLINE_TEXT, "offline");
    return;
  }
  waiting = true;
  actedAt = Date.now();
  sent = { action, choices: latest.view?.legal_actions || [], retried };
  renderActions(latest);
}
let sent = null;  // this seat's last action on its way, kept to play it again if it was stale

// Take back this seat's last move (the server allows it only while the rules of undo do).
function undo() {
  if (!latest || waiting || queue.length) return;
  closeChooser();
  hideError();
  if (!connected || !connection.send({ type: "undo", version: latest.version })) {
    showError(OFFLINE_TEXT, "offline");
    return;
  }
  waiting = true;
  renderActions(latest);
}

// The Undo button, only when this seat may take back its last move now.
function appendUndo(message) {
  if (!seat || !message.can_undo) return;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "undo-button";
  button.className = "undo";
  button.textContent = t("Undo my last move");  // says what it does without a hover
  button.title = t("Take back your last move (possible until another player decides, or " +
                   "something hidden or random comes up)");
  button.disabled = waiting || queue.length > 0 || !connected;
  button.addEventListener("click", undo);
  elements.actions.appendChild(button);
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
    if (response.ok) goToRematch(body.url);
    else if (body.code === "bad_token") tokenRefused(body.error);
    else showError(plainError(body.code, body.error), body.code);
  } catch {
    showError(OFFLINE_TEXT, "offline");
  }
}

function render(message) {
  const view = message.view || {};
  const table = message.table || {};
  app.dataset.version = String(message.version ?? "");
  app.dataset.game = view.game || table.game || "";
  players = (table.seats || []).map((info) => info.player || null);
  renderTitle(view, table);
  renderTurn(message);
  renderSeats(message, view, table);
  renderLog(readableLog(message.log || [], view), view);
  renderLastMove(message.log || []);
  setLog(message.log || []);
  renderBoard(message);
  renderClocks(message);
  if (view.is_terminal) showResults(tableId, seat ? askRematch : null);
  else hideResults();
}

function renderTitle(view, table) {
  const game = view.game || table.game || "";
  const name = gameNames[game] || game;
  elements.title.textContent = `${name} · ${t("table {table}", { table: tableId })}` + (table.variant ? ` · ${t("variant: {variant}", { variant: table.variant })}` : "");
  const yours = (view.to_move || []).includes(view.seat) && !view.is_terminal;
  document.title = `${yours ? `${t("Your turn")} · ` : ""}${name} · ${t("table {table}", { table: tableId })} · squidbox`;
  if (yours && !wasMyTurn && elements.sound?.checked) chime();
  wasMyTurn = yours;
  elements.rules.href = `/rules/${encodeURIComponent(game)}`;
}

function seatName(view, index) {
  const name = view.seat_names?.[index];
  return name === undefined ? t("Seat {number}", { number: index + 1 }) : shownName(name);
}

// A seat as the page names it: the game's seat name, with the display name of whoever took it
// by name ("Red (Ann)"), as the host page does.
function seatLabel(view, index) {
  const player = players[index];
  return player ? `${seatName(view, index)} (${player})` : seatName(view, index);
}

// A table whose stored actions no longer replay under this server's rules (server/versions.py).
function renderOutdated(table) {
  const reason = table.outdated || "";
  elements.turn.textContent = t("Finished under older rules: {reason}.", { reason }) + " ";
  const link = document.createElement("a");
  link.id = "replay-link";
  link.href = `/replay/${encodeURIComponent(tableId)}`;
  link.textContent = t("Its replay and game record");
  elements.turn.append(link);
  elements.turn.dataset.status = "outdated";
}

function renderTurn(message) {
  if (message.table?.status === "outdated") {
    renderOutdated(message.table);
    return;
  }
  const view = message.view || {};
  const mine = view.seat;
  const names = (view.to_move || []).map((s) => seatLabel(view, s));
  let text;
  let status;
  if (view.is_terminal) {
    text = `${t("Game over.")} ${resultText(view)}`;
    status = "over";
  } else if (mine !== null && mine !== undefined && (view.to_move || []).includes(mine)) {
    const others = names.filter((n) => n !== seatLabel(view, mine));
    text = `${seatName(view, mine)}: ${promptText(view, message.labels || {})}` + (others.length ? t("; also deciding: {names}", { names: others.join(", ") }) : "");
    status = "yours";
    if (queue.length) {  // newer states wait to be shown: this is not the newest choice
      text = t("Showing the other players' moves…");
      status = "catching-up";
    }
  } else if (message.table?.status === "open") {
    const free = (message.table.open_seats || []).map((s) => seatName(view, s)).join(", ");
    text = free ? t("Waiting for players to take the free seats: {seats}", { seats: free })
      : t("Waiting for players to take the free seats");
    status = "waiting";
  } else {
    text = waitingText(view, message.table?.seats || []);
    status = "waiting";
  }
  elements.turn.textContent = text;
  elements.turn.dataset.status = status;
}

// Whom the table waits for: people by name; a computer seat "is thinking" (a strong one takes
// seconds, and the page should show that it is at work).
function waitingText(view, seats) {
  const isBot = (seat) => Boolean(seats.find((info) => info.seat === seat)?.bot);
  const moving = view.to_move || [];
  const people = moving.filter((s) => !isBot(s)).map((s) => seatLabel(view, s));
  const bots = moving.filter(isBot).map((s) => seatLabel(view, s));
  const parts = [];
  if (people.length) parts.push(t("Waiting for {names}…", { names: people.join(", ") }));
  if (bots.length === 1) parts.push(t("{name} is thinking…", { name: bots[0] }));
  if (bots.length > 1) parts.push(t("{names} are thinking…", { names: bots.join(", ") }));
  return parts.join(" ") || t("Waiting");
}

// What this seat is asked now, in a few words: the game's drawing says it (`prompt`), else the
// plain "your turn"; a selected piece (a two-step move) asks for its target.
function promptText(view, labels) {
  const legal = view.legal_actions || [];
  if (selection() && drawer?.selectedPrompt) return drawer.selectedPrompt(view, selection());
  const asked = drawerGame === view.game && drawer?.prompt ? drawer.prompt(view, legal, labels) : "";
  return asked || t("your turn");
}

function resultText(view) {
  const returns = view.returns || [];
  if (!returns.length) return "";
  const best = Math.max(...returns);
  const winners = returns.map((r, i) => (r === best && best > 0 ? seatLabel(view, i) : null)).filter(Boolean);
  if (!winners.length) return t("Nobody wins.");
  const mine = view.seat;
  const you = mine !== null && mine !== undefined && returns[mine] === best ? ` ${t("(you)")}` : "";
  const names = winners.join(", ");
  return (winners.length === 1 ? t("{names} wins{you}.", { names, you }) : t("{names} share the win{you}.", { names, you }));
}

// One panel per seat: colour, name, who plays it, the counts that matter in this game (the
// drawing's `counters`), whose turn, the connection and the clock.
function renderSeats(message, view, table) {
  elements.seats.replaceChildren();
  const seats = table.seats || (view.seat_names || []).map((name, s) => ({ seat: s, name }));
  const game = drawerGame === view.game ? drawer : null;
  for (const info of seats) {
    const item = document.createElement("li");
    const index = info.seat;
    const moving = (view.to_move || []).includes(index) && !view.is_terminal && table.status !== "open";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = game?.seatColourOf?.(view, index) || seatColour(view.seat_names?.[index], index);
    const name = document.createElement("strong");
    name.className = "seat-name";
    name.textContent = seatLabel(view, index);
    const parts = [];
    if (info.bot) parts.push(botLabel(info.bot));
    if (index === view.seat) parts.push(t("you"));
    if (moving) parts.push(info.bot ? t("thinking…") : t("to move"));
    if (view.returns) parts.push(view.returns[index] === Math.max(...view.returns) && view.returns[index] > 0 ? t("winner") : t("not a winner"));
    if (table.status === "open" && (table.open_seats || []).includes(index)) parts.push(t("free seat"));
    else if (!info.bot && info.connected === false && index !== view.seat) parts.push(t("away"));
    item.append(swatch, name, parts.length ? ` · ${parts.join(" · ")}` : "");
    const counts = (game?.counters?.(view, index) || []).filter(Boolean);
    if (counts.length) {
      const line = document.createElement("span");
      line.className = "counters";
      line.textContent = counts.join(" · ");
      item.append(line);
    }
    if (moving && message.table?.time_left?.[String(index)] !== undefined) {
      const clock = document.createElement("span");
      clock.className = "seat-clock";
      clock.dataset.seat = String(index);
      // Filled now, not only at the countdown's next tick: panels are redrawn after the board.
      clock.textContent = t("{time} left", { time: clockText(message.table.time_left[String(index)]) });
      item.append(" · ", clock);
    }
    item.dataset.seat = String(index);
    if (moving) item.classList.add("to-move");
    if (moving && info.bot) item.classList.add("thinking");
    if (index === view.seat) item.classList.add("me");
    elements.seats.appendChild(item);
  }
}

function renderActions(message) {
  // Whether a click now would be sent (not while a move is on its way or states wait).
  app.dataset.busy = String(waiting || queue.length > 0 || !connected);
  const view = message.view || {};
  const legal = view.legal_actions || [];
  const labels = message.labels || {};
  elements.actions.replaceChildren();
  if (!legal.length) {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = view.seat === null || view.seat === undefined
      ? t("You are watching. Open a seat link to play.")
      : (view.is_terminal ? t("The game is over.") : t("Nothing to decide right now."));
    elements.actions.appendChild(note);
    appendUndo(message);
    return;
  }
  const onBoard = claimedActions();
  for (const action of legal) {
    if (onBoard.has(action)) continue;  // played by clicking its piece on the board
    const button = document.createElement("button");
    button.type = "button";
    button.className = "action";
    button.dataset.action = action;
    button.disabled = waiting || queue.length > 0 || !connected;
    const full = labels[action] || action;
    button.textContent = shortLabel(drawer?.buttonLabel?.(action, full) || full);
    const about = pieceInfo(`choice:${action}`);
    button.title = [full, about?.text].filter(Boolean).join(": ");
    button.addEventListener("click", () => act(action));
    elements.actions.appendChild(button);
  }
  if (selection()) {
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.id = "cancel-selection";
    cancel.className = "secondary";
    cancel.textContent = t("Cancel");
    cancel.addEventListener("click", () => select(null));
    elements.actions.appendChild(cancel);
  }
  appendUndo(message);
}

// The newest event of the log above the log (beside the board), so a move is seen at a glance.
function renderLastMove(log) {
  const last = log[log.length - 1];
  const text = last ? logText(last) : "";
  const shown = text ? t("Last: {text}", { text }) : "";
  if (elements.lastMove.textContent !== shown) {
    elements.lastMove.textContent = shown;
    elements.lastMove.classList.remove("fresh");
    void elements.lastMove.offsetWidth;  // restart the highlight animation
    elements.lastMove.classList.add("fresh");
  }
}

const logText = (event) => (event.type === "undo"
  ? t("{name} took back a move.", { name: event.name ?? event.text })
  : event.text ?? JSON.stringify(event));

// Only new entries are added (the list is aria-live: a screen reader announces just them);
// the list is rebuilt, without announcing, only when the log is not a continuation of the
// one shown (another game after a rematch, say). The list follows the newest entry unless its
// reader scrolled up on purpose; then a "Newest" button jumps back down.
function renderLog(log, view) {
  const box = elements.log;
  const continues = logCount > 0 && log.length >= logCount && logText(log[logCount - 1]) === logTail;
  if (!continues) {
    box.setAttribute("aria-busy", "true");
    box.replaceChildren();
    logCount = Math.max(0, log.length - LOG_LENGTH);
  }
  const added = log.length > logCount;
  for (const event of log.slice(logCount)) {
    const item = document.createElement("li");
    item.replaceChildren(...withSeatColours(textWithPieces(logText(event)), event, view, drawer?.seatColourOf));
    if (event.type) item.dataset.type = event.type;
    box.appendChild(item);
  }
  while (box.children.length > LOG_LENGTH) box.firstElementChild.remove();
  logCount = log.length;
  logTail = log.length ? logText(log[log.length - 1]) : null;
  box.start = logCount - box.children.length + 1;
  box.removeAttribute("aria-busy");
  if (followLog) showNewestLog();
  else if (added) newestButton().hidden = false;
  coverClippedEntry();
}

// Whether the log keeps its newest entry in view: true until the reader scrolls up, and again
// once they scroll back to the bottom (or press "Newest").
let followLog = true;
const logAtBottom = () => elements.log.scrollHeight - elements.log.scrollTop - elements.log.clientHeight < 8;

function showNewestLog() {
  followLog = true;
  elements.log.scrollTop = elements.log.scrollHeight;
  newestButton().hidden = true;
  coverClippedEntry();
}

function newestButton() {
  let button = document.getElementById("log-newest");
  if (button) return button;
  button = document.createElement("button");
  button.type = "button";
  button.id = "log-newest";
  button.className = "secondary log-newest";
  button.textContent = t("↓ Newest");
  button.title = t("Show the newest entries of the log");
  button.hidden = true;
  button.addEventListener("click", showNewestLog);
  elements.log.after(button);
  return button;
}

// Only a reader's own scrolling (wheel, touch, keys, the scrollbar) stops the following; a
// scroll caused by the page (entries added, the box resized) keeps it.
function followLogScrolling() {
  const box = elements.log;
  let readerScrolledAt = 0;
  const reader = () => { readerScrolledAt = Date.now(); };
  for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) box.addEventListener(kind, reader, { passive: true });
  box.addEventListener("scroll", () => {
    if (logAtBottom()) showNewestLog();
    else if (Date.now() - readerScrolledAt < 1500) followLog = false;
    else if (followLog) showNewestLog();
    coverClippedEntry();
  }, { passive: true });
  // The log's box changes size as the board and panels are laid out: one that follows stays
  // at its bottom.
  new ResizeObserver(() => { if (followLog) showNewestLog(); }).observe(box);
}

// How much of the first visible log entry the list's top edge cuts off: app.css covers that
// part, so a scrolled log starts with a whole line, never a sliver of one.
function coverClippedEntry() {
  const box = elements.log;
  const top = box.getBoundingClientRect().top + box.clientTop;
  let cut = 0;
  if (box.scrollTop > 0) {
    for (const item of box.children) {
      const rect = item.getBoundingClientRect();
      if (rect.bottom <= top) continue;
      if (rect.top < top) cut = rect.bottom - top;
      break;
    }
  }
  box.style.setProperty("--clipped", `${cut}px`);
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

// The PROPOSED values are marked for designers only: on a variant table, or one opened with
// ?proposed=1 (the lobby's "Show proposed values" puts it on the links it gives).
function showsProposed(table) {
  return Boolean(table?.variant) || new URLSearchParams(location.search).get("proposed") === "1";
}

async function renderBoard(message) {
  const view = message.view || {};
  const game = view.game || message.table?.game || "";
  await loadPieces(game, showsProposed(message.table));
  document.getElementById("proposed-legend")?.toggleAttribute("hidden", !showsProposed(message.table));
  const module = await loadDrawer(game);
  if (message !== latest) return;
  const legal = view.legal_actions || [];
  const labels = message.labels || {};
  const board = elements.board;
  board.setAttribute("aria-label", t("{game} board", { game: gameNames[view.game] || view.game }));
  const before = message.animate ? snapshot(board) : null;
  message.animate = false;  // once: a redraw of the same state (a resize) does not move again
  try {
    module.draw(board, view, legal, labels, act);
    animateChanges(board, before, moveDuration());
  } catch (error) {
    console.warn("The board could not be drawn; showing the generic view.", error);
    const generic = await import("./games/generic.js");
    generic.draw(board, view, legal, labels, act);
    claimedActions().clear();  // a broken drawing: every choice is a button too
  }
  markBoard();
  renderActions(message);
  renderTurn(message);
  renderSeats(message, view, message.table || {});
  bringChoiceIntoView(view);
}

// Others' moves slide at the pace of the *Others' moves* setting; none when it is "at once"
// or the reader asked for less motion.
function moveDuration() {
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return 0;
  return Math.min(700, Math.round(pace() * 0.5));
}

// When a decision becomes this seat's, what it can click is brought on screen (a phone shows
// the board taller than the screen; the desktop layout has it all on screen already).
let broughtFor = null;
function bringChoiceIntoView(view) {
  const mine = view.seat !== null && view.seat !== undefined && (view.to_move || []).includes(view.seat);
  if (!mine || view.is_terminal || broughtFor === latest?.version) return;
  // Measured once the page is laid out (the board is fitted to its box after it is drawn).
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const target = elements.board.querySelector(".clickable:not(.ghost)") || elements.actions.querySelector("button.action");
    if (!target || broughtFor === latest?.version) return;
    broughtFor = latest?.version;
    scrollPanelTo(target);
    const box = target.getBoundingClientRect();
    const bar = document.getElementById("status-bar")?.getBoundingClientRect().bottom || 0;
    if (box.top >= bar && box.bottom <= window.innerHeight) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: box.top - bar - (window.innerHeight - bar - box.height) / 3, behavior: reduced ? "auto" : "smooth" });
  }));
}

// A board taller than its panel (the desktop table keeps its text at least 12 px) scrolls
// inside the panel: the choice is scrolled into it.
function scrollPanelTo(target) {
  const panel = elements.board.parentElement;
  if (!panel || panel.scrollHeight <= panel.clientHeight || !elements.board.contains(target)) return;
  const box = target.getBoundingClientRect();
  const frame = panel.getBoundingClientRect();
  if (box.top >= frame.top && box.bottom <= frame.bottom) return;
  panel.scrollTop += box.top - frame.top - (frame.height - box.height) / 3;
}

// Selecting a piece (the first step of a two-step move) redraws the board with its targets.
onSelection(() => {
  if (!latest) return;
  renderBoard(latest);
});

// While disconnected the board's pieces cannot be played (app.css greys them out too).
function markBoard() {
  for (const node of elements.board.querySelectorAll(".clickable")) {
    if (connected) node.removeAttribute("aria-disabled");
    else node.setAttribute("aria-disabled", "true");
  }
}

// ---- turn timers: whose clock runs and how much time is left, for everyone at the table ----
// `table.time_left` holds the seconds left of every running turn timer when the server made the
// message; each clock counts down from the moment the message arrived. `#clocks` is a timer
// (not announced every second); the seat list shows the same time beside each seat to move.
const LOW_SECONDS = 10;

function clockText(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  if (left >= 3600) return durationText(left);  // a turn-based table's clock: hours and days
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

function renderClocks(message) {
  if (countdown) clearInterval(countdown);
  countdown = null;
  const view = message.view || {};
  const timeLeft = message.table?.time_left || {};
  const running = view.is_terminal ? [] : Object.keys(timeLeft).map(Number).sort((a, b) => a - b);
  const box = elements.clocks;
  if (!box) return;
  box.replaceChildren();
  box.hidden = running.length === 0;
  if (!running.length) return;
  const endsAt = Object.fromEntries(running.map((s) => [s, message.receivedAt + timeLeft[s] * 1000]));
  const mine = view.seat;
  box.append(`${t("Time left to move:")} `);
  running.forEach((s, i) => {
    if (i) box.append(", ");
    const who = document.createElement("strong");
    who.textContent = s === mine ? t("you") : seatLabel(view, s);
    const time = document.createElement("span");
    time.className = "clock";
    time.dataset.seat = String(s);
    box.append(who, " ", time);
  });
  box.append(`. ${t("At 0:00 the server makes a move for that seat.")}`);
  const tick = () => {
    const now = Date.now();
    for (const node of document.querySelectorAll(".clock[data-seat], .seat-clock[data-seat]")) {
      const left = (endsAt[node.dataset.seat] - now) / 1000;
      node.textContent = node.classList.contains("seat-clock") ? `${t("{time} left", { time: clockText(left) })}` : clockText(left);
      node.classList.toggle("low", left <= LOW_SECONDS);
    }
  };
  tick();
  countdown = setInterval(tick, 250);
}

async function loadGameNames() {
  try {
    const response = await fetch("/api/games");
    const games = await response.json();
    gameNames = Object.fromEntries(games.map((g) => [g.id, g.name]));
    if (latest) { renderTitle(latest.view || {}, latest.table || {}); rememberNames(latest); }
  } catch {
    gameNames = {};
  }
}

// The switcher names this seat by its seat and game names, learnt from the state.
function rememberNames(message) {
  if (!seat) return;
  const view = message.view || {};
  const game = view.game || message.table?.game || "";
  const changed = describeSeat(tableId, seat.seat, {
    game, gameName: gameNames[game], name: seatLabel(view, seat.seat),
  });
  if (changed) renderSwitcher(elements.switcher, tableId, seat.seat);
}

// ---- choosers close with Escape and with a click outside them ----------------------------
// (Generic: any `.chooser` or piece panel a drawing opens; focus returns to what opened it.)
function closeOverlays(event) {
  if (event.type === "keydown" && event.key === "Escape" && selection()) {  // a two-step move
    const key = selection();
    select(null);
    requestAnimationFrame(() => elements.board.querySelector(`[data-select="${CSS.escape(key)}"]`)?.focus());
  }
  const open = document.querySelector(".chooser, .piece-panel");
  if (!open) return;
  if (event.type === "keydown") {
    if (event.key !== "Escape") return;
    closeChooser();
    closePanel();
    if (anchor?.isConnected) anchor.focus({ preventScroll: true });
  } else if (!event.target.closest(".chooser, .piece-panel")) {
    closeChooser();
    closePanel();
  }
}

// A table in the results panel that scrolls sideways (on a phone) can be reached and scrolled
// by keyboard.
new MutationObserver(() => {
  for (const wrap of document.querySelectorAll("#results .table-wrap:not([tabindex])")) {
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "region");
    wrap.setAttribute("aria-label", t("Results (scrolls sideways)"));
  }
}).observe(document.getElementById("results") || document.body, { childList: true, subtree: true });

document.addEventListener("click", noteControl, true);
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") noteControl(event);
}, true);
document.addEventListener("keydown", closeOverlays);
document.addEventListener("pointerdown", (event) => {
  closeOverlays(event);
  if (!event.target.closest?.("#error")) hideError();
}, true);

if (thisTab.kind === "no-token") {
  noTokenHere(thisTab.seat);
} else if (thisTab.kind === "bad-link") {
  showProblem("bad-link", t("This table link is damaged"), [
    t("The seat in its address is not a seat number, so it opens nothing."),
    t("What to do: open the link exactly as it was given to you, or watch the table."),
  ], [WATCH(), LOBBY]);
} else {
  loadGameNames();
  readPace();
  explainPieces(elements.board);
  explainPieces(elements.log);
  followLogScrolling();
  explainSwitch(elements.explain);
  connection.start();
}
renderSwitcher(elements.switcher, tableId, seat?.seat ?? null);
