// "My tables" (issue 20, turn-based play). Every page includes this module:
// - on /mine it lists every table this browser holds a seat at (seats.js keeps the tokens):
//   game, players, status, time left, the tables waiting for you first and marked in words;
// - on every page it keeps the header's "My tables" link counting the tables waiting for you,
//   and, when the player asked for it (a button on /mine, never on page load), the browser's
//   Notifications API says when it becomes your turn at another table than the one shown.
// Everything comes live from the WebSocket /ws/mine (docs/web-api.md, "My tables"): the page
// sends its (table, token) pairs, the server answers every seat's entry and sends a table's
// entry again whenever that table changes.

import { Connection } from "./connection.js";
import { t } from "./i18n.js";
import { loadSeatNames, seatNameIn } from "./seatnames.js";
import { forgetSeat, heldSeats, seatHref } from "./seats.js";

const NOTIFY_KEY = "squidbox:notify";  // "on": the player asked for turn notifications
const list = document.getElementById("my-tables");  // only on /mine
const shownTable = document.getElementById("table-app")?.dataset.table ?? null;
const mineLink = document.getElementById("mine-link");

const entries = new Map();  // "table:seat" -> the server's latest entry (+ receivedAt)
const turnBefore = new Map();  // "table:seat" -> your_turn as last heard (notifications)
let followed = [];  // the seats sent to the server, in the order it answers them
let gameNames = {};
let connection = null;
let countdown = null;

function seatKey(table, seat) {
  return `${table}:${seat}`;
}

// The seats to follow: all of them on /mine; elsewhere those of other tables (the table shown
// tells its own turn).
function seatsToFollow() {
  return heldSeats().filter((held) => list || held.table !== shownTable);
}

// ---- time ------------------------------------------------------------------------------------
export function durationText(totalSeconds) {
  const left = Math.max(0, Math.ceil(totalSeconds));
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  if (days) return hours ? t("{days} d {hours} h", { days, hours }) : t("{days} d", { days });
  if (hours) return minutes ? t("{hours} h {minutes} min", { hours, minutes }) : t("{hours} h", { hours });
  if (minutes) return seconds ? t("{minutes} min {seconds} s", { minutes, seconds }) : t("{minutes} min", { minutes });
  return t("{seconds} s", { seconds });
}

// ---- the connection --------------------------------------------------------------------------
class MineConnection extends Connection {
  start() {
    super.start();
    const socket = this.socket;
    socket?.addEventListener("open", () => {
      if (socket === this.socket) sendWatch();
    });
  }
}

function sendWatch() {
  followed = seatsToFollow();
  const seats = followed.map((held) => ({ table: held.table, token: held.token, seat: held.seat }));
  connection?.send({ type: "watch", seats });
}

function received(text) {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  if (message.type === "tables") {
    connection.welcomed();
    const wanted = new Set(followed.map((held) => seatKey(held.table, held.seat)));
    for (const key of [...entries.keys()]) if (!wanted.has(key)) entries.delete(key);
    take(message.tables);
  } else if (message.type === "update") {
    take(message.tables);
  } else if (message.type === "error" && list) {
    showConnection(t("The server refused the list: {error}", { error: message.error }));
  }
}

// Entries arrive with the table and seat they answer (an error entry: the seat asked about).
function take(tables) {
  const now = Date.now();
  for (const entry of tables) {
    const key = seatKey(entry.table, entry.seat);
    entry.receivedAt = now;
    entries.set(key, entry);
    const before = turnBefore.get(key);
    const yours = Boolean(entry.your_turn);
    turnBefore.set(key, yours);
    if (yours && before === false) notify(entry);  // became yours since last heard
  }
  render();
}

function showConnection(text) {
  const line = document.getElementById("mine-connection");
  if (line) line.textContent = text;
}

const STATES = {
  connecting: () => t("Connecting…"),
  connected: () => t("Connected: the list follows your tables as they change."),
  disconnected: () => t("Reconnecting…"),
};

// ---- what a seat is waiting for ----------------------------------------------------------------
function gameName(entry) {
  return gameNames[entry.game] || entry.game || t("a game");
}

function seatName(entry, seat) {
  const info = (entry.seats || [])[seat];
  if (!info) return t("seat {number}", { number: seat + 1 });
  const name = shownSeatName(entry.game, info.name);
  return info.player ? t("{player} ({seat})", { player: info.player, seat: name }) : name;
}

// A game's seat names as the page's language reads them (SQUID's "Red" is "Rot" in German),
// once its names have loaded (seatnames.js; the list is drawn again then).
const seatWords = {};  // game id -> { name: shown name }

function shownSeatName(game, name) {
  if (!(game in seatWords)) {
    seatWords[game] = {};
    loadSeatNames(game).then((names) => {
      if (Object.keys(names).length) {
        seatWords[game] = names;
        render();
      }
    });
  }
  return seatNameIn(seatWords[game], name);
}

// How the entries are ordered: your turn, others' turn, waiting for players, over, errors.
function rank(entry) {
  if (entry.code) return 4;
  if (entry.your_turn) return 0;
  if (entry.status === "playing") return 1;
  if (entry.status === "open") return 2;
  return 3;
}

