/* Copying a text from a button (no rules logic): the button itself says "Copied" for a moment,
   where the reader is looking; where the browser refuses, the text is shown selected in a box
   beside the button to copy by hand. Used by the copy-link and quote buttons (site.js) and the
   calculator's "Copy as forum post" (forum-copy.js). */

function showFallback(button, text) {
  const multiline = text.includes("\n");
  const box = document.createElement(multiline ? "textarea" : "input");
  if (!multiline) box.type = "text";
  box.readOnly = true;
  box.value = text;
  box.className = "dd-copy__fallback";
  box.setAttribute("aria-label", multiline ? "Text to copy" : "Link to copy");
  const old = button.nextElementSibling;
  if (old && old.classList.contains("dd-copy__fallback")) old.remove();
  button.after(box);
  box.select();
}

export function copyText(button, text) {
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  const done = () => {
    button.classList.add("dd-copy--done");
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = label; button.classList.remove("dd-copy--done"); }, 1500);
  };
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(done, () => showFallback(button, text));
  } else {
    showFallback(button, text);
  }
}
