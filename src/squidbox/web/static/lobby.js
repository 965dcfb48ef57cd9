// The lobby: create a table (game, players, human, open or bot seats, timers, options, seed) and
// list the tables: open ones (take a free seat with a name), games in progress, finished games.

import { BOT_WORDS, botLabel, botLevel } from "./bots.js";
import { absolute, copyRow } from "./copy.js";
import { loadSeatNames, seatNameIn } from "./seatnames.js";
import { LANGUAGE, t } from "./i18n.js";
import { durationText } from "./mytables.js";

// Who sits in a seat: a person, an open seat, or one of the computer players the server offers
// for the game (GET /api/games: `bots`, and `default_bot` for a new seat).
const PEOPLE = [["", t("A person (gets a link)")], ["open", t("Open: anyone may take it")]];

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
// Live tables have short timers; turn-based ones (a move an hour or a day, players away in
// between) long ones: those are offered in a group of their own.
const TURN_TIMES = [["", t("No turn timer")], ["30", t("30 seconds a turn")], ["60", t("1 minute a turn")],
  ["120", t("2 minutes a turn")], ["300", t("5 minutes a turn")]];
const LONG_TURN_TIMES = [["3600", t("1 hour a turn")], ["43200", t("12 hours a turn")],
  ["86400", t("1 day a turn")], ["259200", t("3 days a turn")]];
const LEAVE_TIMES = [["", t("Wait for them")], ["60", t("Computer takes over after 1 minute")],
  ["300", t("Computer takes over after 5 minutes")], ["3600", t("Computer takes over after 1 hour")]];


function choice(id, label, choices) {
  const row = document.createElement("label");
  row.append(label);
  const select = document.createElement("select");
  select.id = id;
  select.replaceChildren(...choices.map(([value, text]) => option(value, text, value === "")));
  row.appendChild(select);
  return row;
}

// The turn timer's choices: the live ones, then the turn-based ones in their own group.
function turnChoice() {
  const row = choice("turn-select", t("Turn timer"), TURN_TIMES);
  const group = document.createElement("optgroup");
  group.label = t("Turn-based: play when you have time");
  group.replaceChildren(...LONG_TURN_TIMES.map(([value, text]) => option(value, text)));
  const select = row.querySelector("select");
  select.appendChild(group);
  select.addEventListener("change", turnChanged);
  return row;
}

// A turn-based table's players are away most of the time: a computer taking over whoever is
// away on their turn would play their game for them, so a long timer waits for them.
function turnChanged() {
  const turn = seconds("turn-select");
  const leave = document.getElementById("leave-select");
  const note = document.getElementById("turn-based-note");
  const long = turn !== null && turn >= 3600;
  if (long && leave.value !== "" && Number(leave.value) < turn) leave.value = "";
  note.hidden = !long;
}

function addTimerFields() {
  const fieldset = document.createElement("fieldset");
  fieldset.id = "timers-fieldset";
  const legend = document.createElement("legend");
  legend.textContent = t("Timers");
  const help = document.createElement("small");
  help.className = "muted";
  help.textContent = t("When the turn timer runs out, the server plays a sensible move for the player. " +
    "A player who is away when it is their turn can be replaced by a computer player until they come back.");
  const turnBased = document.createElement("small");
  turnBased.id = "turn-based-note";
  turnBased.hidden = true;
  turnBased.textContent = t("A turn-based table: play one move when you have time. Open \"My tables\" " +
    "(at the top of every page) to see which of your tables wait for you, and let it notify you.");
  fieldset.append(legend, turnChoice(), turnBased,
    choice("leave-select", t("When a player is away on their turn"), LEAVE_TIMES),
    choice("leave-bot-select", t("The computer player that plays for them"), []), help);
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
  playersSelect.replaceChildren(...counts.map((n) => option(String(n), t("{count} players", { count: n }), n === preferred)));
  describeGame(game);
  fillLeaveBots(game);
  fillSeats();
  fillOptions(game);
}

