// The lobby: create a table (game, players, human, open or bot seats, timers, options, seed) and
// list the tables: open ones (take a free seat with a name), games in progress, finished games.

import { absolute, copyRow } from "./copy.js";

// Every game has random and ISMCTS bots; the heuristic bot only where the game has a heuristic
// (the server says so when it has none).
const BOT_KINDS = [["", "Human"], ["open", "Open: anyone may take it"], ["random", "Bot: random"], ["heuristic", "Bot: heuristic"],
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
const NAME_KEY = "squidbox-name";

// Turn timer and leave policy (POST /api/tables: turn_seconds, leave_seconds, leave_bot).
const TURN_TIMES = [["", "No turn timer"], ["30", "30 seconds a turn"], ["60", "1 minute a turn"],
  ["120", "2 minutes a turn"], ["300", "5 minutes a turn"], ["86400", "1 day a turn"]];
const LEAVE_TIMES = [["", "Wait for them"], ["60", "A bot plays for them after 1 minute"],
  ["300", "A bot plays for them after 5 minutes"], ["3600", "A bot plays for them after 1 hour"]];
const LEAVE_BOTS = [["", "the heuristic bot (random where a game has none)"], ["random", "the random bot"],
  ["ismcts", "the ISMCTS bot"]];

function choice(id, label, choices) {
  const row = document.createElement("label");
  row.append(label);
  const select = document.createElement("select");
  select.id = id;
  select.replaceChildren(...choices.map(([value, text]) => option(value, text, value === "")));
  row.appendChild(select);
  return row;
}

function addTimerFields() {
  const fieldset = document.createElement("fieldset");
  fieldset.id = "timers-fieldset";
  const legend = document.createElement("legend");
  legend.textContent = "Timers";
  const help = document.createElement("small");
  help.className = "muted";
  help.textContent = "When the turn timer runs out, the server plays a sensible move for the player. " +
    "A player who is away when it is their turn can be replaced by a bot until they come back.";
  fieldset.append(legend, choice("turn-select", "Turn timer", TURN_TIMES),
    choice("leave-select", "When a player is away on their turn", LEAVE_TIMES),
    choice("leave-bot-select", "The bot that plays for them", LEAVE_BOTS), help);
  document.getElementById("seats-fieldset").after(fieldset);
}

function seconds(id) {
  const value = document.getElementById(id).value;
  return value === "" ? null : Number(value);
}

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
    if (select.value && select.value !== "open") bots[select.dataset.seat] = select.value;
  }
  return bots;
}

function readOpenSeats() {
  return [...seatRows.querySelectorAll("select")].filter((s) => s.value === "open")
    .map((s) => Number(s.dataset.seat));
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
    turn_seconds: seconds("turn-select"),
    leave_seconds: seconds("leave-select"),
    open_seats: readOpenSeats(),
  };
  const leaveBot = document.getElementById("leave-bot-select").value;
  if (leaveBot) body.leave_bot = leaveBot;
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
  heading.textContent = answer.status === "open"
    ? `Table ${answer.table} is waiting for players`
    : `Table ${answer.table} is ready`;
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
      if (humans > 1) {
        item.append(" · or send this link to the friend who plays it");
        item.appendChild(copyRow(`Seat ${seat.seat + 1} link`, seat.url));
      }
    } else if (seat.open) {
      item.textContent = `${seat.name}: open, anyone with the table link or from the lobby may take it`;
    } else {
      item.textContent = `${seat.name}: bot ${seat.bot}`;
    }
    list.appendChild(item);
  }
  const tableLink = answer.spectator_url || `/t/${answer.table}`;
  const watch = document.createElement("a");
  watch.href = tableLink;
  watch.textContent = answer.status === "open" ? "The table (free seats are taken there)" : "Watch as a spectator";
  const share = copyRow("Table link (to watch, or to take a free seat)", tableLink);
  const hostNote = document.createElement("p");
  hostNote.className = "muted";
  hostNote.textContent = "Your host link, for you alone: it shows every seat's link again, gives a seat a new " +
    "link, hands a seat to a bot or back, starts the game with bots in the free seats, and ends the table. " +
    "Keep it: it is shown only now.";
  const hostLink = document.createElement("a");
  hostLink.href = answer.host_url;
  hostLink.id = "host-link";
  hostLink.textContent = "Open the host page";
  result.append(heading, list, watch, share, hostNote, hostLink,
    copyRow("Host link (private)", answer.host_url, { secret: true }));
}

