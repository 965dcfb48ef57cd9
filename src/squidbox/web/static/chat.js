// The table chat panel (docs/web-api.md, "Chat"): its own WebSocket /ws/chat/<id>, apart
// from the game's. Every line is shown as text (textContent), never as HTML.
// mountChat(container, { table, token }) adds the panel to `container`.

import { t } from "./i18n.js";

const MAX_CHARS = 500;
const NAME_KEY = "squidbox-name";

function element(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

export function mountChat(container, { table, token = null }) {
  const log = element("ol", { id: "chat-log", className: "log chat-log" });
  log.setAttribute("aria-label", t("Chat messages"));
  const text = element("input", { id: "chat-text", type: "text", maxLength: MAX_CHARS,
    autocomplete: "off", placeholder: t("Say something to the table") });
  const textLabel = element("label", { className: "chat-label" }, `${t("Message")} `, text);
  const send = element("button", { type: "submit", className: "secondary", textContent: t("Send") });
  const form = element("form", { id: "chat-form", className: "chat-form" });
  let nameInput = null;
  if (!token) {
    nameInput = element("input", { id: "chat-name", type: "text", maxLength: 24,
      value: localStorage.getItem(NAME_KEY) || "" });
    form.append(element("label", { className: "chat-label" }, `${t("Your name")} `, nameInput));
  }
  form.append(textLabel, send);
  const error = element("p", { id: "chat-error", className: "error", hidden: true });
  error.setAttribute("role", "alert");
  const heading = element("h2", { id: "chat-title", textContent: t("Chat") });
  const panel = element("section", { id: "chat", className: "chat" }, heading, log, form, error);
  panel.setAttribute("aria-labelledby", "chat-title");
  container.appendChild(panel);

  let socket = null;
  let failures = 0;
  let stopped = false;

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
  }

  function add(entry) {
    if (log.querySelector(`[data-index="${entry.index}"]`)) return;
    // A spectator's line says so: nobody passes for a player by taking a player's name.
    const name = entry.seat === null ? `${entry.name} (watching)` : entry.name;
    const who = element("strong", { className: "chat-name", textContent: name });
    const line = element("li", { className: "chat-line" }, who, `: ${entry.text}`);
    line.dataset.index = String(entry.index);
    log.appendChild(line);
    log.scrollTop = log.scrollHeight;
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    socket = new WebSocket(`${scheme}://${window.location.host}/ws/chat/${encodeURIComponent(table)}${query}`);
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "chat") {
        failures = 0;
        message.entries.forEach(add);
        // The history is drawn before the log becomes live: only new lines are read out.
        if (message.history) setTimeout(() => log.setAttribute("aria-live", "polite"), 0);
      } else if (message.type === "error") {
        showError(message.error);
      }
    });
    socket.addEventListener("close", (event) => {
      send.disabled = true;
      if (event.code === 4403 || event.code === 4404) {
        stopped = true; // a revoked link or an unknown table: retrying cannot help
        return;
      }
      if (stopped) return;
      failures += 1;
      const wait = Math.min(3000, 250 * 2 ** failures) * (0.5 + Math.random() / 2);
      setTimeout(connect, wait);
    });
    socket.addEventListener("open", () => {
      send.disabled = false;
    });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const said = text.value.trim();
    if (!said) return;
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError(t("The chat is not connected; your message was not sent. Try again in a moment."));
      return;
    }
    showError("");
    const message = { type: "chat", text: said };
    const name = nameInput ? nameInput.value.trim() : "";
    if (name) {
      message.name = name;
      localStorage.setItem(NAME_KEY, name);
    }
    socket.send(JSON.stringify(message));
    text.value = "";
  });

  send.disabled = true;
  connect();
  return panel;
}