// One line on what the game is (from the game's lobby.toml), and its how-to-play page.
function describeGame(game) {
  const about = document.getElementById("game-about");
  const link = document.createElement("a");
  link.href = game.rules_url;
  link.textContent = t("How to play {game}", { game: game.name });
  about.replaceChildren(game.lobby ? `${game.lobby.description} ` : "", link);
}

// The stand-in for an away player: the server's default for the game (sent as no choice), or
// another of its bots.
function fillLeaveBots(game) {
  const others = game.bots.filter((kind) => kind !== game.default_bot);
  document.getElementById("leave-bot-select").replaceChildren(option("", botLabel(game.default_bot), true),
    ...others.map((kind) => option(kind, botLabel(kind))));
}

function botHelp(game) {
  document.getElementById("bot-help").textContent = game.bots.filter((kind) => BOT_WORDS[kind])
    .map((kind) => `${botLabel(kind)}: ${BOT_WORDS[kind][1]}.`).join(" ");
}

function playersChanged() {
  fillSeats();
  for (const select of optionRows.querySelectorAll("select[data-control='seat']")) fillSeatChoices(select);
}

function fillSeats() {
  const game = currentGame();
  const kinds = [...PEOPLE, ...game.bots.map((kind) => [kind, botLabel(kind)])];
  botHelp(game);
  const count = Number(playersSelect.value);
  const previous = [...seatRows.querySelectorAll("select")].map((s) => s.value);
  seatRows.replaceChildren();
  for (let seat = 0; seat < count; seat += 1) {
    const row = document.createElement("label");
    row.className = "seat-row";
    row.append(t("Seat {number}", { number: seat + 1 }));
    const select = document.createElement("select");
    select.name = `seat-${seat}`;
    select.dataset.seat = String(seat);
    const fallback = seat === 0 ? "" : game.default_bot;
    const kept = previous[seat];
    const chosen = kinds.some(([value]) => value === kept) ? kept : fallback;
    select.replaceChildren(...kinds.map(([value, text]) => option(value, text, value === chosen)));
    row.appendChild(select);
    seatRows.appendChild(row);
  }
}

function fillOptions(game) {
  optionRows.replaceChildren();
  if (!game.options.length) {
    optionRows.textContent = t("This game has no options.");
    return;
  }
  // The words come from the game's lobby.toml; a game without one shows the option's own
  // name and help.
  const words = game.lobby ? game.lobby.options : {};
  for (const spec of game.options) {
    const text = words[spec.name] || { label: spec.name, help: spec.help };
    const row = document.createElement("label");
    row.className = "option-row";
    row.append(text.label);
    const field = optionInput(spec, text);
    const help = document.createElement("small");
    help.id = `option-help-${spec.name}`;
    help.textContent = text.help;
    field.setAttribute("aria-describedby", help.id);
    row.append(field, help);
    optionRows.appendChild(row);
  }
}

// A choice option is a select of its choices' labels; a free one is a select of the seats
// (control "seat"), or a text box ("text", or "list": names separated by commas).
function optionInput(spec, text) {
  const defaultText = JSON.stringify(spec.default);
  if (Array.isArray(spec.choices) || text.control === "seat") {
    const select = document.createElement("select");
    select.dataset.option = spec.name;
    select.dataset.default = defaultText;
    if (Array.isArray(spec.choices)) {
      const labels = text.choice_labels || spec.choices.map((c) => (typeof c === "string" ? c : JSON.stringify(c)));
      select.replaceChildren(...spec.choices.map((c, i) => option(JSON.stringify(c), labels[i], JSON.stringify(c) === defaultText)));
    } else {
      select.dataset.control = "seat";
      select.dataset.words = JSON.stringify(text.words || []);
      fillSeatChoices(select);
    }
    return select;
  }
  const input = document.createElement("input");
  input.type = "text";
  input.value = typeof spec.default === "string" ? spec.default : defaultText;
  input.dataset.option = spec.name;
  input.dataset.default = defaultText;
  input.dataset.free = text.control || "text";
  input.dataset.words = JSON.stringify((text.words || []).map((w) => w.value));
  return input;
}

