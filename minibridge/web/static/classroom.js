// The pupils' table: the first tap on a card raises it, the second tap plays it.
// A raised card's button sends its htmx request on the "confirmed" event. The table carries data-ready only
// when the pupil's decision is awaited; while a request is under way it loses it, and the new table says
// again whether it is ready. A request that brings no new table gives the old one its signal back.
// From the keyboard (Enter or Space: a click with no mouse behind it) the card is played at once.
document.addEventListener("click", (event) => {
  const card = event.target.closest("button.card[data-card]");
  if (!card || card.disabled) return;
  if (card.getAttribute("aria-pressed") === "true" || event.detail === 0) {
    htmx.trigger(card, "confirmed");
    return;
  }
  for (const other of document.querySelectorAll('button.card[aria-pressed="true"]')) {
    other.setAttribute("aria-pressed", "false");
  }
  card.setAttribute("aria-pressed", "true");
});

document.addEventListener("htmx:beforeRequest", () => {
  const table = document.getElementById("table");
  if (table && table.hasAttribute("data-ready")) {
    table.removeAttribute("data-ready");
    table.setAttribute("data-was-ready", "true");
  }
});

document.addEventListener("htmx:afterRequest", () => {
  const table = document.getElementById("table");
  if (table && table.hasAttribute("data-was-ready")) {
    table.removeAttribute("data-was-ready");
    table.setAttribute("data-ready", "true");
  }
});

// Nothing a child taps fails silently. A refusal that comes with a page or a part of one (4xx, HTML: the start
// page with "That is not the class code", the table with "It is not your turn") is swapped in like any answer,
// whatever was tapped, so the child sees why; a whole page asked for a part replaces the page, never nests inside
// it. A refusal in words only (JSON) and a request with no answer (the server stopped, or 5xx) are said in the
// notice at the bottom of the screen, which goes once a request succeeds.
const SAID = { noAnswer: "The classroom did not answer. Try again.", didNotWork: "That did not work. Try again." };

function notice(words) {
  const box = document.getElementById("notice");
  if (!box) return;
  const text = words ? box.dataset[words] || SAID[words] || words : "";
  const shown = box.querySelector(".message");
  if (shown && shown.textContent === text) return; // said already: not read out again every few seconds
  box.replaceChildren();
  if (!text) return;
  const message = document.createElement("p");
  message.className = "message";
  message.setAttribute("role", "alert");
  message.textContent = text;
  box.append(message);
}

function refusalWords(xhr) {
  try {
    const said = JSON.parse(xhr.responseText).error;
    if (typeof said === "string" && said && said.split(/\s+/).length <= 16) {
      const sentence = said.charAt(0).toUpperCase() + said.slice(1);
      return /[.!?]$/.test(sentence) ? sentence : sentence + ".";
    }
  } catch (error) {
    // not words: said generally below
  }
  return "didNotWork";
}

document.addEventListener("htmx:beforeSwap", (event) => {
  const detail = event.detail;
  const status = detail.xhr.status;
  const page = (detail.xhr.getResponseHeader("Content-Type") || "").startsWith("text/html");
  if (status >= 400 && status < 500 && page) {
    detail.shouldSwap = true;
    detail.isError = false;
    const whole = document.getElementById("page");
    if (whole && detail.target !== whole && /<div id="page"/.test(detail.xhr.responseText)) {
      detail.target = whole;
      detail.selectOverride = "#page";
      detail.swapOverride = "outerHTML show:window:top";
    }
  } else if (status >= 500) {
    notice("noAnswer");
  } else if (status >= 400) {
    notice(refusalWords(detail.xhr));
  }
});

document.addEventListener("htmx:sendError", () => notice("noAnswer"));
document.addEventListener("htmx:timeout", () => notice("noAnswer"));
document.addEventListener("htmx:afterRequest", (event) => {
  const status = event.detail.xhr ? event.detail.xhr.status : 0;
  if (status >= 200 && status < 400) notice("");
});

