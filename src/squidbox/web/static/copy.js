// A link with a copy button (lobby and host page): the full address, selectable, and copied to
// the clipboard on a click (where the browser refuses, the address is selected to copy by hand).

import { t } from "./i18n.js";

export function absolute(url) {
  return new URL(url, window.location.origin).href;
}

export function copyRow(label, url, { secret = false } = {}) {
  const row = document.createElement("div");
  row.className = "copy-row";
  const name = document.createElement("label");
  name.textContent = label;
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.value = absolute(url);
  field.className = "copy-field";
  field.setAttribute("aria-label", `${label}: link`);
  if (secret) field.dataset.secret = "yes";
  name.appendChild(field);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary copy-button";
  button.textContent = t("Copy");
  button.setAttribute("aria-label", t("Copy the link: {label}", { label }));
  const said = document.createElement("span");
  said.className = "muted copy-said";
  said.setAttribute("aria-live", "polite");
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      said.textContent = t("Copied");
    } catch {
      field.select();
      said.textContent = t("Selected: press Ctrl+C (or ⌘C) to copy");
    }
  });
  row.append(name, button, said);
  return row;
}
