// The account in every page's header (docs/accounts.md): "Sign in", or the signed-in person's
// name. For a signed-in person it also brings the seats the account holds into this browser
// (seats.js), so "My tables" (mytables.js) follows the account on every device, lists the
// tables the account is invited to on /mine, and names the players' ratings on a table page.

import { t } from "./i18n.js";
import { heldSeats, rememberSeat } from "./seats.js";

const link = document.getElementById("account-link");
const shownTable = document.getElementById("table-app")?.dataset.table ?? null;

async function getJson(url) {
  const response = await fetch(url);
  return response.ok ? response.json() : null;
}

export async function currentAccount() {
  try {
    return (await getJson("/api/account"))?.account ?? null;
  } catch {
    return null;
  }
}

// Seats held by account that this browser does not know yet are remembered; mytables.js hears
// of them as of a change made in another tab.
function adoptSeats(seats) {
  const known = new Set(heldSeats().map((held) => `${held.table}:${held.seat}:${held.token}`));
  let added = false;
  for (const seat of seats) {
    if (known.has(`${seat.table}:${seat.seat}:${seat.token}`)) continue;
    rememberSeat(seat.table, seat.seat, seat.token);
    added = true;
  }
  if (added) window.dispatchEvent(new StorageEvent("storage", { key: null }));
}

// A new invitation is notified like a turn (mytables.js), when the player asked for
// notifications; each invitation once per browser.
const NOTIFY_KEY = "squidbox:notify";
const SEEN_KEY = "squidbox:invites-seen";

function notifyInvites(invites) {
  const seen = new Set(JSON.parse(localStorage.getItem(SEEN_KEY) || "[]"));
  const fresh = invites.filter((invite) => !seen.has(invite.table));
  localStorage.setItem(SEEN_KEY, JSON.stringify(invites.map((invite) => invite.table)));
  if (!("Notification" in window) || Notification.permission !== "granted"
    || localStorage.getItem(NOTIFY_KEY) !== "on") return;
  for (const invite of fresh) {
    const note = new Notification(t("Invitations"), { body: t("Table {table}: take a seat", { table: invite.table }),
      tag: `invite:${invite.table}` });
    note.addEventListener("click", () => window.location.assign(invite.url));
  }
}

function showInvites(invites) {
  const list = document.getElementById("my-tables");
  if (!list || !invites.length) return;
  let section = document.getElementById("invites");
  if (!section) {
    section = document.createElement("section");
    section.id = "invites";
    section.className = "panel";
    list.closest("section").before(section);
  }
  const heading = document.createElement("h2");
  heading.textContent = t("Invitations");
  const items = document.createElement("ul");
  for (const invite of invites) {
    const item = document.createElement("li");
    const anchor = document.createElement("a");
    anchor.href = invite.url;
    anchor.textContent = t("Table {table}: take a seat", { table: invite.table });
    item.appendChild(anchor);
    items.appendChild(item);
  }
  section.replaceChildren(heading, items);
}

export function ratingText(player) {
  return player.provisional ? t("{rating}, provisional", { rating: player.rating }) : String(player.rating);
}

async function showTablePlayers() {
  const found = await getJson(`/api/tables/${encodeURIComponent(shownTable)}/accounts`);
  if (!found || (!found.rated && !found.seats.length)) return;
  const line = document.createElement("p");
  line.id = "table-accounts";
  line.className = "table-accounts muted";
  line.append(found.rated ? t("Rated table:") : t("Signed-in players:"));
  for (const player of found.seats) {
    line.append(" ");
    const anchor = document.createElement(player.profile_url ? "a" : "span");
    if (player.profile_url) anchor.href = player.profile_url;
    anchor.textContent = player.name;
    line.append(anchor, found.rated ? ` (${ratingText(player)})` : "");
  }
  document.getElementById("table-app").before(line);
}

async function start() {
  const account = await currentAccount();
  if (link) {
    link.textContent = account ? account.name : t("Sign in");
    link.title = account ? t("Your account") : "";
  }
  if (shownTable) showTablePlayers();
  if (!account) return;
  document.body.dataset.account = account.name;
  const mine = await getJson("/api/account/seats");
  if (!mine) return;
  adoptSeats(mine.seats);
  showInvites(mine.invites);
  notifyInvites(mine.invites);
}

start();