// The start page offers only choices that go together: a lesson that cannot be played with the players, the
// length or the practice chosen is turned off, three players turn off declaring or defending (and the other way
// round), and rules without slams turn off the Slams box (and the other way round); a short hint says why.
function startChoices() {
  const form = document.getElementById("start-form");
  if (!form) return;
  const value = (name) => (form.querySelector(`input[name="${name}"]:checked`) || { value: "" }).value;
  const wanted = { target: value("deals") === "", three_handed: value("three_handed") !== "", practice: value("practice") !== "" };
  const missing = new Set();
  for (const button of form.querySelectorAll("button[data-allows]")) {
    const allows = button.dataset.allows.split(" ");
    const lacks = Object.keys(wanted).filter((name) => wanted[name] && !allows.includes(name));
    button.disabled = lacks.length > 0; // turned off, and seen to be (classroom.css)
    for (const name of lacks) missing.add(name);
  }
  for (const radio of form.querySelectorAll('input[name="practice"]')) radio.disabled = wanted.three_handed && radio.value !== "";
  for (const radio of form.querySelectorAll('input[name="three_handed"]')) radio.disabled = wanted.practice && radio.value !== "";
  if (wanted.three_handed || wanted.practice) missing.add("three-practice");
  const slam = form.querySelector('input[name="slam"]');
  const rules = form.querySelector('input[name="rules"]:checked');
  if (slam) {
    const noSlams = Boolean(rules && rules.closest("[data-no-slams]"));
    slam.disabled = noSlams && !slam.checked;
    for (const radio of form.querySelectorAll('[data-no-slams] input[name="rules"]')) radio.disabled = slam.checked;
    if (noSlams || slam.checked) missing.add("slam");
  }
  for (const hint of form.querySelectorAll(".choice-hint[data-hint]")) hint.hidden = !missing.has(hint.dataset.hint);
}

document.addEventListener("change", (event) => {
  if (event.target.closest("#start-form")) startChoices();
});
document.addEventListener("DOMContentLoaded", startChoices);
document.addEventListener("htmx:afterSettle", startChoices);

// The number pad of a pupil counting their points: a key adds its digit to the box (two at most), the rub-out
// key takes the last one away.
document.addEventListener("click", (event) => {
  const key = event.target.closest(".count-pad button[data-digit]");
  if (!key) return;
  const box = key.closest("form").querySelector("input[name=points]");
  box.value = key.dataset.digit ? (box.value + key.dataset.digit).slice(-2) : box.value.slice(0, -1);
});

// The pupil's colours, kept on this tablet: four suit colours (♦ blue, ♣ green) and strong black and white. The
// page in <head> sets them before it is drawn; the switches in the table's header change them.
const LOOKS = ["four-colours", "high-contrast"];

function showLooks() {
  for (const box of document.querySelectorAll("input[data-look]")) {
    box.checked = document.documentElement.classList.contains(box.dataset.look);
  }
}

document.addEventListener("change", (event) => {
  const box = event.target.closest("input[data-look]");
  if (!box || !LOOKS.includes(box.dataset.look)) return;
  document.documentElement.classList.toggle(box.dataset.look, box.checked);
  try {
    localStorage.setItem(`minibridge-${box.dataset.look}`, box.checked ? "on" : "off");
  } catch (error) {
    // no storage: the colours last as long as the page
  }
});

// The hand is one stop of the Tab key: the arrow keys, Home and End move between its cards, Enter or Space plays
// one. After a card is played and htmx swaps the table, the focus comes back to the hand: the same card, the card
// now in the same place, or the first one that may be played; while the others play, the hand itself.
let handFocus = null;

function handCards(hand) {
  return Array.from(hand.querySelectorAll("button.card:not([disabled])"));
}

function rove(card) {
  for (const other of handCards(card.closest(".hand"))) other.tabIndex = other === card ? 0 : -1;
  card.focus();
}