// A seat option offers its plain words ("random") and Seat 1 … Seat N (sent as 0 … N-1).
function fillSeatChoices(select) {
  const kept = select.value || select.dataset.default;
  const words = JSON.parse(select.dataset.words).map((w) => [JSON.stringify(w.value), w.label]);
  const seats = Array.from({ length: Number(playersSelect.value) }, (_, seat) => [String(seat), t("Seat {number}", { number: seat + 1 })]);
  const all = [...words, ...seats];
  const chosen = all.some(([value]) => value === kept) ? kept : select.dataset.default;
  select.replaceChildren(...all.map(([value, label]) => option(value, label, value === chosen)));
}

// What a text box means: a number or JSON as typed; the option's default word or one of its
// plain words ("random") as that word; for a "list" option, anything else is names separated
// by commas.
function typedValue(field) {
  const typed = field.value.trim();
  if (typed === "") return JSON.parse(field.dataset.default);
  try {
    return JSON.parse(typed);
  } catch {
    // not JSON: plain words follow
  }
  const words = [...JSON.parse(field.dataset.words), JSON.parse(field.dataset.default)];
  const word = words.find((w) => typeof w === "string" && w.toLowerCase() === typed.toLowerCase());
  if (word !== undefined) return word;
  if (field.dataset.free === "list") return typed.split(",").map((name) => name.trim()).filter(Boolean);
  return typed;
}

function readOptions() {
  const options = {};
  for (const field of optionRows.querySelectorAll("[data-option]")) {
    const value = field.dataset.free ? typedValue(field) : JSON.parse(field.value);
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
  if (document.getElementById("rated-check").checked) body.rated = true;
  if (document.getElementById("signed-in-check").checked) body.signed_in_only = true;
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
    if (!response.ok) throw new Error(`${answer.error || t("could not create the table")} (${answer.code || response.status})`);
    showCreated(answer, await loadSeatNames(body.game));
    loadTables();
  } catch (error) {
    lobbyError.textContent = String(error.message || error);
    lobbyError.hidden = false;
  } finally {
    button.disabled = false;
  }
}

// A link to the new table; with "Show proposed values" (For designers) it opens the table with
// the PROPOSED values marked (table.js reads ?proposed=1).
function tableHref(url) {
  if (!document.getElementById("proposed-check")?.checked) return url;
  return `${url}${url.includes("?") ? "&" : "?"}proposed=1`;
}

