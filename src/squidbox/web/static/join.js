// An open table's free seats on the table page, for whoever has the table link: type a name,
// take a seat (POST /api/tables/<id>/seats), and go on as that seat.

const NAME_KEY = "squidbox-name";

export async function mountFreeSeats(container, { table }) {
  const base = `/api/tables/${encodeURIComponent(table)}`;
  let info;
  try {
    const response = await fetch(base);
    if (!response.ok) return; // the table page says what is wrong
    info = await response.json();
  } catch {
    return;
  }
  if (info.status !== "open" || !info.open_seats.length) return;
  const panel = document.createElement("section");
  panel.id = "free-seats";
  panel.className = "panel free-seats";
  panel.setAttribute("aria-labelledby", "free-seats-title");
  const heading = document.createElement("h2");
  heading.id = "free-seats-title";
  heading.textContent = "Free seats: join this game";
  const note = document.createElement("p");
  note.className = "muted";
  note.textContent = "The game starts when every seat is taken (or when the host starts it with bots).";
  const label = document.createElement("label");
  label.append("Your name ");
  const name = document.createElement("input");
  name.id = "join-name";
  name.maxLength = 24;
  name.autocomplete = "nickname";
  name.value = localStorage.getItem(NAME_KEY) || "";
  label.appendChild(name);
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  panel.append(heading, note, label);
  for (const seat of info.open_seats) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "take-seat";
    button.dataset.seat = String(seat);
    button.textContent = `Take seat ${seat + 1}`;
    button.addEventListener("click", () => take(seat, button));
    panel.appendChild(button);
  }
  panel.appendChild(error);
  container.after(panel);

  async function take(seat, button) {
    const chosen = name.value.trim();
    if (!chosen) {
      error.textContent = "Type your name first: the other players see it.";
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
      if (!response.ok) throw new Error(answer.error || "the seat could not be taken");
      window.location.assign(new URL(answer.url, window.location.origin).href);
    } catch (failure) {
      error.textContent = `Seat ${seat + 1} was not taken: ${failure.message || failure}`;
      error.hidden = false;
      button.disabled = false;
    }
  }
}
