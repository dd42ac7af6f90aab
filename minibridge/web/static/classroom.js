// The pupils' table: the first tap on a card raises it, the second tap plays it.
// A raised card's button sends its htmx request on the "confirmed" event. The table carries data-ready only
// when the pupil's decision is awaited; while a request is under way it loses it, and the new table says
// again whether it is ready. A request that brings no new table gives the old one its signal back.
document.addEventListener("click", (event) => {
  const card = event.target.closest("button.card[data-card]");
  if (!card || card.disabled) return;
  if (card.getAttribute("aria-pressed") === "true") {
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
