// Directors: the 10-turn clock, the four Actions, the Events, every player's money, crowns and
// cards in play, and the seat's hand. Clickable: an Action tile ("explore"), a card in your hand
// ("play Hero", "command Hero", "keep Hero"…), a card in play ("discard Agent (rotated)",
// "take Agent"…), a player ("target 2"), an Event ("resolve <Event>"), a colour ("name Red"),
// and chips for pass, pay and the bonuses.

import { t, tn } from "/static/i18n.js";
import { relayoutOnResize, TAP, boardWidth, card, charsIn, clickable, el, label, lookColour, matching, nameOf, paragraph, paragraphHeight, piece, pieceInfo, prepare, seatColour, title, wrapText, claimedActions } from "/static/svg.js";

// Laid out for the width the board is shown at (see boardWidth in static/svg.js); every card
// shows its whole text, wrapped, and grows to fit it.
let WIDTH = 520;
const ACTIONS = [["explore", "Explore", "Blue"], ["collect", "Collect", "Gold"],
  ["recruit", "Recruit", "Red"], ["unleash", "Unleash", "Unleash"]];
const CARD_COLOURS = ["Blue", "Gold", "Red"];
const ROTATED = " (rotated)";
const HAND_VERBS = ["play", "command", "select", "keep", "spare"];
const CHOICE_CHIPS = ["bonus draw", "bonus money", "bonus play", "pay", "pass"];
const PLAY_AREA_VERBS = ["discard", "return", "give", "take"];
const CARD_VERBS = [...new Set([...HAND_VERBS, ...PLAY_AREA_VERBS])];

const GAP = 4;

// An Action by its printed name ("explore" -> "Explore"), which stays as printed in every language.
function actionName(action) {
  return (ACTIONS.find(([key]) => key === action) || [action, action])[1];
}

// The card colours in the reader's language.
function colourWord(colour) {
  return { Blue: t("Blue"), Gold: t("Gold"), Red: t("Red") }[colour] ?? colour;
}

// The words on a status-bar button (the action itself is the identifier the server takes).
export function buttonLabel(action) {
  return CHOICE_CHIPS.includes(action) ? { "bonus draw": t("Draw bonus"), "bonus money": t("Money bonus"),
    "bonus play": t("Play bonus"), pay: t("Pay"), pass: t("Pass") }[action] : "";
}

// Cards a row: as many of at least 104 units as fit (three on a phone).
const WIDE = 880;  // the table and the hand side by side
const COMPACT_FROM = 12;  // cards drawn in all, from which cards leave their text to the tooltip
let compact = false;

function cardWidth(room) {
  const perRow = Math.max(1, Math.floor(room / (104 + GAP)));
  return { perRow, width: Math.floor(room / perRow) - GAP };
}

// What the status bar asks: the decision's own prompt (the page puts the seat first).
export function prompt(view) {
  const decision = view.state?.decision;
  return decision && decision.seat === view.seat ? decision.prompt || "" : "";
}

export function counters(view, seat) {
  const player = (view.state?.players || []).find((p) => p.seat === seat);
  if (!player) return [];
  return [crownText(player.score ?? 0), `$${player.money ?? 0}`, tn("{count} card in hand", "{count} cards in hand", player.hand_size ?? 0),
    tn("{count} card in play", "{count} cards in play", (player.in_play || []).length),
    player.minus ? t("−1 tokens: {count}", { count: player.minus }) : "", player.debt ? t("debt {debt}", { debt: player.debt }) : ""];
}

export function seatColourOf(view, seat) {
  return lookColour(`seat ${seat + 1}`, seatColour(null, seat));
}