function statusText(entry) {
  if (entry.code === "unknown_table") return t("This table no longer exists on the server.");
  if (entry.code === "bad_token") return t("This seat's link no longer opens it (the host may have given the seat a new link).");
  if (entry.code) return t("Not available now: {error}", { error: entry.error });
  if (entry.your_turn) return t("Your turn");
  switch (entry.status) {
    case "playing": {
      const names = (entry.to_move || []).map((seat) => seatName(entry, seat));
      return names.length ? t("Waiting for {names}", { names: names.join(", ") }) : t("In play");
    }
    case "open": return t("Waiting for players to take the free seats");
    case "finished": return resultText(entry.result);
    case "ended": return t("Ended by the host");
    case "expired": return t("Expired after a long time without moves");
    default: return entry.status;
  }
}

function resultText(result) {
  if (result === 1) return t("Finished: you won");
  if (result > 0) return t("Finished: you shared the win");
  return t("Finished");
}

function waitingCount() {
  let count = 0;
  for (const entry of entries.values()) if (entry.your_turn) count += 1;
  return count;
}

// ---- drawing -----------------------------------------------------------------------------------
function render() {
  const count = waitingCount();
  if (mineLink) {
    mineLink.textContent = count ? t("My tables ({count} waiting)", { count }) : t("My tables");
    mineLink.dataset.following = String(entries.size);  // seats heard of (tests wait for it)
  }
  if (!list) return;
  document.title = count
    ? t("({count}) My tables · squidbox", { count })
    : t("My tables · squidbox");
  drawList();
}

function drawList() {
  if (!followed.length) {
    const none = document.createElement("p");
    const lobby = document.createElement("a");
    lobby.href = "/";
    lobby.textContent = t("Create or join a table in the lobby.");
    none.append(t("This browser holds no seat at any table yet."), " ", lobby);
    list.replaceChildren(none);
    return;
  }
  const shown = followed.map((held) => entries.get(seatKey(held.table, held.seat)) || { ...held, pending: true });
  shown.sort((a, b) => rank(a) - rank(b));
  const waiting = shown.filter((entry) => entry.your_turn).length;
  const summary = document.createElement("p");
  summary.id = "mine-summary";
  summary.className = "mine-summary";
  summary.textContent = waiting === 1 ? t("1 table waits for your move.")
    : waiting ? t("{count} tables wait for your move.", { count: waiting })
      : t("No table waits for your move.");
  const items = document.createElement("ul");
  items.className = "mine-list";
  for (const entry of shown) items.appendChild(item(entry));
  list.replaceChildren(summary, items);
  tick();
  if (!countdown) countdown = setInterval(tick, 1000);
}

function item(entry) {
  const li = document.createElement("li");
  li.className = "mine-item";
  li.dataset.table = entry.table;
  li.dataset.seat = String(entry.seat);
  if (entry.your_turn) li.classList.add("your-turn");
  if (entry.code || ["finished", "ended", "expired"].includes(entry.status)) li.classList.add("over");
  const head = document.createElement("div");
  head.className = "mine-head";
  if (entry.your_turn) {
    const badge = document.createElement("strong");
    badge.className = "turn-badge";
    badge.textContent = `▶ ${t("Your turn")}`;
    head.appendChild(badge);
  }
  const link = document.createElement("a");
  link.href = seatHref(entry.table, entry.seat);
  link.textContent = t("{game} · table {table}", { game: gameName(entry), table: entry.table });
  head.appendChild(link);
  li.appendChild(head);
  const status = document.createElement("p");
  status.className = "mine-status";
  status.textContent = entry.pending ? t("Loading…") : (entry.your_turn ? t("It is your move.") : statusText(entry));
  li.appendChild(status);
  if (entry.seats) li.appendChild(playersLine(entry));
  const clock = clockLine(entry);
  if (clock) li.appendChild(clock);
  const over = entry.code || ["finished", "ended", "expired"].includes(entry.status);
  if (over) li.appendChild(forgetButton(entry));
  else if (!entry.pending) li.appendChild(leaveButton(entry));
  return li;
}

function playersLine(entry) {
  const line = document.createElement("p");
  line.className = "mine-players muted";
  const names = entry.seats.map((info) => {
    const name = seatName(entry, info.seat);
    if (info.seat === entry.seat) return t("{name} (you)", { name });
    return info.bot ? t("{name} (computer)", { name }) : name;
  });
  line.textContent = t("Players: {names}", { names: names.join(", ") });
  return line;
}

// The running clocks: yours first, else those of the seats to move.
function clockLine(entry) {
  const left = entry.time_left || {};
  const seats = Object.keys(left).map(Number);
  if (!seats.length || entry.status !== "playing") return null;
  const line = document.createElement("p");
  line.className = "mine-clock";
  for (const seat of seats.sort((a, b) => (b === entry.seat) - (a === entry.seat) || a - b)) {
    const span = document.createElement("span");
    span.className = "time-left";
    span.dataset.endsAt = String(entry.receivedAt + left[String(seat)] * 1000);
    span.dataset.who = seat === entry.seat ? "" : seatName(entry, seat);
    if (line.childNodes.length) line.append(" · ");
    line.appendChild(span);
  }
  return line;
}

