// A profile page /u/<name>: games played and won per game with the rating, a chart of each
// game's rating history (inline SVG), and the recent finished games with their replays
// (GET /api/profiles/{name}; nothing of a game still being played).

import { ratingText } from "./account.js";
import { LANGUAGE, t } from "./i18n.js";

const root = document.getElementById("profile");
const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 320;
const HEIGHT = 120;
const PAD = 36;  // room at the left for the lowest and highest rating

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function svg(tag, attributes) {
  const made = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, String(value));
  return made;
}

// The rating after each rated game, first to last: a line with a dot per game, the lowest and
// highest rating written at the left.
export function historyChart(points, label) {
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", class: "rating-chart" });
  const title = svg("title", {});
  title.textContent = label;
  chart.appendChild(title);
  const values = [points[0].before, ...points.map((point) => point.after)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = Math.max(high - low, 1);
  const x = (index) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(values.length - 1, 1);
  const y = (value) => HEIGHT - PAD / 2 - ((value - low) * (HEIGHT - PAD)) / span;
  chart.appendChild(svg("line", { x1: PAD, y1: HEIGHT - PAD / 2, x2: WIDTH - PAD, y2: HEIGHT - PAD / 2, class: "axis" }));
  chart.appendChild(svg("polyline", { points: values.map((value, i) => `${x(i)},${y(value)}`).join(" "), class: "rating-line" }));
  values.forEach((value, i) => chart.appendChild(svg("circle", { cx: x(i), cy: y(value), r: 3, class: "rating-dot" })));
  for (const value of new Set([low, high])) {
    const text = svg("text", { x: 2, y: y(value) + 4, class: "rating-label" });
    text.textContent = String(value);
    chart.appendChild(text);
  }
  return chart;
}

function gamesTable(games, names) {
  const table = element("table", undefined, "profile-games");
  const head = table.createTHead().insertRow();
  for (const word of [t("Game"), t("Played"), t("Won"), t("Rating")]) head.appendChild(element("th", word));
  const body = table.createTBody();
  for (const [game, row] of Object.entries(games)) {
    const line = body.insertRow();
    line.insertCell().textContent = names[game] || game;
    line.insertCell().textContent = String(row.played);
    line.insertCell().textContent = String(row.won);
    line.insertCell().textContent = row.rating === undefined ? "–" : ratingText(row);
  }
  return table;
}

function recentList(recent, names) {
  const list = element("ul", undefined, "profile-recent");
  for (const game of recent) {
    const item = element("li");
    item.append(`${names[game.game] || game.game} · ${new Date(game.created).toLocaleDateString(LANGUAGE)} · `
      + `${game.won ? t("won") : t("not won")} · `);
    const replay = element("a", t("replay"));
    replay.href = game.replay_url;
    item.appendChild(replay);
    list.appendChild(item);
  }
  return list;
}

async function show() {
  const name = root.dataset.name;
  const response = await fetch(`/api/profiles/${encodeURIComponent(name)}`);
  if (!response.ok) {
    root.replaceChildren(element("p", t("Nobody is called {name} here.", { name }), "error"));
    return;
  }
  const profile = await response.json();
  const games = await (await fetch("/api/games")).json();
  const names = Object.fromEntries(games.map((game) => [game.id, game.name]));
  document.getElementById("profile-name").textContent = profile.name;
  document.getElementById("profile-joined").textContent = t("Playing since {date}", { date: profile.joined });
  const parts = [element("h2", t("Games"))];
  parts.push(Object.keys(profile.games).length ? gamesTable(profile.games, names) : element("p", t("No finished games yet."), "muted"));
  for (const [game, points] of Object.entries(profile.rating_history)) {
    const label = t("Rating in {game}", { game: names[game] || game });
    parts.push(element("h3", label), historyChart(points, label));
  }
  parts.push(element("h2", t("Recent games")));
  parts.push(profile.recent.length ? recentList(profile.recent, names) : element("p", t("None."), "muted"));
  root.replaceChildren(...parts);
}

show();