export function draw(svg, view, legal, labels, act) {
  relayoutOnResize(svg, () => draw(svg, view, legal, labels, act));
  const state = view.state || {};
  const players = state.players || [];
  const events = state.events || [];
  // Many cards on the table: each shows its cost, crowns and name (its text on hover or tap),
  // so the whole table still fits one screen.
  compact = (state.hand || []).length + players.reduce((n, p) => n + (p.in_play || []).length, 0) > COMPACT_FROM;
  // A wide screen: the table on the left, your hand (and cards to choose from) on the right.
  const shown = boardWidth(svg, WIDE);
  const wide = shown >= WIDE;
  WIDTH = wide ? 520 : shown;
  prepare(svg, WIDTH, 200);
  let y = drawClock(svg, view, state);
  y = drawActions(svg, state, y + 6, legal, labels, act);
  y = drawEvents(svg, events, y + 6, legal, labels, act);
  y = drawDecision(svg, view, state, y + 6, legal, labels, act);
  for (const player of players) y = drawPlayer(svg, view, state, player, y + 6, legal, labels, act);
  let side = svg;
  let sideY = y + 8;
  if (wide) {
    side = el(svg, "g", { transform: `translate(${WIDTH + 8} 0)` });
    WIDTH = WIDE - WIDTH - 8;
    sideY = 4;
  }
  sideY = drawHand(side, state, sideY, legal, labels, act);
  sideY = drawOtherCards(side, sideY + 6, legal, labels, act);
  WIDTH = shown;
  svg.setAttribute("viewBox", `0 0 ${wide ? WIDE : WIDTH} ${Math.max(y, sideY) + 8}`);
}

function drawClock(svg, view, state) {
  const turns = state.turns || 10;
  const turn = state.turn || 0;
  const parts = [t("Turn {turn} of {turns}", { turn, turns }), nameOf(view, state.current_player) + (state.extra_turn ? ` ${t("(extra turn)")}` : ""),
    state.action ? actionName(state.action) : "", t("deck {count}", { count: state.deck_size ?? "?" }), t("discards {count}", { count: (state.discard || []).length })];
  const y = paragraph(svg, 8, 2, WIDTH - 16, parts.filter(Boolean).join(" · "), { "font-weight": "bold" });
  const step = (WIDTH - 16) / turns;
  for (let t = 1; t <= turns; t += 1) {
    el(svg, "rect", { x: 8 + (t - 1) * step, y: y + 2, width: step - 3, height: 12, rx: 3,
      fill: t < turn ? "#8a8f98" : t === turn ? "#e8b923" : "#e4ded2" });
  }
  return y + 16;
}

// The four Action tiles: white text on the look.toml colour of what they command.
function drawActions(svg, state, top, legal, labels, act) {
  const width = (WIDTH - 16 - 3 * 6) / 4;
  const lines = ACTIONS.map(([action, name, colour]) => [name, colour === "Unleash" ? t("commands nothing") : t("commands {colour}", { colour: colourWord(colour) }),
    state.action === action ? t("in use") : ""].filter(Boolean));
  const heights = [];
  ACTIONS.forEach(([action, name, colour], i) => {
    const x = 8 + i * (width + 6);
    const available = (legal || []).includes(action);
    const chosen = state.action === action;
    const group = card(svg, x, top, width, 64, lines[i],
      { fill: lookColour(colour, "#333333"), textFill: "#ffffff", stroke: available || chosen ? "#e8b923" : "#333", strokeWidth: available || chosen ? 3 : 1, fontSize: 13 });
    group.setAttribute("data-place", `action ${action}`);
    heights.push(group.cardHeight);
    piece(group, `action:${action}`);
    if (available) {
      group.classList.add("playable");
      clickable(group, [action], labels, act, t("Action {name}", { name }));
    }
  });
  return top + Math.max(...heights);
}

