// Interface words in the reader's language. Every text a page shows goes through t():
// t("Your turn") or t("{name} joined", { name }). The English text is the message id; the
// catalogs (issue 20) map it to the page's language, and English is the fallback.

export function t(text, values = {}) {
  return text.replace(/\{(\w+)\}/g, (field, key) => (key in values ? String(values[key]) : field));
}