// The lobby's three lists: open tables (with their free seats), games in progress, finished ones.
const GROUPS = [["open-tables", "Open tables: take a free seat", ["open"]],
  ["playing-tables", "Games in progress", ["playing"]],
  ["finished-tables", "Finished games", ["finished", "ended", "expired", "unavailable"]]];

// Each list is asked for by itself (GET /api/tables?status=...), so that an open table is listed
// however many newer games there are.
async function listed(statuses) {
  const query = statuses.filter((status) => status !== "unavailable")
    .map((status) => `status=${status}`).join("&");
  const response = await fetch(`/api/tables?limit=50&${query}`);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return response.json();
}

async function loadTables() {
  try {
    const lists = await Promise.all(GROUPS.map(([, , statuses]) => listed(statuses)));
    if (!lists.some((tables) => tables.length)) {
      tableList.textContent = "No tables yet.";
      return;
    }
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    const sections = GROUPS.map(([id, title], index) => tableGroup(id, title, lists[index], names));
    tableList.replaceChildren(nameField(), ...sections);
  } catch (error) {
    tableList.textContent = `Could not load the tables: ${error}`;
  }
}

function nameField() {
  const label = document.createElement("label");
  label.className = "player-name";
  label.append("Your name (shown to the other players) ");
  const input = document.createElement("input");
  input.id = "player-name";
  input.maxLength = 24;
  input.autocomplete = "nickname";
  input.value = localStorage.getItem(NAME_KEY) || "";
  input.addEventListener("change", () => localStorage.setItem(NAME_KEY, input.value.trim()));
  label.appendChild(input);
  return label;
}

function tableGroup(id, title, tables, names) {
  const section = document.createElement("section");
  section.id = id;
  const heading = document.createElement("h3");
  heading.textContent = title;
  section.appendChild(heading);
  if (!tables.length) {
    const none = document.createElement("p");
    none.className = "muted";
    none.textContent = "None.";
    section.appendChild(none);
    return section;
  }
  const list = document.createElement("ul");
  list.className = "table-list";
  for (const table of tables) list.appendChild(tableItem(table, names));
  section.appendChild(list);
  return section;
}

function tableItem(table, names) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = `/t/${encodeURIComponent(table.table)}`;
  link.textContent = `${names[table.game] || table.game} · ${table.table}`;
  item.append(link, ` ${table.players} players · ${table.status} · ${formatTime(table.created)}`);
  if (table.turn_seconds) item.append(` · ${table.turn_seconds} s a turn`);
  if (table.variant) item.append(` · variant: ${table.variant}`);
  for (const seat of table.open_seats || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "take-seat";
    button.dataset.table = table.table;
    button.dataset.seat = String(seat);
    button.textContent = `Take seat ${seat + 1}`;
    button.addEventListener("click", () => takeSeat(table.table, seat, button));
    item.appendChild(button);
  }
  return item;
}

// A refusal is shown next to the button that was clicked.
function takeError(button, text) {
  const item = button.closest("li");
  let line = item.querySelector(".take-error");
  if (!line) {
    line = document.createElement("p");
    line.className = "error take-error";
    line.setAttribute("role", "alert");
    item.appendChild(line);
  }
  line.textContent = text;
}

async function takeSeat(tableId, seat, button) {
  const input = document.getElementById("player-name");
  const name = input.value.trim();
  if (!name) {
    takeError(button, "Type your name first (above the lists): the other players see it.");
    input.focus();
    return;
  }
  localStorage.setItem(NAME_KEY, name);
  button.disabled = true;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seat, name }),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || "could not take the seat");
    window.location.assign(absolute(answer.url));
  } catch (error) {
    takeError(button, `Seat ${seat + 1} was not taken: ${error.message || error}`);
    button.disabled = false;
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

addTimerFields();
gameSelect.addEventListener("change", gameChanged);
playersSelect.addEventListener("change", fillSeats);
form.addEventListener("submit", createTable);
start();
