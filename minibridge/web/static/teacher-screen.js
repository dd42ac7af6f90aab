// The class screen: keys for the teacher (or a presenter's clicker) and the full-screen button.
// Right arrow, Page Down or the space bar: the next card; Left arrow or Page Up: back one card; Home: before
// the opening lead; End: the end of the play; F: full screen on or off.
const KEYS = {
  ArrowRight: "next", PageDown: "next", " ": "next",
  ArrowLeft: "back", PageUp: "back",
  Home: "start", End: "end",
};

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === "f" || event.key === "F") {
    toggleFullScreen();
    event.preventDefault();
    return;
  }
  const link = KEYS[event.key] && document.getElementById(KEYS[event.key]);
  if (link) {
    event.preventDefault();
    link.click();
  }
});

document.addEventListener("click", (event) => {
  if (event.target.closest("[data-full-screen]")) toggleFullScreen();
});

function toggleFullScreen() {
  if (document.fullscreenElement) document.exitFullscreen();
  else document.documentElement.requestFullscreen().catch(() => {});
}
