// The host page /host/<table>?token=<host token>: every seat's link with a copy button, a new
// link for a seat (its old one stops working at once), a seat handed to a bot or back, the game
// started with bots in the free seats, the table ended. Everything goes through the
// /api/tables/<id>/host routes (docs/web-api.md, "Hosting").

import { copyRow } from "./copy.js";

const app = document.getElementById("host-app");
const tableId = app.dataset.table;
const hostToken = new URLSearchParams(window.location.search).get("token") || "";
const statusLine = document.getElementById("host-status");
const errorLine = document.getElementById("host-error");
const seatList = document.getElementById("host-seats");
const tableActions = document.getElementById("host-table-actions");
const BOTS = [["heuristic", "the heuristic bot"], ["random", "the random bot"], ["ismcts", "the ISMCTS bot"]];
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
        ? "This host link does not work: it is not the host link of this table. Use the link you got when you created the table."
        : answer.error || "The table could not be loaded.";
      seatList.replaceChildren();
      tableActions.replaceChildren();
      return;
    }
    render(answer);
  } catch {
    showError("The server cannot be reached. Try again in a moment.");
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
    if (!response.ok) throw new Error(answer.error || "the server refused");
    render(answer);
  } catch (error) {
    showError(`Not done: ${error.message || error}`);
    if (clicked) clicked.disabled = false;
  }
}

function describe(seat) {
  const who = seat.player ? `${seat.name} (${seat.player})` : seat.name;
  if (seat.kind === "bot") return `${who}: played by the ${seat.bot} bot`;
  if (seat.kind === "open") return `${who}: open, waiting for someone to take it`;
  const here = seat.connected ? "connected" : "not connected";
  return `${who}: a person, ${here}`;
}

function seatItem(seat) {
  const item = document.createElement("li");
  item.className = "host-seat";
  item.dataset.seat = String(seat.seat);
  const title = document.createElement("p");
  title.className = "host-seat-title";
  title.textContent = `Seat ${seat.seat + 1} · ${describe(seat)}`;
  item.appendChild(title);
  const over = !["playing", "open"].includes(currentStatus);
  if (seat.url) item.appendChild(copyRow(`Seat ${seat.seat + 1} link`, seat.url));
  else if (seat.kind === "person") {
    const note = document.createElement("p");
    note.className = "muted";
    note.textContent = "They took this seat with their name and hold its link. Give the seat a new link to see one here (theirs stops working).";
    item.appendChild(note);
  }
  if (over) return item;
  if (seat.kind === "person") {
    item.appendChild(button("Give a new link", (b) => {
      if (window.confirm(`Seat ${seat.seat + 1}'s current link stops working at once. Go on?`)) {
        post("links", { seat: seat.seat }, b);
      }
    }));
    const select = document.createElement("select");
    select.setAttribute("aria-label", `The bot for seat ${seat.seat + 1}`);
    select.replaceChildren(...BOTS.map(([value, text]) => {
      const node = document.createElement("option");
      node.value = value;
      node.textContent = text;
      return node;
    }));
    item.append(button("Hand to a bot", (b) => post("seats", { seat: seat.seat, bot: select.value }, b)), select);
  } else if (seat.kind === "bot") {
    item.appendChild(button("Give back to a person", (b) => post("seats", { seat: seat.seat, bot: null }, b)));
  }
  return item;
}

let currentStatus = "";

function render(answer) {
  currentStatus = answer.status;
  const words = { open: "waiting for players", playing: "being played", finished: "finished",
    ended: "ended by you", expired: "expired" };
  statusLine.textContent = `Table ${answer.table} (${answer.game}) is ${words[answer.status] || answer.status}.`;
  seatList.replaceChildren(...answer.seats.map(seatItem));
  const actions = [copyRow("Table link (to watch, or to take a free seat)", answer.spectator_url)];
  if (answer.status === "open") {
    actions.push(button("Start now with bots in the free seats", (b) => post("start", {}, b), "primary"));
  }
  if (["open", "playing"].includes(answer.status)) {
    actions.push(button("End the table", (b) => {
      if (window.confirm("End the table for everyone? It cannot be played any more.")) post("end", {}, b);
    }));
  }
  const watch = document.createElement("a");
  watch.href = answer.spectator_url;
  watch.textContent = "Watch the table";
  actions.push(watch);
  tableActions.replaceChildren(...actions);
}

// Fresh news (who is connected, seats taken meanwhile) when asked, or when the page is shown
// again; never while the host is using it.
document.getElementById("host-status").after(button("Refresh", () => load()));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") load();
});
load();
