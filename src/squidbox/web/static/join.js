// An open table on the table page: it says that the table waits for players, and whoever has the
// table link without a seat may take a free seat with a name (POST /api/tables/<id>/seats) and
// go on as that seat. The panel goes away once the game starts.

import { t } from "./i18n.js";

const NAME_KEY = "squidbox-name";
const POLL_MS = 4000;

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

export function mountFreeSeats(container, { table, seated }) {
  const base = `/api/tables/${encodeURIComponent(table)}`;
  const heading = element("h2", { id: "free-seats-title" });
  const note = element("p", { className: "muted" });
  const name = element("input", { id: "join-name", maxLength: 24, autocomplete: "nickname",
    value: localStorage.getItem(NAME_KEY) || "" });
  const buttons = element("div", { className: "actions" });
  const error = element("p", { className: "error", hidden: true });
  error.setAttribute("role", "alert");
  const panel = element("section", { id: "free-seats", className: "panel free-seats", hidden: true },
    heading, note);
  panel.setAttribute("aria-labelledby", "free-seats-title");
  if (!seated) panel.append(element("label", {}, `${t("Your name")} `, name), buttons, error);
  container.after(panel);

  function render(info) {
    if (info.status !== "open") {
      panel.remove();
      return false;
    }
    const free = info.open_seats.map((seat) => seat + 1).join(", ");
    heading.textContent = seated ? t("Waiting for players") : t("Free seats: join this game");
    note.textContent = t("Free: seat {seats}. The game starts when every seat is taken (or when the "
      + "host starts it with bots in the free seats).", { seats: free });
    const shown = [...buttons.children].map((b) => Number(b.dataset.seat));
    if (shown.join() !== info.open_seats.join()) {
      buttons.replaceChildren(...info.open_seats.map((seat) => {
        const button = element("button", { type: "button", className: "take-seat",
          textContent: t("Take seat {number}", { number: seat + 1 }) });
        button.dataset.seat = String(seat);
        button.addEventListener("click", () => take(seat, button));
        return button;
      }));
    }
    panel.hidden = false;
    return true;
  }

  async function refresh() {
    try {
      const response = await fetch(base);
      if (!response.ok) return; // the table page says what is wrong
      if (render(await response.json())) setTimeout(refresh, POLL_MS);
    } catch {
      setTimeout(refresh, POLL_MS);
    }
  }

  async function take(seat, button) {
    const chosen = name.value.trim();
    if (!chosen) {
      error.textContent = t("Type your name first: the other players see it.");
      error.hidden = false;
      name.focus();
      return;
    }
    localStorage.setItem(NAME_KEY, chosen);
    button.disabled = true;
    try {
      const response = await fetch(`${base}/seats`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat, name: chosen }),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.error || t("the seat could not be taken"));
      window.location.assign(new URL(answer.url, window.location.origin).href);
    } catch (failure) {
      error.textContent = t("Seat {number} was not taken: {error}", { number: seat + 1, error: failure.message || failure });
      error.hidden = false;
      button.disabled = false;
    }
  }

  refresh();
}
