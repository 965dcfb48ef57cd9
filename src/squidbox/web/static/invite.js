// The host page's "Invite by name": the invited account finds the table under "Invitations" in
// its My tables (POST /api/tables/{id}/invites with the host token; docs/accounts.md).

import { t } from "./i18n.js";
import { post } from "./webauthn.js";

const form = document.getElementById("invite-form");
const message = document.getElementById("invite-message");
const tableId = document.getElementById("host-app").dataset.table;
const hostToken = new URLSearchParams(window.location.search).get("token") || "";

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const input = document.getElementById("invite-name");
  try {
    const answer = await post(`/api/tables/${encodeURIComponent(tableId)}/invites`, { token: hostToken, name: input.value });
    message.textContent = t("{name} is invited: the table is in their My tables.", { name: answer.invited });
    message.className = "";
    input.value = "";
  } catch (error) {
    message.textContent = String(error.message || error);
    message.className = "error";
  }
});
