// The pupils' table: the first tap on a card raises it, the second tap plays it.
// A raised card's button sends its htmx request on the "confirmed" event; while a request is under way the
// table loses its data-ready attribute (the new table brings it back).
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
  if (table) table.removeAttribute("data-ready");
});

document.addEventListener("htmx:afterRequest", () => {
  const table = document.getElementById("table");
  if (table) table.setAttribute("data-ready", "true");
});
