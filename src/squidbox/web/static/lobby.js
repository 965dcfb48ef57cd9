// The lobby: create a table (game, players, human or bot seats, options, seed) and list tables.

// Every game has random and ISMCTS bots; the heuristic bot only where the game has a heuristic
// (the server says so when it has none).
const BOT_KINDS = [["", "Human"], ["random", "Bot: random"], ["heuristic", "Bot: heuristic"],
  ["ismcts", "Bot: ISMCTS (strong, slow)"]];

const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game-select");
const playersSelect = document.getElementById("players-select");
const seatRows = document.getElementById("seat-rows");
const optionRows = document.getElementById("option-rows");
const seedInput = document.getElementById("seed-input");
const result = document.getElementById("create-result");
const lobbyError = document.getElementById("lobby-error");
const tableList = document.getElementById("table-list");

let games = [];

function currentGame() {
  return games.find((g) => g.id === gameSelect.value);
}

function option(value, text, selected = false) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = text;
  node.selected = selected;
  return node;
}

function fillGames() {
  gameSelect.replaceChildren(...games.map((g) => option(g.id, g.name)));
  const wanted = new URLSearchParams(window.location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) gameSelect.value = wanted;
  gameChanged();
}

function gameChanged() {
  const game = currentGame();
  if (!game) return;
  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n += 1) counts.push(n);
  const preferred = counts.includes(3) ? 3 : counts[0];
  playersSelect.replaceChildren(...counts.map((n) => option(String(n), `${n} players`, n === preferred)));
  fillSeats();
  fillOptions(game);
}

function fillSeats() {
  const count = Number(playersSelect.value);
  const previous = [...seatRows.querySelectorAll("select")].map((s) => s.value);
  seatRows.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const row = document.createElement("label");
    row.className = "seat-row";
    row.append(`Seat ${seat + 1}`);
    const select = document.createElement("select");
    select.name = `seat-${seat}`;
    select.dataset.seat = String(seat);
    const fallback = seat === 0 ? "" : "random";
    const chosen = previous[seat] ?? fallback;
    select.replaceChildren(...BOT_KINDS.map(([value, text]) => option(value, text, value === chosen)));
    row.appendChild(select);
    seatRows.appendChild(row);
  }
}

function fillOptions(game) {
  optionRows.replaceChildren();
  if (!game.options.length) {
    optionRows.textContent = "This game has no options.";
    return;
  }
  for (const spec of game.options) {
    const row = document.createElement("label");
    row.className = "option-row";
    row.append(spec.name);
    row.appendChild(optionInput(spec));
    const help = document.createElement("small");
    help.textContent = spec.help;
    row.appendChild(help);
    optionRows.appendChild(row);
  }
}

function optionInput(spec) {
  const defaultText = JSON.stringify(spec.default);
  if (Array.isArray(spec.choices)) {
    const select = document.createElement("select");
    select.replaceChildren(...spec.choices.map((c) => {
      const text = JSON.stringify(c);
      return option(text, typeof c === "string" ? c : text, text === defaultText);
    }));
    select.dataset.option = spec.name;
    select.dataset.default = defaultText;
    return select;
  }
  const input = document.createElement("input");
  input.type = "text";
  input.value = typeof spec.default === "string" ? spec.default : defaultText;
  input.dataset.option = spec.name;
  input.dataset.default = defaultText;
  input.dataset.free = "yes";
  return input;
}

function readOptions() {
  const options = {};
  for (const field of optionRows.querySelectorAll("[data-option]")) {
    let value;
    if (field.dataset.free === "yes") {
      try {
        value = JSON.parse(field.value);
      } catch {
        value = field.value;
      }
    } else {
      value = JSON.parse(field.value);
    }
    if (JSON.stringify(value) !== field.dataset.default) options[field.dataset.option] = value;
  }
  return options;
}

function readBots() {
  const bots = {};
  for (const select of seatRows.querySelectorAll("select")) {
    if (select.value) bots[select.dataset.seat] = select.value;
  }
  return bots;
}

async function createTable(event) {
  event.preventDefault();
  lobbyError.hidden = true;
  const body = {
    game: gameSelect.value,
    players: Number(playersSelect.value),
    options: readOptions(),
    bots: readBots(),
    seed: seedInput.value === "" ? null : Number(seedInput.value),
    turn_seconds: null,
  };
  const edits = document.getElementById("variant-input").value.split("\n").map((line) => line.trim()).filter(Boolean);
  if (edits.length) body.variant = edits;
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${answer.error || "could not create the table"} (${answer.code || response.status})`);
    showCreated(answer);
    loadTables();
  } catch (error) {
    lobbyError.textContent = String(error.message || error);
    lobbyError.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function showCreated(answer) {
  result.replaceChildren();
  const heading = document.createElement("h3");
  heading.textContent = `Table ${answer.table} is ready`;
  const list = document.createElement("ul");
  list.className = "seat-links";
  const humans = answer.seats.filter((seat) => seat.url).length;
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    if (seat.url) {
      const link = document.createElement("a");
      link.href = seat.url;
      link.className = "seat-link";
      link.dataset.seat = String(seat.seat);
      link.textContent = `Play as ${seat.name} (seat ${seat.seat + 1})`;
      item.appendChild(link);
      if (humans > 1) item.append(" · or send this link to the friend who plays it");
    } else {
      item.textContent = `${seat.name}: bot ${seat.bot}`;
    }
    list.appendChild(item);
  }
  const watch = document.createElement("a");
  watch.href = answer.spectator_url || `/t/${answer.table}`;
  watch.textContent = "Watch as a spectator";
  result.append(heading, list, watch);
}

async function loadTables() {
  try {
    const response = await fetch("/api/tables");
    const tables = await response.json();
    if (!tables.length) {
      tableList.textContent = "No tables yet.";
      return;
    }
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    const list = document.createElement("ul");
    list.className = "table-list";
    for (const table of tables.slice(0, 50)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/t/${encodeURIComponent(table.table)}`;
      link.textContent = `${names[table.game] || table.game} · ${table.table}`;
      item.append(link, ` ${table.players} players · ${table.status} · ${formatTime(table.created)}`);
      if (table.variant) item.append(` · variant: ${table.variant}`);
      list.appendChild(item);
    }
    tableList.replaceChildren(list);
  } catch (error) {
    tableList.textContent = `Could not load the tables: ${error}`;
  }
}

function formatTime(created) {
  if (created === undefined || created === null) return "";
  const date = typeof created === "number" ? new Date(created * 1000) : new Date(created);
  return Number.isNaN(date.getTime()) ? String(created) : date.toLocaleString();
}

async function start() {
  try {
    const response = await fetch("/api/games");
    games = await response.json();
    fillGames();
  } catch (error) {
    lobbyError.textContent = `Could not load the games: ${error}`;
    lobbyError.hidden = false;
  }
  loadTables();
}

gameSelect.addEventListener("change", gameChanged);
playersSelect.addEventListener("change", fillSeats);
form.addEventListener("submit", createTable);
start();
