/* Index filters: a form[data-filter] filters every [data-row] of the page by its data-* tokens
   (space-separated; a row matches a key when one of its tokens is the chosen value). Filters
   combine, and their state lives in the page's address (?rolls=save, /dice/?sai=rend&species=dwarves,
   ?name=text for the name box; not ?q=, which opens Material's search) so that a filtered list
   can be linked and survives a reload. */
export function bindFilter(form) {
  if (form.dataset.bound) return;
  form.dataset.bound = "1";
  form.hidden = false;      // a form sent hidden (/terrains/) works only with this script: without it the page is the full list
  form.addEventListener("submit", (event) => event.preventDefault());   // filtering is live: Enter stays here
  const rows = Array.from(document.querySelectorAll("article [data-row]"));
  const names = rows.map((row) => (row.getAttribute("data-name") || (row.querySelector("a") || row).textContent || "").toLowerCase());
  const groups = Array.from(document.querySelectorAll("article [data-group]"));
  const text = form.querySelector("[data-filter-text]");
  const count = form.querySelector("[data-filter-count]");
  const reset = form.querySelector("[data-filter-reset]");
  const controls = {};
  const state = {};

  const matches = (row, i, needle) => {
    if (needle && !names[i].includes(needle)) return false;
    return Object.keys(state).every((key) =>
      !state[key] || (row.getAttribute("data-" + key) || "").split(" ").includes(state[key]));
  };

  function apply() {
    const needle = text ? text.value.trim().toLowerCase() : "";
    let shown = 0;
    rows.forEach((row, i) => {
      const ok = matches(row, i, needle);
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    document.querySelectorAll("article table.dd-index").forEach((table) => {
      const any = table.querySelector("[data-row]:not([hidden])");
      table.hidden = !any;
      const heading = table.previousElementSibling;
      if (heading && /^H[2-4]$/.test(heading.tagName)) heading.hidden = !any;
    });
    groups.forEach((group) => { group.hidden = !group.querySelector("[data-row]:not([hidden])"); });
    if (count) count.textContent = shown + " of " + rows.length + " shown";
  }

  function writeUrl() {
    const params = new URLSearchParams(location.search);
    Object.keys(controls).forEach((key) => {
      if (state[key]) params.set(key, state[key]); else params.delete(key);
    });
    const needle = text ? text.value.trim() : "";
    if (needle) params.set("name", needle); else params.delete("name");
    const query = params.toString();
    history.replaceState(history.state, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  function show(key, value) {
    const control = controls[key];
    state[key] = value;
    if (control.tagName === "SELECT") {
      if (value && !Array.from(control.options).some((o) => o.value === value)) {
        const unknown = document.createElement("option");   // a linked value this list does not have
        unknown.value = value;
        unknown.textContent = value + " (none)";
        control.appendChild(unknown);
      }
      control.value = value;
      return;
    }
    control.querySelectorAll("button[data-filter-value]").forEach((b) => {
      b.setAttribute("aria-pressed", b.getAttribute("data-filter-value") === value ? "true" : "false");
    });
  }

  function readUrl() {
    const params = new URLSearchParams(location.search);
    Object.keys(controls).forEach((key) => show(key, params.get(key) || ""));
    if (text) text.value = params.get("name") || "";
  }

  const changed = () => { apply(); writeUrl(); };

  form.querySelectorAll("[data-filter-key]").forEach((group) => {
    const key = group.getAttribute("data-filter-key");
    controls[key] = group;
    if (group.tagName === "SELECT") {
      group.addEventListener("change", () => { state[key] = group.value; changed(); });
      return;
    }
    group.querySelectorAll("button[data-filter-value]").forEach((button) => {
      button.addEventListener("click", () => { show(key, button.getAttribute("data-filter-value")); changed(); });
    });
  });
  if (text) text.addEventListener("input", changed);
  if (reset) {
    reset.addEventListener("click", () => {
      Object.keys(controls).forEach((key) => show(key, ""));
      if (text) text.value = "";
      changed();
    });
  }
  readUrl();
  apply();
}
