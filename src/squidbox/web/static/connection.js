// The table's WebSocket, kept open: reconnects with a capped, jittered backoff and says in
// plain words what went wrong (docs/web-client.md, "Connection").
//
// The delay grows with every attempt that did not get as far as a state message, and resets
// only when one arrives (`welcomed`): a server that accepts and then closes at once is retried
// ever more slowly, never in a tight loop. Its cap keeps a restarted server's pages back within
// about CAP_MS after it answers again.

import { t } from "./i18n.js";

export const FIRST_DELAY_MS = 250;
export const CAP_MS = 2000;

// The wait before reconnect attempt `failures` (0: the first after a drop): doubling from
// FIRST_DELAY_MS up to CAP_MS, each drawn between half and all of that (so that many pages
// dropped at once by a restart do not all come back in the same instant).
export function retryDelay(failures, random = Math.random) {
  const ceiling = Math.min(CAP_MS, FIRST_DELAY_MS * 2 ** Math.min(failures, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}

// Close codes after which trying again cannot help (docs/web-api.md: 4000 + HTTP status).
const UNKNOWN_TABLE = 4404;
const REFUSED = 4403;

export class Connection {
  // url(): the address to connect to (asked again on every attempt);
  // handlers: {message(data), status(state), fatal(reason)}; states are "connecting",
  // "connected" (after `welcomed`), "disconnected"; reasons "unknown_table", "refused".
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.socket = null;
    this.failures = 0;
    this.timer = null;
    this.stopped = false;
    this.retryAfterMs = 0;
    this.everConnected = false;
    this.state = null;
    // Back online, or a phone's tab shown again: no need to sit out the rest of the wait.
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) this.retryNow();
    });
  }

  start() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.tell(this.everConnected ? "disconnected" : "connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      if (socket === this.socket) this.handlers.message(event.data);
    });
    socket.addEventListener("close", (event) => {
      if (socket === this.socket) this.closed(event.code);
    });
  }

  // A state message arrived: the connection works, so the next drop starts from a short wait.
  welcomed() {
    this.failures = 0;
    this.retryAfterMs = 0;
    this.everConnected = true;
    this.tell("connected");
  }

  tell(state) {
    if (state === this.state) return;
    this.state = state;
    this.handlers.status(state);
  }

  // The server asked for a pause (an error with retry_after, e.g. rate_limited).
  retryAfter(seconds) {
    this.retryAfterMs = Math.max(this.retryAfterMs, Number(seconds || 0) * 1000);
  }

  isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  send(message) {
    if (!this.isOpen()) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  // Give up for good: this page cannot be helped by reconnecting.
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close();
  }

  retryNow() {
    if (this.timer && !this.stopped) this.start();
  }

  closed(code) {
    this.socket = null;
    if (this.stopped) return;
    if (code === UNKNOWN_TABLE || code === REFUSED) {
      this.stop();
      this.handlers.fatal(code === UNKNOWN_TABLE ? "unknown_table" : "refused");
      return;
    }
    this.tell("disconnected");
    const wait = Math.max(retryDelay(this.failures), this.retryAfterMs);
    this.failures += 1;
    this.retryAfterMs = 0;
    this.timer = setTimeout(() => this.start(), wait);
  }
}

// What to tell a player about a refused action or request, in plain words; the server's own
// sentence follows where it says something the player can use.
const PLAIN = {
  illegal_action: t("That move is not possible right now"),
  stale: t("The table changed before your move arrived; look again and choose"),
  rate_limited: t("Too many clicks at once; wait a moment and try again"),
  server_error: t("The server could not save that; nothing changed, so try again"),
  unavailable: t("This table is not available any more"),
  too_large: t("That was too large to send"),
  full: t("The server is full right now; try again in a minute"),
  bad_token: t("This page's seat link was refused"),
};

export function plainError(code, serverText) {
  const lead = PLAIN[code];
  const detail = serverText ? String(serverText) : "";
  if (!lead) return detail ? capitalise(detail) : t("The server refused that.");
  if (!detail || code === "stale" || code === "rate_limited" || code === "server_error") return `${lead}.`;
  return `${lead}: ${detail}.`;
}

export const OFFLINE_TEXT = t("Could not reach the server, so nothing was sent. The page "
  + "reconnects by itself; try again once it says it is connected.");

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