function tick() {
  const now = Date.now();
  for (const span of document.querySelectorAll("#my-tables .time-left")) {
    const time = durationText((Number(span.dataset.endsAt) - now) / 1000);
    span.textContent = span.dataset.who
      ? t("{name} has {time} left", { name: span.dataset.who, time })
      : t("{time} left for your move", { time });
  }
}

// A button that makes this browser forget a seat's link; `warning`, when given, is confirmed
// first.
function dropSeatButton(entry, label, ariaLabel, warning) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary forget";
  button.textContent = label;
  button.setAttribute("aria-label", ariaLabel);
  button.addEventListener("click", () => {
    if (warning && !window.confirm(warning)) return;
    forgetSeat(entry.table, entry.seat);
    entries.delete(seatKey(entry.table, entry.seat));
    restart();
  });
  return button;
}

function forgetButton(entry) {
  return dropSeatButton(entry, t("Forget this table"), t("Forget table {table}", { table: entry.table }));
}

// An unfinished table can be left too: this browser forgets its seat link (after a warning,
// since that link is the only way back to the seat).
function leaveButton(entry) {
  return dropSeatButton(entry, t("Leave this table"), t("Leave table {table}", { table: entry.table }),
    t("Leave table {table}? This browser forgets your seat's link, so you cannot come back to it unless you kept the link; the game goes on without you.", { table: entry.table }));
}

// ---- notifications -----------------------------------------------------------------------------
function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted"
    && localStorage.getItem(NOTIFY_KEY) === "on";
}

function notify(entry) {
  if (!notificationsOn() || entry.table === shownTable) return;
  const note = new Notification(t("Your turn: {game}", { game: gameName(entry) }), {
    body: t("Table {table}: you play {seat}. Click to open it.", { table: entry.table, seat: seatName(entry, entry.seat) }),
    tag: `squidbox:${entry.table}:${entry.seat}:${entry.version}`,  // one per turn, however many tabs
  });
  note.onclick = () => {
    const href = seatHref(entry.table, entry.seat);
    note.close();
    if (!window.open(href, "_blank")) window.location.assign(href);
  };
}

function setUpNotifyButton() {
  const button = document.getElementById("notify-button");
  const state = document.getElementById("notify-state");
  if (!button || !state) return;
  if (!("Notification" in window)) {
    state.textContent = t("This browser cannot show notifications.");
    return;
  }
  const show = () => {
    const on = notificationsOn();
    button.textContent = on ? t("Stop notifying me") : t("Notify me when it's my turn");
    button.setAttribute("aria-pressed", String(on));
    if (Notification.permission === "denied") {
      state.textContent = t("This browser blocks notifications from this site: allow them in its site settings.");
    } else {
      state.textContent = on ? t("You are notified when it becomes your turn at a table.") : "";
    }
  };
  button.hidden = false;
  button.addEventListener("click", async () => {
    if (notificationsOn()) {
      localStorage.setItem(NOTIFY_KEY, "off");
    } else {
      const answer = await Notification.requestPermission();
      localStorage.setItem(NOTIFY_KEY, answer === "granted" ? "on" : "off");
    }
    show();
  });
  show();
}

// ---- start -----------------------------------------------------------------------------------
async function loadGameNames() {
  try {
    const response = await fetch("/api/games");
    const games = await response.json();
    gameNames = Object.fromEntries(games.map((game) => [game.id, game.name]));
    render();
  } catch {
    gameNames = {};
  }
}

// (Re)start following: with no seat to follow, no connection at all.
function restart() {
  followed = seatsToFollow();
  if (!followed.length) {
    connection?.stop();
    connection = null;
    entries.clear();
    render();
    return;
  }
  if (connection?.isOpen()) {
    sendWatch();
    render();
    return;
  }
  if (!connection) {
    connection = new MineConnection(
      () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws/mine`,
      {
        message: received,
        status: (state) => showConnection(STATES[state] ? STATES[state]() : state),
        fatal: () => showConnection(t("The server refused the connection; reload the page.")),
      });
    connection.start();
  }
  render();
}

// The /mine page's own words (the page holds only their places).
function writePage() {
  document.getElementById("mine-heading").textContent = t("My tables");
  document.getElementById("mine-about").textContent = t("Every table this browser holds a seat at, "
    + "the ones waiting for you first. The list follows the tables live.");
  document.getElementById("mine-panel").setAttribute("aria-label", t("Your tables"));
  list.textContent = t("Loading…");
}

if (list) writePage();
setUpNotifyButton();
if (list || seatsToFollow().length) loadGameNames();
restart();
// A seat taken or forgotten in another tab changes the list here too.
window.addEventListener("storage", (event) => {
  if (event.key === null || event.key.startsWith("squidbox:seat:")) restart();
});
