// Pages that follow an event by themselves (the teacher's event page, the class screen). The element with
// data-stream listens to the server's events; when one arrives, every element with data-refresh whose
// data-on names its kind ("result", "pupils") is fetched again and swapped in, without reloading the page.
// Many events close together bring one fetch a second at most. After the connection was lost and is back,
// everything is fetched again. The element carries data-live while the connection is open.
(() => {
  const root = document.querySelector("[data-stream]");
  if (!root || !window.EventSource) return;
  const pending = new Set();
  let timer = null;
  let last = 0;

  const refresh = () => {
    timer = null;
    last = Date.now();
    for (const kind of pending) {
      for (const part of document.querySelectorAll(`[data-refresh][data-on~="${kind}"]`)) {
        htmx.ajax("GET", part.dataset.refresh, { target: part, swap: "outerHTML" });
      }
    }
    pending.clear();
  };

  const schedule = (kind) => {
    pending.add(kind);
    if (timer === null) timer = setTimeout(refresh, Math.max(0, 1000 - (Date.now() - last)));
  };

  const source = new EventSource(root.dataset.stream);
  let opened = false;
  source.addEventListener("open", () => {
    if (opened) {
      schedule("result");
      schedule("pupils");
    }
    opened = true;
    root.setAttribute("data-live", "true");
  });
  source.addEventListener("error", () => root.removeAttribute("data-live"));
  for (const kind of ["result", "pupils"]) source.addEventListener(kind, () => schedule(kind));
})();