function drawEvents(svg, events, top, legal, labels, act) {
  if (!events.length) return top;
  label(svg, 8, top + 8, t("Events"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  const { perRow, width } = cardWidth(WIDTH - 16);
  let bottom = top + 18;
  events.forEach((event, i) => {
    const actions = matching(legal, (a) => a === `resolve ${event.name}`);
    const x = 8 + (i % perRow) * (width + GAP);
    const y = top + 18 + Math.floor(i / perRow) * 110;
    const group = card(svg, x, y, width, 50,
      [event.name, t("turns {turns}", { turns: (event.turns || []).join(", ") }) + (event.active ? ` · ${t("active now")}` : "")],
      { fill: event.active ? "#fff1c2" : "#f2efe7" });
    group.setAttribute("data-place", `event ${event.name}`);
    bottom = Math.max(bottom, y + group.cardHeight);
    piece(group, `event:${event.name}`);
    if (actions.length) {
      group.classList.add("playable");
      clickable(group, actions, labels, act, t("Event {name}", { name: event.name }));
    }
  });
  return bottom;
}

// The question being asked, whole, then a chip for each colour or choice it offers.
function drawDecision(svg, view, state, top, legal, labels, act) {
  const decision = state.decision;
  let y = top;
  if (decision && decision.seat !== view.seat) {  // yours is in the status bar
    // Another player's question: a framed box, and whose question it is.
    const text = `${decision.seat === view.seat ? t("You are asked") : t("{name} is asked", { name: nameOf(view, decision.seat) })}: ${t(decision.prompt)}`;
    const height = paragraphHeight(WIDTH - 32, text) + 12;
    el(svg, "rect", { x: 4, y, width: WIDTH - 8, height, rx: 6, fill: "#fff1c2", stroke: "#c58b00", "stroke-width": 2 });
    paragraph(svg, 14, y + 6, WIDTH - 32, text, { fill: "#4a2f00", "font-weight": "bold" });
    y += height + 4;
  }
  let x = 8;
  let placed = false;
  const place = (width) => {
    if (x + width > WIDTH - 8) { x = 8; y += TAP + 4; }
    const at = x;
    x += width + 6;
    placed = true;
    return at;
  };
  for (const colour of CARD_COLOURS) {
    const action = `name ${colour}`;
    if (!(legal || []).includes(action)) continue;
    const chip = card(svg, place(76), y + 2, 76, TAP, [colourWord(colour)], { fill: lookColour(colour), textFill: "#fff", centre: true });
    chip.setAttribute("data-action", action);
    clickable(chip, [action], labels, act, t("Colour {colour}", { colour: colourWord(colour) }));
  }
  // (Pass, pay, a bonus and the other words are the status bar's buttons.)
  return placed ? y + TAP + 6 : y;
}

function drawPlayer(svg, view, state, player, y, legal, labels, act) {
  const seat = player.seat;
  const colour = lookColour(`seat ${seat + 1}`, seatColour(null, seat));
  const current = seat === state.current_player;
  const cards = player.in_play || [];
  const you = seat === view.seat ? ` ${t("(you)")}` : "";
  const minus = player.minus ? ` · ${t("−1 tokens: {count}", { count: player.minus })}` : "";
  const hand = player.hand_size ?? 0;
  const headingText = `${nameOf(view, seat)}${you} · $${player.money ?? 0}${minus} · ` +
    `${tn("{count} card in hand", "{count} cards in hand", hand)} · ${crownText(player.score ?? 0)}${player.debt ? ` · ${t("debt {debt}", { debt: player.debt })}` : ""}` +
    `${player.last_action ? ` · ${t("last {action}", { action: actionName(player.last_action) })}` : ""}`;
  const headHeight = Math.max(TAP, paragraphHeight(WIDTH - 32, headingText) + 8);
  const { perRow, width } = cardWidth(WIDTH - 28);
  const entries = cards.map((entry) => ({ ...entry, tags: [entry.rotated ? t("rotated") : "", entry.new ? t("new") : ""].filter(Boolean).join(" · ") }));
  const rows = [];
  for (let i = 0; i < entries.length; i += perRow) {
    rows.push(Math.max(...entries.slice(i, i + perRow).map((entry) => playerCardHeight(width, entry.card, entry))));
  }
  const height = headHeight + (rows.length ? rows.reduce((a, b) => a + b + GAP, 0) : 24) + 6;
  const group = el(svg, "g", { class: "player-panel" });
  const frame = el(group, "rect", { x: 4, y, width: WIDTH - 8, height, rx: 6, fill: current ? "#fff7d6" : "#ffffff",
    stroke: current ? "#c58b00" : "#c9c3b5", "stroke-width": current ? 2.5 : 1 });
  el(group, "rect", { x: 4, y, width: 8, height, rx: 3, fill: colour });
  const heading = el(group, "g", { "data-place": `player ${seat + 1}` });
  el(heading, "rect", { x: 16, y: y + 1, width: WIDTH - 28, height: headHeight - 2, fill: "transparent" });
  paragraph(heading, 20, y + 4, WIDTH - 32, headingText, { "font-weight": "bold" });
  const targets = matching(legal, (a) => a === `target ${seat + 1}`);
  if (targets.length) {
    frame.setAttribute("stroke", "#c58b00");
    clickable(heading, targets, labels, act, nameOf(view, seat));
  }
  let top = y + headHeight;
  entries.forEach((entry, i) => {
    const name = entry.card;
    const ref = entry.rotated ? `${name}${ROTATED}` : name;
    const actions = matching(legal, (a, words) => words.length > 1 && words.slice(1).join(" ") === ref &&
      (PLAY_AREA_VERBS.includes(words[0]) || (words[0] === "command" && seat === view.seat && state.decision?.kind === "command_next")));
    const row = Math.floor(i / perRow);
    if (i && i % perRow === 0) top += rows[row - 1] + GAP;
    const x = 18 + (i % perRow) * (width + GAP);
    const cardGroup = playerCard(svg, x, top, width, rows[row], name, entry);
    cardGroup.dataset.anim = `in-play:${seat}:${name}:${i}`;  // a card played by another flips in
    cardGroup.dataset.state = entry.rotated ? "rotated" : "";
    if (actions.length) {
      cardGroup.classList.add("playable");
      clickable(cardGroup, actions, labels, act, t("{player}'s {card}", { player: nameOf(view, seat), card: name }));
    }
  });
  if (!cards.length) label(svg, 20, y + headHeight + 10, t("no cards in play"), { "text-anchor": "start", fill: "#5b5140" });
  if ((player.known_in_hand || []).length) {
    title(group, t("Known in hand: {cards}", { cards: player.known_in_hand.join(", ") }));
  }
  return y + height;
}

// Cards a decision names that are drawn nowhere else (revealed by a Spy, named by a Mimic or an
// Overlord): a row of cards to click, so that no card is ever a button.
function drawOtherCards(svg, top, legal, labels, act) {
  const onBoard = claimedActions();
  const rest = legal.filter((action) => !onBoard.has(action) && CARD_VERBS.includes(action.split(" ")[0]));
  if (!rest.length) return top;
  label(svg, 8, top + 8, t("Cards to choose from"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  const { perRow, width } = cardWidth(WIDTH - 16);
  let y = top + 20;
  for (let start = 0; start < rest.length; start += perRow) {
    const row = rest.slice(start, start + perRow);
    const names = row.map((action) => action.split(" ").slice(1).join(" ").replace(ROTATED, ""));
    const height = Math.max(...names.map((name) => playerCardHeight(width, name, {})));
    row.forEach((action, k) => {
      const group = playerCard(svg, 8 + k * (width + GAP), y, width, height, names[k], {});
      group.setAttribute("data-place", `choice ${start + k + 1}`);
      group.classList.add("playable");
      clickable(group, [action], labels, act, t("Card {name}", { name: names[k] }));
    });
    y += height + GAP;
  }
  return y;
}

function drawHand(svg, state, top, legal, labels, act) {
  if (state.hand === null || state.hand === undefined) {
    label(svg, WIDTH / 2, top + 30, t("Spectating: hands are hidden"), { "font-size": 13, fill: "#5b5140" });
    return top + 50;
  }
  label(svg, 8, top + 8, t("Your hand"), { "text-anchor": "start", "font-size": 14, "font-weight": "bold" });
  const hand = state.hand || [];
  if (!hand.length) {
    label(svg, 8, top + 34, t("no cards"), { "text-anchor": "start", fill: "#5b5140" });
    return top + 50;
  }
  const { perRow, width } = cardWidth(WIDTH - 16);
  const mine = (state.players || []).find((player) => player.seat === state.decision?.seat);
  const inPlay = new Set((mine?.in_play || []).map((entry) => entry.card));
  let y = top + 20;
  for (let start = 0; start < hand.length; start += perRow) {
    const names = hand.slice(start, start + perRow);
    const height = Math.max(...names.map((name) => playerCardHeight(width, name, {})));
    names.forEach((name, k) => {
      const actions = matching(legal, (a, words) => words.length > 1 && words.slice(1).join(" ") === name &&
        (HAND_VERBS.includes(words[0]) || (words[0] === "discard" && !inPlay.has(name))));
      const group = playerCard(svg, 8 + k * (width + GAP), y, width, height, name, {});
      group.setAttribute("data-place", `hand ${start + k + 1}`);
      if (actions.length) {
        group.classList.add("playable");
        clickable(group, actions, labels, act, t("Card {name}", { name }));
      }
    });
    y += height + GAP;
  }
  return y;
}

function crownText(count) {
  return tn("{count} crown", "{count} crowns", Math.abs(count), { count: String(count).replace("-", "−") });
}

// A player card as printed: a band in its colour with its cost (left) and crowns (right), then
// its name, the Director mark and its whole text, wrapped; PROPOSED values end in *.
const BAND = 20;
const LINE = 15;

// A card's values (pieces.py) by what they are: their labels come in the page's language.
function cardValues(info) {
  const byLabel = Object.fromEntries((info?.values || []).map((v) => [v.label, v]));
  return { cost: byLabel[t("cost")], crowns: byLabel[t("crowns")], type: byLabel[t("type")] };
}

function playerCardLines(w, name, options) {
  const info = pieceInfo(`card:${name}`);
  const room = charsIn(w - 8);
  const values = cardValues(info);
  return [
    ...wrapText(name, room).map((text) => ({ text, bold: true })),
    ...(values.type ? [{ text: "Director", fill: "#6b4200" }] : []),
    ...(compact ? [] : wrapText(info?.text ?? "", room).map((text) => ({ text }))),
    ...(options.tags ? [{ text: options.tags, fill: "#5b5140" }] : []),
  ];
}

// Never under a tap target's height, even a compact card showing only its name.
function playerCardHeight(w, name, options) {
  return Math.max(TAP, BAND + 6 + playerCardLines(w, name, options).length * LINE);
}

function playerCard(svg, x, y, w, h, name, options = {}) {
  const info = pieceInfo(`card:${name}`);
  const colour = info?.card_colour;
  const group = el(svg, "g", { class: "card" });
  el(group, "rect", { x, y, width: w, height: h, rx: 6, fill: options.rotated ? "#e4ded2" : (info?.colour ?? "#fffdf6"),
    stroke: lookColour(colour, "#5b5140"), "stroke-width": 2, "stroke-dasharray": options.rotated ? "5 3" : null });
  el(group, "rect", { x, y, width: w, height: BAND, rx: 6, fill: lookColour(colour, "#5b5140") });
  const values = cardValues(info);
  const mark = (v) => (v?.proposed ? "*" : "");
  label(group, x + 4, y + BAND / 2 + 1, `${values.cost?.value ?? "?"}${mark(values.cost)}`, { "text-anchor": "start", fill: "#fff", "font-weight": "bold" });
  label(group, x + w - 4, y + BAND / 2 + 1, `♛${values.crowns?.value ?? "?"}${mark(values.crowns)}`, { "text-anchor": "end", fill: "#fff", "font-weight": "bold" });
  playerCardLines(w, name, options).forEach((line, i) => {
    label(group, x + w / 2, y + BAND + 4 + LINE / 2 + i * LINE, line.text,
      { "font-weight": line.bold ? "bold" : null, fill: line.fill ?? "#1b1f24" });
  });
  piece(group, `card:${name}`);
  return group;
}
