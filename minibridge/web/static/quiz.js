// The class quiz, on a pupil's tablet and on the class screen. The element with data-stream follows the quiz's
// events; when the quiz moves on, the part (#quiz-part) is fetched again from data-part and swapped in. The class
// screen (data-follow="all") follows every change, how many answered included; a tablet (data-follow="phase")
// only a new question or a question closed, so that the taps of a pupil still answering are kept. When the
// question's time runs out, the part is fetched again too, and the screen's clock counts the seconds down.
(() => {
  const root = document.querySelector("[data-stream][data-part]");
  if (!root) return;
  let deadline = null;

  const refresh = () => {
    const part = document.getElementById("quiz-part");
    if (part) htmx.ajax("GET", root.dataset.part, { target: part, swap: "outerHTML" });
  };

  const watchClock = () => {
    clearTimeout(deadline);
    const part = document.getElementById("quiz-part");
    const left = part && Number(part.dataset.closesIn || 0);
    if (left) deadline = setTimeout(refresh, (left + 0.5) * 1000);
  };

  const changed = (news) => {
    const part = document.getElementById("quiz-part");
    if (!part) return false;
    if (root.dataset.follow === "all") return true;
    return part.dataset.phase !== news.phase || Number(part.dataset.number) !== news.number;
  };

  setInterval(() => {
    for (const clock of document.querySelectorAll("[data-clock]")) {
      const left = Math.max(0, Number(clock.dataset.clock) - 1);
      clock.dataset.clock = String(left);
      clock.textContent = clock.textContent.replace(/\d+/, String(left));
    }
  }, 1000);

  document.addEventListener("htmx:afterSwap", watchClock);
  watchClock();
  if (!window.EventSource) return;
  const source = new EventSource(root.dataset.stream);
  let opened = false;
  source.addEventListener("open", () => {
    if (opened) refresh();
    opened = true;
    root.setAttribute("data-live", "true");
  });
  source.addEventListener("error", () => root.removeAttribute("data-live"));
  source.addEventListener("quiz", (event) => {
    if (changed(JSON.parse(event.data))) refresh();
  });
})();