function setRoving() {
  for (const hand of document.querySelectorAll("#table .hand")) {
    const cards = handCards(hand);
    const current =
      cards.find((card) => card.getAttribute("aria-pressed") === "true") ||
      cards.find((card) => !card.classList.contains("not-legal")) ||
      cards[0];
    for (const card of cards) card.tabIndex = card === current ? 0 : -1;
  }
}

document.addEventListener("keydown", (event) => {
  const card = event.target.closest ? event.target.closest(".hand button.card:not([disabled])") : null;
  if (!card) return;
  const cards = handCards(card.closest(".hand"));
  const at = cards.indexOf(card);
  const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
  let next = null;
  if (event.key in moves) next = cards[(at + moves[event.key] + cards.length) % cards.length];
  else if (event.key === "Home") next = cards[0];
  else if (event.key === "End") next = cards[cards.length - 1];
  if (!next) return;
  event.preventDefault();
  rove(next);
});

document.addEventListener("htmx:beforeSwap", () => {
  const active = document.activeElement;
  const hand = active && active.closest ? active.closest("#table .hand") : null;
  if (hand) {
    const cards = Array.from(hand.querySelectorAll("button.card"));
    handFocus = { seat: hand.dataset.seat, card: active.dataset.card || null, index: Math.max(cards.indexOf(active), 0) };
  } else if (active && active !== document.body) {
    handFocus = null; // the pupil is somewhere else on the page: left there
  }
});

function focusHand() {
  if (!handFocus || (document.activeElement && document.activeElement !== document.body)) return;
  const hands = Array.from(document.querySelectorAll("#table .hand"));
  const same = hands.find((hand) => hand.dataset.seat === handFocus.seat);
  const playing = hands.filter((hand) => handCards(hand).length);
  const hand = playing.includes(same) ? same : playing[0] || same || hands[0];
  if (!hand) {
    const verdict = document.querySelector("#table .result h2");
    if (verdict) {
      verdict.tabIndex = -1;
      verdict.focus();
    }
    handFocus = null;
    return;
  }
  const cards = handCards(hand);
  if (!cards.length) {
    hand.focus({ preventScroll: true }); // while the others play the page stays where the pupil looks
    return;
  }
  const legal = (card) => card && !card.classList.contains("not-legal");
  const all = Array.from(hand.querySelectorAll("button.card"));
  const kept = cards.find((card) => card.dataset.card === handFocus.card);
  const placed = hand === same ? all[Math.min(handFocus.index, all.length - 1)] : null;
  rove(kept || (legal(placed) && !placed.disabled ? placed : null) || cards.find(legal) || cards[0]);
}

// The whole hand comes into view when one of its cards takes the focus (a short screen, a laptop at 200% zoom,
// would show only the card), below the "Your turn" line that stays at the top (classroom.css).
document.addEventListener("focusin", (event) => {
  const card = event.target.closest ? event.target.closest("#table .hand button.card") : null;
  if (card) card.closest(".hand").scrollIntoView({ block: "nearest" });
});

// What a screen reader is told: each sentence of the table's list .to-say once ("West played the king of
// hearts.", "East wins the trick.", "Your turn."), in #said, which htmx never swaps. What the page showed when
// it was opened is not read out; a new deal starts afresh.
const said = new Set();

function sayNews(opening) {
  const box = document.getElementById("said");
  const table = document.getElementById("table");
  if (!box || !table) return;
  if (table.dataset.phase !== "play") said.clear();
  const news = [];
  for (const item of table.querySelectorAll(".to-say li[data-key]")) {
    if (said.has(item.dataset.key)) continue;
    said.add(item.dataset.key);
    news.push(item.textContent.trim());
  }
  if (!opening && news.length) box.textContent = news.join(" ");
}

document.addEventListener("DOMContentLoaded", () => {
  showLooks();
  setRoving();
  sayNews(true);
});
// The focus comes back as soon as the new table is in the page (htmx settles it a moment later): a key pressed in
// between still finds the hand.
document.addEventListener("htmx:afterSwap", () => {
  setRoving();
  focusHand();
});
document.addEventListener("htmx:afterSettle", () => {
  showLooks();
  sayNews(false);
});
