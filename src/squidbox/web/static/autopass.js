// The seat's "pass automatically" toggle (issue 14): when pass is all this seat can do, the
// server answers it after a human-like delay, so nobody can tell from the timing (docs/web-api.md,
// "Automatic pass"). It is on until the player switches it off: a forced pass is no decision,
// and the log still says who passed. The choice is remembered in this browser per table and sent again on every
// (re)connection, so a restarted server, which keeps it in memory only, learns it again.

import { loadPieces } from "./pieces.js";
import { t } from "./i18n.js";

const storageKey = (tableId) => `squidbox:autopass:${tableId}`;

// The game of the table page, once the first state has named it (table.js sets data-game).
function gameOfPage() {
  const app = document.getElementById("table-app");
  return new Promise((resolve) => {
    if (!app) { resolve(""); return; }
    if (app.dataset.game) { resolve(app.dataset.game); return; }
    const watch = new MutationObserver(() => {
      if (!app.dataset.game) return;
      watch.disconnect();
      resolve(app.dataset.game);
    });
    watch.observe(app, { attributes: true, attributeFilter: ["data-game"] });
  });
}

async function send(tableId, token, on) {
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/preferences`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token, auto_pass: on }),
  });
  if (!response.ok) throw new Error((await response.json()).error || response.statusText);
}

// Adds the toggle after `anchor` for a seated player (nothing for a spectator), and only in a
// game where "pass" can be an action (the game says so: `passes` in its pieces answer, from
// the game's own action list). Returns the function to call whenever the connection opens.
export function setUpAutoPass(tableId, token, anchor) {
  if (!token || !anchor) return () => {};
  const label = document.createElement("label");
  label.className = "auto-pass";
  label.title = t("Reaction windows ask everyone, so that nobody learns who holds what. With this "
    + "on, a question you can only answer with pass is answered for you after a short, "
    + "person-like pause.");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.id = "auto-pass";
  box.checked = localStorage.getItem(storageKey(tableId)) !== "off";  // on unless switched off
  const note = document.createElement("span");
  note.className = "muted";
  label.append(box, ` ${t("Pass automatically when pass is all I can do")} `, note);
  gameOfPage().then(loadPieces).then((book) => {
    if (book?.passes) anchor.after(label);
  });
  const sendChoice = async () => {
    note.textContent = "";
    try {
      await send(tableId, token, box.checked);
    } catch (error) {
      note.textContent = t("(not saved: {error})", { error: error.message });
    }
  };
  box.addEventListener("change", () => {
    localStorage.setItem(storageKey(tableId), box.checked ? "on" : "off");
    sendChoice();
  });
  return () => {
    if (box.checked) sendChoice();
  };
}
