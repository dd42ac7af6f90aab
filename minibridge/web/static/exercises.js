// The exercise pages: − and + beside a number change it by its step, never below 0 nor above its maximum.
// While an answer is being checked the form loses its data-ready attribute (the marked answer brings
// data-marked).
document.addEventListener("click", (event) => {
  const button = event.target.closest(".stepper .step");
  if (!button) return;
  const stepper = button.closest(".stepper");
  const input = stepper.querySelector("input");
  const step = Number(stepper.dataset.step || 1);
  const max = Number(input.max || 13);
  const now = input.value === "" ? null : Number(input.value);
  let next;
  if (now === null || Number.isNaN(now)) next = button.classList.contains("up") ? step : 0;
  else next = now + (button.classList.contains("up") ? step : -step);
  input.value = String(Math.min(max, Math.max(0, next)));
  input.dispatchEvent(new Event("change", { bubbles: true }));
});

document.addEventListener("htmx:beforeRequest", (event) => {
  const form = event.target.closest("#answer");
  if (form) form.removeAttribute("data-ready");
});

// The marked answer (or "Not yet" with a hint, or what is still to answer) comes into view, so the pupil sees it
// without scrolling.
document.addEventListener("htmx:afterSwap", () => {
  const shown =
    document.querySelector("#answer[data-marked]") ||
    document.querySelector("#answer .retry") ||
    document.querySelector("#answer .message");
  if (shown) shown.scrollIntoView({ block: "start", behavior: "smooth" });
});
