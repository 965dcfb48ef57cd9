// Interface words in the reader's language. Every text a page shows goes through t():
// t("Your turn") or t("{name} joined", { name }), and tn() where the words depend on a count:
// tn("{count} card", "{count} cards", count). The English text is the message id; the page's
// catalog maps it to the page's language, and English is the fallback for anything without a
// translation. The page names its catalog (`<link id="i18n-catalog">`, /i18n/<lang>.json, made
// from squidbox/locale/<lang>/LC_MESSAGES/squidbox.mo and cached by the browser for good);
// this module loads it before any module that imports it runs. See docs/web-client.md
// "Languages". Texts passed to t() must be double-quoted literals (scripts/i18n finds them).

export const LANGUAGE = document.documentElement.lang || "en";
const COOKIE = "lang";
const LINK_COOKIE = "lang_link";

// A page opened with ?lang= is in that language, and so is all it asks of the server (the
// table's connection, piece texts, results, seat names) and every page opened from it until
// the browser closes: a cookie for the visit, which leaves the switch's choice as it is.
const asked = new URLSearchParams(location.search).get("lang");
if (asked && asked.toLowerCase().split(/[-_]/)[0] === LANGUAGE) {
  document.cookie = `${LINK_COOKIE}=${encodeURIComponent(LANGUAGE)}; path=/; samesite=lax`;
}
const catalog = await loadCatalog();

async function loadCatalog() {
  const link = document.getElementById("i18n-catalog");
  if (!link) return {};
  try {
    const response = await fetch(link.href);
    return response.ok ? await response.json() : {};
  } catch {
    return {};  // no catalog leaves the page in English rather than blank
  }
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (field, key) => (key in values ? String(values[key]) : field));
}

export function t(text, values = {}) {
  const found = catalog[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

// German and English both use one form for 1 and another for every other count.
export function tn(singular, plural, count, values = {}) {
  const index = count === 1 ? 0 : 1;
  const forms = catalog[singular];
  const found = Array.isArray(forms) ? forms[index] : undefined;
  return fill(found || (index ? plural : singular), { count, ...values });
}

// The header's language switch: remember the choice for a year and show the page in it.
function wireSwitch() {
  const select = document.getElementById("language-select");
  if (!select || select.dataset.wired) return;
  select.dataset.wired = "1";
  select.addEventListener("change", () => {
    document.cookie = `${COOKIE}=${encodeURIComponent(select.value)}; path=/; max-age=31536000; samesite=lax`;
    document.cookie = `${LINK_COOKIE}=; path=/; max-age=0; samesite=lax`;  // the choice wins
    const url = new URL(location.href);
    url.searchParams.delete("lang");  // a ?lang= link would otherwise win over the choice
    location.replace(url.href);
  });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", wireSwitch);
} else {
  wireSwitch();
}
