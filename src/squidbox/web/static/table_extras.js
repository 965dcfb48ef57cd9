// What the table page adds besides the game (one script include in web/pages.py's table page):
// the chat panel, and the free seats of an open table for whoever has the table link.

import { mountChat } from "./chat.js";
import { mountFreeSeats } from "./join.js";

const app = document.getElementById("table-app");
if (app) {
  const params = new URLSearchParams(window.location.search);
  const table = app.dataset.table;
  const token = params.get("token");
  const side = app.querySelector(".side-panel") || app;
  mountChat(side, { table, token });
  if (!token) mountFreeSeats(app.querySelector(".table-top") || app, { table });
}
