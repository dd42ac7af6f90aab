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

// A form (or a button marked data-shows-refusal, like a seat at a table) refused with a page of its own (the
// start page with "That is not the class code", say) is shown
// whatever the status, so the pupil sees why; a refusal without a page keeps the table as it was.
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  const page = (event.detail.xhr.getResponseHeader("Content-Type") || "").startsWith("text/html");
  const elt = event.detail.requestConfig.elt;
  const shows = elt.tagName === "FORM" || elt.hasAttribute("data-shows-refusal");
  if (shows && status >= 400 && status < 500 && page) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// The number pad of a pupil counting their points: a key adds its digit to the box (two at most), the rub-out
// key takes the last one away.
document.addEventListener("click", (event) => {
  const key = event.target.closest(".count-pad button[data-digit]");
  if (!key) return;
  const box = key.closest("form").querySelector("input[name=points]");
  box.value = key.dataset.digit ? (box.value + key.dataset.digit).slice(-2) : box.value.slice(0, -1);
});