function showCreated(answer, names) {
  result.replaceChildren();
  const heading = document.createElement("h3");
  heading.textContent = answer.status === "open"
    ? t("Table {table} is waiting for players", { table: answer.table })
    : t("Table {table} is ready", { table: answer.table });
  const list = document.createElement("ul");
  list.className = "seat-links";
  const humans = answer.seats.filter((seat) => seat.url).length;
  for (const seat of answer.seats) {
    const item = document.createElement("li");
    if (seat.url) {
      const link = document.createElement("a");
      link.href = tableHref(seat.url);
      link.className = "seat-link";
      link.dataset.seat = String(seat.seat);
      link.textContent = t("Play as {name} (seat {number})", { name: seatNameIn(names, seat.name), number: seat.seat + 1 });
      item.appendChild(link);
      if (humans > 1) {
        item.append(` · ${t("or send this link to the friend who plays it")}`);
        item.appendChild(copyRow(t("Seat {number} link", { number: seat.seat + 1 }), tableHref(seat.url)));
      }
    } else if (seat.open) {
      item.textContent = t("{name}: open, anyone with the table link or from the lobby may take it", { name: seatNameIn(names, seat.name) });
    } else {
      item.textContent = t("{name}: played by the computer ({level})", { name: seatNameIn(names, seat.name), level: botLevel(seat.bot) });
    }
    list.appendChild(item);
  }
  const tableLink = tableHref(answer.spectator_url || `/t/${answer.table}`);
  const watch = document.createElement("a");
  watch.href = tableLink;
  watch.textContent = answer.status === "open" ? t("The table (free seats are taken there)") : t("Watch as a spectator");
  const share = copyRow(t("Table link (to watch, or to take a free seat)"), tableLink);
  const hostNote = document.createElement("p");
  hostNote.className = "muted";
  hostNote.textContent = t("Your host link, for you alone: it shows every seat's link again, gives a seat a new " +
    "link, hands a seat to a bot or back, starts the game with bots in the free seats, and ends the table. " +
    "Keep it: it is shown only now.");
  const hostLink = document.createElement("a");
  hostLink.href = answer.host_url;
  hostLink.id = "host-link";
  hostLink.textContent = t("Open the host page");
  result.append(heading, list, watch, share, hostNote, hostLink,
    copyRow(t("Host link (private)"), answer.host_url, { secret: true }));
  // The way in is the first thing seen after Create: the result's top on screen, its first
  // seat link (drawn as the main button) focused.
  const way = list.querySelector("a.seat-link");
  way?.classList.add("primary");
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  result.scrollIntoView({ block: "start", behavior: reduced ? "auto" : "smooth" });
  way?.focus({ preventScroll: true });
}

// The lobby's lists: open tables (with their free seats), games in progress, tables only bots
// have played so far (nobody joined them: a table made and never opened, or bots for watching),
// finished ones. Each group keeps the tables of its statuses that `keep` accepts.
const GROUPS = [["open-tables", t("Open tables: take a free seat"), ["open"]],
  ["playing-tables", t("Games in progress"), ["playing"], (table) => !table.bots_only],
  ["bots-tables", t("Played by bots only: nobody has joined yet"), ["playing"], (table) => table.bots_only],
  ["finished-tables", t("Finished games"), ["finished", "ended", "expired", "outdated", "unavailable"]]];
const STATUS_WORDS = { open: t("open"), playing: t("playing"), finished: t("finished"), ended: t("ended"),
  expired: t("expired"), outdated: t("finished under older rules"), unavailable: t("unavailable") };

// Each list is asked for by itself (GET /api/tables?status=...), so that an open table is listed
// however many newer games there are.
async function listed(statuses) {
  const query = statuses.filter((status) => status !== "unavailable")
    .map((status) => `status=${status}`).join("&");
  const response = await fetch(`/api/tables?limit=50&${query}`);
  if (!response.ok) throw new Error(t("the server answered {status}", { status: response.status }));
  return response.json();
}

// Loads may overlap (the page's first load and the one after Create table): only the newest
// one's answer is drawn, so a slower older answer never hides a table just made.
let latestLoad = 0;
// The lists refresh by themselves while the page is in view; a list that has not changed is
// not redrawn (the name being typed keeps its focus), and a refresh that fails keeps the lists
// shown rather than replacing them with an error.
const REFRESH_SECONDS = 15;
let shownLists = null;
const nameLabel = nameField();

async function loadTables({ quiet = false } = {}) {
  const load = ++latestLoad;
  try {
    // one answer per list of statuses, split between the groups that share it, so that a
    // table whose marks change between two answers is never left out of both groups
    const answers = new Map();
    const answer = (statuses) => {
      const key = statuses.join();
      if (!answers.has(key)) answers.set(key, listed(statuses));
      return answers.get(key);
    };
    const lists = await Promise.all(GROUPS.map(([, , statuses, keep]) =>
      answer(statuses).then((tables) => (keep ? tables.filter(keep) : tables))));
    if (load !== latestLoad) return;
    const shown = JSON.stringify(lists);
    if (shown === shownLists) return;
    shownLists = shown;
    if (!lists.some((tables) => tables.length)) {
      tableList.textContent = t("No tables yet.");
      return;
    }
    const names = Object.fromEntries(games.map((g) => [g.id, g.name]));
    const sections = GROUPS.map(([id, title], index) => tableGroup(id, title, lists[index], names))
      .filter((section, index) => section.id !== "bots-tables" || lists[index].length);
    if (nameLabel.parentNode !== tableList) tableList.replaceChildren(nameLabel);
    while (nameLabel.nextSibling) nameLabel.nextSibling.remove();
    tableList.append(...sections);
  } catch (error) {
    if (load !== latestLoad || quiet) return;
    shownLists = null;
    tableList.textContent = t("Could not load the tables: {error}", { error });
  }
}

