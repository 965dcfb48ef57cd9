// How the pages name the computer players the server offers (a bot spec such as "random" or
// "ismcts:iterations=200"): "Computer: easy", in the page's language.

import { t } from "./i18n.js";

export const BOT_WORDS = {
  random: [t("easy"), t("plays any allowed move at random")],
  heuristic: [t("good"), t("picks the move its rules of thumb rate best")],
  strong: [t("strong"),
    t("looks two moves ahead from each choice, many times over, on deals guessed from what its seat has seen, expecting the others to play like the good level; never peeks at hidden cards; under a second a move")],
  ismcts: [t("plain search"),
    t("tries out many random games before each move, never peeking at hidden cards; takes a few seconds")],
};

// "easy" for a kind or a spec the pages know ("random", "random:..."); any other spec as it is.
export function botLevel(spec) {
  const kind = String(spec ?? "").split(":")[0];
  return BOT_WORDS[kind] ? BOT_WORDS[kind][0] : String(spec ?? "");
}

// "Computer: easy".
export function botLabel(spec) {
  return t("Computer: {level}", { level: botLevel(spec) });
}
