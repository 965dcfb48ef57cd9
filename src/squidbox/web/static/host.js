// The host page /host/<table>?token=<host token>: every seat's link with a copy button, a new
// link for a seat (its old one stops working at once), a seat handed to a bot or back, the game
// started with bots in the free seats, the table ended. Everything goes through the
// /api/tables/<id>/host routes (docs/web-api.md, "Hosting").

import { copyRow } from "./copy.js";
import { botLabel, botLevel } from "./bots.js";
import { t } from "./i18n.js";
import { loadSeatNames, seatNameIn } from "./seatnames.js";

const app = document.getElementById("host-app");
const tableId = app.dataset.table;
const hostToken = new URLSearchParams(window.location.search).get("token") || "";
const statusLine = document.getElementById("host-status");
const errorLine = document.getElementById("host-error");
const seatList = document.getElementById("host-seats");
const tableActions = document.getElementById("host-table-actions");
const BOTS = ["heuristic", "random", "strong", "ismcts"].map((kind) => [kind, botLabel(kind)]);  // as in the lobby
const api = `/api/tables/${encodeURIComponent(tableId)}/host`;

function button(text, onClick, className = "secondary") {
  const node = document.createElement("button");
  node.type = "button";
  node.className = className;
  node.textContent = text;
  node.addEventListener("click", () => onClick(node));
  return node;
}

function showError(text) {
  errorLine.textContent = text;
  errorLine.hidden = !text;
}

async function load() {
  try {
    const response = await fetch(`${api}?token=${encodeURIComponent(hostToken)}`);
    const answer = await response.json();
    if (!response.ok) {
      statusLine.textContent = response.status === 403
        ? t("This host link does not work: it is not the host link of this table. Use the link you got when you created the table.")
        : answer.error || t("The table could not be loaded.");
      seatList.replaceChildren();
      tableActions.replaceChildren();
      return;
    }
    seatNames = await loadSeatNames(answer.game);
    render(answer);
  } catch {
    showError(t("The server cannot be reached. Try again in a moment."));
  }
}

async function post(path, body, clicked) {
  showError("");
  if (clicked) clicked.disabled = true;
  try {
    const response = await fetch(`${api}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: hostToken, ...body }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || t("the server refused"));
    seatNames = await loadSeatNames(answer.game);
    render(answer);
  } catch (error) {
    showError(t("Not done: {error}", { error: error.message || error }));
    if (clicked) clicked.disabled = false;
  }
}

let seatNames = {};  // the game's seat names in the page's language (seatnames.js)

function describe(seat) {
  const name = seatNameIn(seatNames, seat.name);
  const who = seat.player ? `${name} (${seat.player})` : name;
  if (seat.kind === "bot") return t("{name}: played by the computer ({level})", { name: who, level: botLevel(seat.bot) });
  if (seat.kind === "open") return t("{who}: open, waiting for someone to take it", { who });
  return seat.connected ? t("{who}: a person, connected", { who }) : t("{who}: a person, not connected", { who });
}

function seatItem(seat) {
  const item = document.createElement("li");
  item.className = "host-seat";
  item.dataset.seat = String(seat.seat);
  const title = document.createElement("p");
  title.className = "host-seat-title";
  title.textContent = `${t("Seat {number}", { number: seat.seat + 1 })} · ${describe(seat)}`;
  item.appendChild(title);
  const over = !["playing", "open"].includes(currentStatus);
  if (seat.url) item.appendChild(copyRow(t("Seat {number} link", { number: seat.seat + 1 }), seat.url));
  else if (seat.kind === "person") {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = t("They took this seat with their name and hold its link. Give the seat a new link to see one here (theirs stops working).");
    item.appendChild(note);
  }
  if (over) return item;
  if (seat.kind === "person") {
    item.appendChild(button(t("Give a new link"), (b) => {
      if (window.confirm(t("Seat {number}'s current link stops working at once. Go on?", { number: seat.seat + 1 }))) {
        post("links", { seat: seat.seat }, b);
      }
    }));
    const select = document.createElement("select");
    select.setAttribute("aria-label", t("The bot for seat {number}", { number: seat.seat + 1 }));
    select.replaceChildren(...BOTS.map(([value, text]) => {
      const node = document.createElement("option");
      node.value = value;
      node.textContent = text;
      return node;
    }));
    item.append(button(t("Hand to a bot"), (b) => post("seats", { seat: seat.seat, bot: select.value }, b)), select);
  } else if (seat.kind === "bot" && seatsStayBots) {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = t("Its creator chose this table's deal (its seed), so its seats stay with bots.");
    item.appendChild(note);
  } else if (seat.kind === "bot") {
    item.appendChild(button(t("Give back to a person"), (b) => post("seats", { seat: seat.seat, bot: null }, b)));
  }
  return item;
}

let currentStatus = "";
let seatsStayBots = false;

function render(answer) {
  currentStatus = answer.status;
  seatsStayBots = Boolean(answer.seats_stay_bots);
  const words = { open: t("waiting for players"), playing: t("being played"), finished: t("finished"),
    ended: t("ended by you"), expired: t("expired") };
  statusLine.textContent = t("Table {table} ({game}) is {status}.", { table: answer.table, game: answer.game, status: words[answer.status] || answer.status });
  seatList.replaceChildren(...answer.seats.map(seatItem));
  const actions = [copyRow(t("Table link (to watch, or to take a free seat)"), answer.spectator_url)];
  if (answer.status === "open") {
    actions.push(button(t("Start now with bots in the free seats"), (b) => post("start", {}, b), "primary"));
  }
  if (["open", "playing"].includes(answer.status)) {
    actions.push(button(t("End the table"), (b) => {
      if (window.confirm(t("End the table for everyone? It cannot be played any more."))) post("end", {}, b);
    }));
  }
  const watch = document.createElement("a");
  watch.href = answer.spectator_url;
  watch.textContent = t("Watch the table");
  actions.push(watch);
  tableActions.replaceChildren(...actions);
}

// Fresh news (who is connected, seats taken meanwhile) when asked, or when the page is shown
// again; never while the host is using it.
document.getElementById("host-status").after(button(t("Refresh"), () => load()));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") load();
});
load();