function nameField() {
  const label = document.createElement("label");
  label.className = "player-name";
  label.append(`${t("Your name (shown to the other players)")} `);
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
    none.textContent = t("None.");
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
  item.append(link, ` ${t("{count} players", { count: table.players })} · ${STATUS_WORDS[table.status] || table.status} · ${formatTime(table.created)}`);
  if (table.status === "finished" || table.status === "outdated") {
    const replay = document.createElement("a");
    replay.href = `/replay/${encodeURIComponent(table.table)}`;
    replay.className = "replay-link";
    replay.textContent = t("replay");
    replay.setAttribute("aria-label", t("Replay of table {table}", { table: table.table }));
    item.append(" · ", replay);
  }
  if (table.turn_seconds) item.append(` · ${t("{time} a turn", { time: durationText(table.turn_seconds) })}`);
  if (table.variant) item.append(` · ${t("variant: {variant}", { variant: table.variant })}`);
  if (table.rated) item.append(` · ${t("rated")}`);
  else if (table.signed_in_only) item.append(` · ${t("signed-in people only")}`);
  for (const player of table.ratings || []) {
    const rating = player.provisional ? t("{rating}, provisional", { rating: player.rating }) : String(player.rating);
    item.append(` · ${player.name} (${rating})`);
  }
  for (const seat of table.open_seats || []) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "take-seat";
    button.dataset.table = table.table;
    button.dataset.seat = String(seat);
    button.textContent = t("Take seat {number}", { number: seat + 1 });
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
  const name = input.value.trim() || document.body.dataset.account || "";  // account.js
  if (!name) {
    takeError(button, t("Type your name first (above the lists): the other players see it."));
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
    if (!response.ok) throw new Error(answer.error || t("could not take the seat"));
    window.location.assign(absolute(answer.url));
  } catch (error) {
    takeError(button, t("Seat {number} was not taken: {error}", { number: seat + 1, error: error.message || error }));
    button.disabled = false;
  }
}

function formatTime(created) {
  if (created === undefined || created === null) return "";
  const date = typeof created === "number" ? new Date(created * 1000) : new Date(created);
  return Number.isNaN(date.getTime()) ? String(created) : date.toLocaleString(LANGUAGE);
}

async function start() {
  try {
    const response = await fetch("/api/games");
    games = await response.json();
    fillGames();
  } catch (error) {
    lobbyError.textContent = t("Could not load the games: {error}", { error });
    lobbyError.hidden = false;
  }
  loadTables();
}

addTimerFields();
gameSelect.addEventListener("change", gameChanged);
playersSelect.addEventListener("change", playersChanged);
form.addEventListener("submit", createTable);
const refreshTables = () => {
  if (!document.hidden) loadTables({ quiet: true });
};
setInterval(refreshTables, REFRESH_SECONDS * 1000);
document.addEventListener("visibilitychange", refreshTables);
// A rated table: the creator's seat and open seats for signed-in people (no bots).
document.getElementById("rated-check").addEventListener("change", (event) => {
  if (!event.target.checked) return;
  document.getElementById("signed-in-check").checked = true;
  for (const select of seatRows.querySelectorAll("select")) {
    select.value = select.dataset.seat === "0" ? "" : "open";
  }
});
start();
