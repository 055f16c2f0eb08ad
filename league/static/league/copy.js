// A "Copy" button copies the value of the input its data-copy names, and
// says so. Where the clipboard is refused (a page over plain HTTP, an old
// browser) the input's text is copied the old way, or left selected for
// the person to copy by hand.
document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-copy]");
  if (!button) return;
  const input = document.getElementById(button.dataset.copy);
  if (!input) return;
  const done = () => {
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  };
  const byHand = () => {
    input.focus();
    input.select();
    try { if (document.execCommand("copy")) done(); } catch (e) { /* selected */ }
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(input.value).then(done, byHand);
  } else {
    byHand();
  }
});
