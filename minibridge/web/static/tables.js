// A table of pupils follows itself. The element with data-table-stream listens to the server's events for the
// table; each change fetches the element again from data-table-refresh at once and swaps it in, keeping the
// card the pupil has raised. When this tablet's seat is no longer its own (the pupil left, the teacher gave the
// seat to the computer) or the tables are closed, the tablet goes to data-table-leave (the start page).
(() => {
  let source = null;
  let address = null;
  let busy = false;
  let again = false;

  const root = () => document.querySelector("[data-table-stream]");

  const refresh = () => {
    const part = root();
    if (!part) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    const raised = document.querySelector('button.card[aria-pressed="true"]');
    const card = raised ? raised.dataset.card : null;
    htmx.ajax("GET", part.dataset.tableRefresh, { target: part, swap: "outerHTML" }).finally(() => {
      busy = false;
      const same = card ? document.querySelector(`button.card[data-card="${card}"]:not([disabled])`) : null;
      if (same) same.setAttribute("aria-pressed", "true");
      if (again) {
        again = false;
        refresh();
      }
    });
  };

  // Leaving happens once: when the pupil taps "Leave the table" the server's answer takes the tablet away, and
  // the stream's "left" that follows must not start a second trip that cuts the first short.
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    if (source) source.close();
    const part = root();
    window.location.href = part && part.dataset.tableLeave ? part.dataset.tableLeave : "/";
  };
  const leaveTapped = (event) => (event.detail.elt.getAttribute("hx-vals") || "").includes('"leave"');
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!leaveTapped(event)) return;
    leaving = true;
    if (source) source.close();
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    if (!leaveTapped(event) || event.detail.successful) return;
    leaving = false; // refused or not sent: the tablet keeps its seat, and follows the table again
    source = null;
    follow();
  });

  const follow = () => {
    const part = root();
    if (!part || !window.EventSource) return;
    if (source && address === part.dataset.tableStream) return;
    if (source) source.close();
    address = part.dataset.tableStream;
    source = new EventSource(address);
    let opened = false;
    source.addEventListener("open", () => {
      if (opened) refresh(); // back after the connection was lost: what changed meanwhile
      opened = true;
      const now = root();
      if (now) now.setAttribute("data-live", "true");
    });
    source.addEventListener("view", refresh);
    source.addEventListener("left", leave);
    source.addEventListener("closed", leave);
  };

  document.addEventListener("DOMContentLoaded", follow);
  document.addEventListener("htmx:afterSettle", follow);
})();
