// What the table page adds besides the game (one script include in web/pages.py's table page):
// the chat panel, and an open table's free seats (to take one, for whoever has no seat here).

import { mountChat } from "./chat.js";
import { mountFreeSeats } from "./join.js";

// This tab's seat token, wherever the table page keeps it (it runs first and may already have
// taken the token out of the address): the address itself, the per-seat key of a tab showing
// `?seat=<s>`, or the older one-token-per-table key. None: a spectator.
function storedToken(key) {
  try {
    const stored = JSON.parse(localStorage.getItem(key) || "null");
    return stored && typeof stored.token === "string" ? stored.token : null;
  } catch {
    return null;
  }
}

function seatToken(table) {
  const params = new URLSearchParams(window.location.search);
  if (params.get("token")) return params.get("token");
  const seat = params.get("seat");
  if (seat !== null) return storedToken(`squidbox:seat:${table}:${seat}`);
  // A page with the seat switcher keeps seats per seat: without `?seat=` it is a spectator's.
  if (document.getElementById("seat-switcher")) return null;
  return storedToken(`squidbox:table:${table}`);
}

const app = document.getElementById("table-app");
if (app) {
  const table = app.dataset.table;
  const token = seatToken(table);
  mountChat(app.querySelector(".side-panel") || app, { table, token });
  mountFreeSeats(app.querySelector(".table-top") || app, { table, seated: Boolean(token) });
}
