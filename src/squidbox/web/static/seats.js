// The seats this browser holds: one token per table AND seat, so that one browser can play
// several seats of several tables at once (docs/web-client.md, "Seats in the browser").
//
// Which seat a tab shows is in its own address: `/t/<id>?seat=<s>` (a seat link
// `?seat=<s>&token=<t>` stores the token and is rewritten to that), `/t/<id>` is always a
// spectator. So two tabs of one table never overwrite each other and a reload keeps its seat.

import { t } from "./i18n.js";

const PREFIX = "squidbox:seat:";
const LEGACY_PREFIX = "squidbox:table:";  // before issue 13: one token per table
const MAX_SHOWN = 30;

function key(tableId, seat) {
  return `${PREFIX}${tableId}:${seat}`;
}

function read(storageKey) {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) || "null");
    return stored && typeof stored.token === "string" && stored.token ? stored : null;
  } catch {
    return null;
  }
}

function isSeatNumber(text) {
  return /^\d{1,3}$/.test(text ?? "");
}

export function rememberSeat(tableId, seat, token) {
  const before = read(key(tableId, seat)) || {};
  const stored = { ...before, table: tableId, seat: Number(seat), token, savedAt: Date.now() };
  localStorage.setItem(key(tableId, seat), JSON.stringify(stored));
  return stored;
}

// Names for the switcher, learnt from the first state message (game and seat names).
// Returns whether anything changed.
export function describeSeat(tableId, seat, details) {
  const stored = read(key(tableId, seat));
  if (!stored || Object.entries(details).every(([k, v]) => !v || stored[k] === v)) return false;
  const known = Object.fromEntries(Object.entries(details).filter(([, v]) => v));
  localStorage.setItem(key(tableId, seat), JSON.stringify({ ...stored, ...known }));
  return true;
}

export function forgetSeat(tableId, seat) {
  localStorage.removeItem(key(tableId, seat));
}

// Every seat of every table this browser holds, the most recently opened first.
export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const name = localStorage.key(i);
    if (name?.startsWith(PREFIX)) {
      const stored = read(name);
      if (stored) seats.push(stored);
    }
  }
  return seats.sort((a, b) => (b.savedAt || 0) - (a.savedAt || 0)).slice(0, MAX_SHOWN);
}

// A token kept by the page before seats were kept per seat moves to its seat's key.
function migrateLegacy(tableId) {
  const old = read(`${LEGACY_PREFIX}${tableId}`);
  if (old && isSeatNumber(String(old.seat)) && !read(key(tableId, old.seat))) {
    rememberSeat(tableId, old.seat, old.token);
  }
  localStorage.removeItem(`${LEGACY_PREFIX}${tableId}`);
}

// What this tab is: {kind: "seat", seat, token} | {kind: "spectator"} | {kind: "no-token", seat}
// (a `?seat=` this browser holds no link for) | {kind: "bad-link"} (a seat that is no number).
export function seatOfThisTab(tableId) {
  migrateLegacy(tableId);
  const params = new URLSearchParams(window.location.search);
  const seatParam = params.get("seat");
  const token = params.get("token");
  if (seatParam === null && !token) return { kind: "spectator" };
  if (!isSeatNumber(seatParam)) return { kind: "bad-link" };
  const seat = Number(seatParam);
  if (token) {
    rememberSeat(tableId, seat, token);
    // The token leaves the address bar (and the history); the seat stays, for a reload, and so
    // do the page's other settings (?lang=, ?proposed=).
    params.delete("token");
    history.replaceState(null, "", `${window.location.pathname}?${params}`);
    return { kind: "seat", seat, token };
  }
  const stored = read(key(tableId, seat));
  return stored ? { kind: "seat", seat, token: stored.token } : { kind: "no-token", seat };
}

export function seatHref(tableId, seat) {
  const path = `/t/${encodeURIComponent(tableId)}`;
  return seat === null || seat === undefined ? path : `${path}?seat=${seat}`;
}

function seatText(held) {
  const name = held.name || t("seat {number}", { number: held.seat + 1 });
  return `${name} · ${held.gameName || held.game || t("table")} ${held.table}`;
}

// The "You are playing: …" switcher: what this tab is, and a list of links to every seat this
// browser holds (this table's first) and to this table as a spectator. Plain links, so that
// nothing changes on its own while someone browses the list.
export function renderSwitcher(container, tableId, currentSeat) {
  if (!container) return;
  const held = heldSeats();
  const here = held.filter((h) => h.table === tableId);
  const elsewhere = held.filter((h) => h.table !== tableId);
  const current = here.find((h) => h.seat === currentSeat);
  container.replaceChildren();
  container.hidden = held.length === 0;
  if (!held.length) return;
  const now = document.createElement("p");
  now.className = "switcher-now";
  if (current) {
    const strong = document.createElement("strong");
    strong.textContent = seatText(current);
    now.append(`${t("You are playing:")} `, strong);
  } else {
    now.textContent = t("You are watching table {table}.", { table: tableId });
  }
  const list = document.createElement("ul");
  for (const h of [...here, ...elsewhere]) list.appendChild(linkItem(seatText(h), h.table, h.seat, h === current));
  list.appendChild(linkItem(t("Watch table {table} as a spectator", { table: tableId }), tableId, null, !current));
  const details = document.createElement("details");
  details.className = "switcher-list";
  const summary = document.createElement("summary");
  summary.textContent = t("Your seats in this browser ({count})", { count: held.length });
  details.append(summary, list);
  container.append(now, details);
}

function linkItem(text, tableId, seat, isCurrent) {
  const item = document.createElement("li");
  const link = document.createElement("a");
  link.href = seatHref(tableId, seat);
  link.textContent = text;
  if (isCurrent) link.setAttribute("aria-current", "page");
  item.appendChild(link);
  return item;
}
