// The review of a seat's decisions on the replay page (POST /api/tables/<id>/review with the
// seat's token, server/reviews.py): the seat's estimated chance of winning after each of its
// decisions as a line over the game, the decisions that lost chances marked on it (and listed)
// as buttons that jump the replay to the position before them, where the better move is
// highlighted on the board the way the table shows a piece to click and named in a note.
// Only the seat's own browser (holding the seat's link) may ask, and only once the game is over.

import { t } from "./i18n.js";
import { heldSeats } from "./seats.js";
import { SVG_NS } from "./svg.js";

const WORDS = {
  good: () => t("good"), inaccuracy: () => t("inaccuracy"), mistake: () => t("mistake"),
  blunder: () => t("blunder"),
};
const MARKED = ["inaccuracy", "mistake", "blunder"];
const HEIGHT = 130;
const PAD = { left: 44, right: 12, top: 10, bottom: 22 };

function node(tag, attributes = {}, text) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

function svgNode(parent, tag, attributes = {}, text) {
  const made = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, String(value));
  if (text !== undefined) made.textContent = text;
  parent.appendChild(made);
  return made;
}

function percent(chance) {
  return `${Math.round(chance * 100)} %`;
}

export function tokenOf(tableId, seat) {
  if (seat === null) return null;
  return heldSeats().find((held) => held.table === tableId && held.seat === seat)?.token || null;
}

// The review panel. `host` gives what the replay page knows: { tableId, api, summary,
// viewer(), step(), go(step), redraw() }.
export function makeReview(host) {
  const section = node("section", { id: "review", class: "panel review", "aria-labelledby": "review-title" });
  section.appendChild(node("h2", { id: "review-title" }, t("Review of your decisions")));
  const intro = node("p", { class: "muted review-intro" });
  const ask = node("button", { id: "review-ask", type: "button" }, t("Review my decisions"));
  const status = node("p", { id: "review-status", class: "muted", "aria-live": "polite" });
  const chart = document.createElementNS(SVG_NS, "svg");
  chart.id = "review-chart";
  chart.setAttribute("class", "review-chart");
  chart.setAttribute("role", "group");
  chart.setAttribute("aria-label", t("Your estimated chance of winning over the game"));
  const counts = node("p", { id: "review-counts", class: "review-counts" });
  const marks = node("div", { id: "review-marks", class: "review-marks", role: "group", "aria-label": t("Marked decisions") });
  const note = node("p", { id: "review-note", class: "review-note", "aria-live": "polite" });
  section.append(intro, ask, status, chart, counts, marks);  // the page puts `note` by the board
  let review = null;  // the answer, for seat review.seat
  let byStep = new Map();  // the step before a decision -> that decision
  let pending = false;

  ask.addEventListener("click", () => load());

  async function load() {
    const seat = host.viewer();
    const token = tokenOf(host.tableId, seat);
    if (!token || pending) return;
    pending = true;
    ask.disabled = true;
    status.textContent = t("Reviewing every decision you made, from what you could see then…");
    try {
      const response = await fetch(`${host.api}/review`, {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(body.error || t("the server answered {status}", { status: response.status }));
      if (host.viewer() !== seat) return;  // the reader chose another seat meanwhile
      review = body;
      byStep = new Map(review.decisions.map((decision) => [decision.step, decision]));
      status.textContent = "";
      section.dataset.ready = String(seat);
      update();
      host.redraw();
    } catch (error) {
      status.textContent = error.message || t("The server cannot be reached; try again.");
    } finally {
      pending = false;
      ask.disabled = false;
    }
  }

  // What the panel shows for the seat the replay is seen as.
  function update() {
    const seat = host.viewer();
    const shown = review && review.seat === seat;
    const token = tokenOf(host.tableId, seat);
    ask.hidden = shown || !token;
    chart.style.display = shown ? "" : "none";
    counts.hidden = marks.hidden = !shown;
    if (!shown) {
      delete section.dataset.ready;
      note.hidden = true;
      intro.textContent = seat === null || !token
        ? t("The player of a seat can have their decisions reviewed: open this replay as your seat (Seen as) in the browser that holds your seat's link.")
        : t("A search estimates, from only what you could see at each decision, your chance of winning after the move you made and after the best move it finds. A drop of 10 points is an inaccuracy, 20 a mistake, 30 a blunder.");
      return;
    }
    intro.textContent = t("Estimated by a search from only what you could see ({iterations} iterations per decision). A drop of 10 points is an inaccuracy, 20 a mistake, 30 a blunder. Click a mark to see the better move.", { iterations: review.iterations });
    drawChart();
    counts.replaceChildren(...["good", ...MARKED].flatMap((verdict, index) => {
      const part = node("span", { class: `verdict-${verdict}` }, `${WORDS[verdict]()}: ${review.counts[verdict]}`);
      return index ? [" · ", part] : [part];
    }));
    marks.replaceChildren();
    for (const decision of review.decisions.filter((d) => d.verdict !== "good")) {
      const mark = node("button", { type: "button", class: `secondary review-mark verdict-${decision.verdict}`, "data-step": String(decision.step) },
        t("Step {step}: {verdict}", { step: decision.step + 1, verdict: WORDS[decision.verdict]() }));
      mark.addEventListener("click", () => jump(decision.step));
      marks.appendChild(mark);
    }
    if (!marks.children.length) marks.appendChild(node("span", { class: "muted" }, t("No decision lost chances worth a mark.")));
    showStep();
  }

  function drawChart() {
    const width = Math.max(260, chart.clientWidth || section.clientWidth - 16 || 600);
    chart.replaceChildren();
    chart.setAttribute("viewBox", `0 0 ${width} ${HEIGHT}`);
    chart.setAttribute("height", String(HEIGHT));
    const inner = { w: width - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
    const x = (step) => PAD.left + (review.steps ? step / review.steps : 0) * inner.w;
    const y = (chance) => PAD.top + (1 - chance) * inner.h;
    for (const level of [0, 0.5, 1]) {
      svgNode(chart, "line", { x1: PAD.left, x2: width - PAD.right, y1: y(level), y2: y(level), class: "review-grid" });
      svgNode(chart, "text", { x: PAD.left - 6, y: y(level) + 4, "text-anchor": "end", class: "review-axis" }, percent(level));
    }
    svgNode(chart, "text", { x: width - PAD.right, y: HEIGHT - 6, "text-anchor": "end", class: "review-axis" },
      t("step {step}", { step: review.steps }));
    svgNode(chart, "text", { x: PAD.left, y: HEIGHT - 6, "text-anchor": "start", class: "review-axis" }, t("step {step}", { step: 0 }));
    const points = review.decisions.map((d) => [x(d.step + 1), y(d.chance)]);
    if (points.length) {
      const line = points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
      svgNode(chart, "polyline", { points: line, class: "review-line" });
      const [lastX, lastY] = points[points.length - 1];
      svgNode(chart, "line", { x1: lastX, y1: lastY, x2: x(review.steps), y2: y(review.result), class: "review-result-line" });
    }
    const end = svgNode(chart, "rect", { x: x(review.steps) - 4, y: y(review.result) - 4, width: 8, height: 8, class: "review-result" });
    svgNode(end, "title", {}, t("The result: {result}", { result: percent(review.result) }));
    svgNode(chart, "line", { id: "review-cursor", x1: x(host.step()), x2: x(host.step()), y1: PAD.top, y2: PAD.top + inner.h, class: "review-cursor" });
    for (const decision of review.decisions) {
      const marked = decision.verdict !== "good";
      const dot = svgNode(chart, "circle", {
        cx: x(decision.step + 1), cy: y(decision.chance), r: marked ? 7 : 3.5,
        class: `review-dot verdict-${decision.verdict}${marked ? " clickable" : ""}`, "data-step": decision.step,
      });
      const words = t("Step {step}: {move} ({chance}), {verdict}", {
        step: decision.step + 1, move: decision.label, chance: percent(decision.chance), verdict: WORDS[decision.verdict](),
      });
      svgNode(dot, "title", {}, words);
      dot.addEventListener("click", () => jump(decision.step));
      if (marked) {
        dot.setAttribute("tabindex", "0");
        dot.setAttribute("role", "button");
        dot.setAttribute("aria-label", words);
        dot.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            jump(decision.step);
          }
        });
      }
    }
  }

  // To the position before a decision; the note and the board come into view (on a phone they
  // are above the review).
  async function jump(step) {
    await host.go(step);
    note.scrollIntoView({ block: "nearest" });
  }

  // The note and the chart's cursor for the replay's step.
  function showStep() {
    const step = host.step();
    chart.querySelector("#review-cursor")?.setAttribute("x1", cursorX(step));
    chart.querySelector("#review-cursor")?.setAttribute("x2", cursorX(step));
    for (const mark of marks.querySelectorAll("[data-step]")) {
      mark.setAttribute("aria-current", mark.dataset.step === String(step) ? "step" : "false");
    }
    const decision = review && review.seat === host.viewer() ? byStep.get(step) : undefined;
    note.hidden = !decision;
    note.className = `review-note${decision ? ` verdict-${decision.verdict}` : ""}`;
    if (!decision) return;
    const made = t("Your decision here (step {step}): {move}, {chance} to win.", {
      step: decision.step + 1, move: decision.label, chance: percent(decision.chance),
    });
    const better = decision.best === decision.action
      ? t("It is the best move the search found.")
      : t("Better: {move}, {chance} to win (highlighted on the board).", { move: decision.best_label, chance: percent(decision.best_chance) });
    const verdict = decision.verdict === "good" ? WORDS.good()
      : t("{verdict}: {points} points lost.", { verdict: WORDS[decision.verdict](), points: Math.round(decision.drop * 100) });
    note.replaceChildren(node("strong", {}, `${verdict} `), `${made} ${better}`);
  }

  function cursorX(step) {
    const width = Number(chart.getAttribute("viewBox")?.split(" ")[2] || 0);
    const inner = width - PAD.left - PAD.right;
    return String(PAD.left + (review?.steps ? step / review.steps : 0) * inner);
  }

  // The better move to highlight on the board at this step (null: none).
  function betterMove() {
    const decision = review && review.seat === host.viewer() ? byStep.get(host.step()) : undefined;
    if (!decision || decision.best === decision.action) return null;
    return { action: decision.best, label: decision.best_label };
  }

  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { if (review && review.seat === host.viewer()) drawChart(); showStep(); }, 150);
  });

  const shown = () => Boolean(review && review.seat === host.viewer());
  return { section, update, showStep, betterMove, load, shown, note };
}
