/* Roll calculator page: army builder, face picker, share links and the rendered trace.
   A thin UI: names, faces, elements and which spells change rolls come from the open data
   bundle; every rule is applied by the Python engine (DragonDiceEngine, calculator.js).
   All user- or link-provided text is rendered with textContent, never innerHTML. */
(function () {
  "use strict";
  const SITE_ROOT = new URL("../../", document.currentScript.src).href;   // assets/js/ -> root
  const LINK_VERSION = "1";
  const DEBOUNCE_MS = 60;
  const MAX_DICE = 60;
  const MAX_REROLLS = 6;
  // The engine's input vocabulary (data/README.md "Roll types and result types"); the bundle
  // carries result types as the action icons, but not roll types or what a save is against.
  const ROLL_TYPES = ["maneuver", "melee", "missile", "magic", "save", "dragon_attack"];
  const AGAINST = ["melee", "missile", "magic", "dragon", "other"];
  const OPS = [
    { value: "add", label: "Add", op: "add" },
    { value: "subtract", label: "Subtract", op: "subtract" },
    { value: "halve", label: "Halve", op: "divide", amount: 2 },
    { value: "double", label: "Double", op: "multiply", amount: 2 },
  ];

  let cataloguePromise = null;

  /* ---------- catalogue (the open data bundle) ---------- */

  function loadCatalogue() {
    if (!cataloguePromise) {
      cataloguePromise = fetch(new URL("assets/engine/catalogue.json", SITE_ROOT))
        .then((r) => { if (!r.ok) throw new Error("HTTP " + r.status); return r.json(); })
        .then(indexCatalogue)
        .catch((err) => { cataloguePromise = null; throw err; });
    }
    return cataloguePromise;
  }

  function byId(list) { const m = new Map(); (list || []).forEach((e) => m.set(e.id, e)); return m; }

  function indexCatalogue(b) {
    const cat = {
      icons: byId(b.icons), sais: byId(b.sais), species: byId(b.species), dice: byId(b.dice),
      terrainTypes: b.terrain_types || [], terrains: b.terrains || [],
      terrainById: new Map(), spells: (b.spells || []).filter((s) => s.modifier),
      diceBySpecies: new Map(), kinds: [], resultTypes: [], speciesList: [],
    };
    cat.spellById = byId(cat.spells);
    cat.terrainTypes.forEach((t) => cat.terrainById.set(t.id, t));
    cat.terrains.forEach((t) => cat.terrainById.set(t.id, t));
    cat.resultTypes = (b.icons || []).filter((i) => i.kind === "action").map((i) => i.id);
    const kinds = new Set();
    (b.dice || []).forEach((d) => {
      kinds.add(d.kind);
      if (!cat.diceBySpecies.has(d.species)) cat.diceBySpecies.set(d.species, []);
      cat.diceBySpecies.get(d.species).push(d);
    });
    cat.kinds = Array.from(kinds);
    cat.diceBySpecies.forEach((list) => list.sort((a, b) => (a.health || 0) - (b.health || 0) || a.name.localeCompare(b.name)));
    const named = (b.species || []).map((s) => ({ id: s.id, name: s.name }));
    if (cat.diceBySpecies.has("items")) named.push({ id: "items", name: "Items" });
    cat.speciesList = named.filter((s) => cat.diceBySpecies.has(s.id)).sort((a, b) => a.name.localeCompare(b.name));
    cat.inlineSpecies = (b.species || []).slice().sort((a, b) => a.name.localeCompare(b.name));
    return cat;
  }

  function iconName(cat, id) {
    const e = cat.icons.get(id) || cat.sais.get(id);
    return e ? e.name : id;
  }

  function faceLabel(cat, face) { return (face.count != null ? face.count + " " : "") + iconName(cat, face.icon); }

  function typeLabel(t) { return t ? (t.charAt(0).toUpperCase() + t.slice(1)).replace(/_/g, " ") : ""; }

  /* ---------- share links ---------- */

  function b64urlEncode(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = "";
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function b64urlDecode(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it contains characters a share link never has");
    const pad = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    const bin = atob(pad);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  }

  function encodeState(input) { return "s=" + LINK_VERSION + "." + b64urlEncode(JSON.stringify(input)); }

  /* Read the roll from the URL: {input} or {error} or null (nothing given). */
  function readLink(cat) {
    const params = new URLSearchParams(location.search);
    const hash = location.hash.replace(/^#/, "");
    let raw = null;
    let what = "";
    try {
      if (hash.startsWith("s=")) {
        what = "share link";
        const body = hash.slice(2);
        const dot = body.indexOf(".");
        if (dot < 0 || body.slice(0, dot) !== LINK_VERSION) throw new Error("unknown link version");
        raw = JSON.parse(b64urlDecode(body.slice(dot + 1)));
      } else if (params.has("roll")) {
        what = "roll link";
        raw = JSON.parse(params.get("roll"));
      } else {
        return null;
      }
      return { input: sanitize(raw, cat) };
    } catch (err) {
      return { error: "This " + what + " could not be read (" + shortMsg(err) + "). The calculator starts empty." };
    }
  }

  function shortMsg(err) {
    const s = String((err && err.message) || err);
    return s.length > 160 ? s.slice(0, 157) + "…" : s;
  }

  /* Check a link's roll against the catalogue's shape before the page builds anything from it.
     (The engine checks the rules; this only keeps the page's own state well-formed.) */
  function sanitize(raw, cat) {
    const fail = (where, why) => { throw new Error(where + ": " + why); };
    const isObj = (v) => v && typeof v === "object" && !Array.isArray(v);
    const isInt = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
    const isText = (v, max) => typeof v === "string" && v.length > 0 && v.length <= max;
    const only = (obj, keys, where) => Object.keys(obj).forEach((k) => { if (!keys.includes(k)) fail(where, "unexpected field '" + k + "'"); });
    if (!isObj(raw)) fail("roll", "not a roll");
    only(raw, ["roll", "against", "terrain", "army", "modifiers", "options", "seed", "dua", "counter", "prefer", "delayed"], "roll");
    const out = {};
    if (!ROLL_TYPES.includes(raw.roll)) fail("roll", "unknown roll type");
    out.roll = raw.roll;
    if (raw.against != null) { if (!AGAINST.includes(raw.against)) fail("against", "unknown attack"); out.against = raw.against; }
    if (raw.terrain != null) {
      if (raw.terrain !== "reserve" && !cat.terrainById.has(raw.terrain)) fail("terrain", "unknown terrain");
      out.terrain = raw.terrain;
    }
    if (!Array.isArray(raw.army) || raw.army.length > MAX_DICE) fail("army", "not a list of dice");
    const face = (v, die, where) => {
      if (die && isInt(v, 1, die.faces.length)) return v;
      if (isText(v, 40) && /^\s*\d{0,3}\s*[A-Za-z][A-Za-z' _-]*\s*$/.test(v)) return v;
      return fail(where, "not a face");
    };
    out.army = raw.army.map((u, i) => {
      const where = "army[" + i + "]";
      if (!isObj(u)) fail(where, "not a die");
      const die = u.die != null ? cat.dice.get(u.die) : null;
      const o = {};
      if (u.die != null) {
        only(u, ["die", "rolled", "rerolled"], where);
        if (!die) fail(where, "unknown die");
        o.die = u.die;
      } else {
        only(u, ["species", "health", "die_type", "rolled", "rerolled", "faces", "name"], where);
        if (u.species != null) {
          const sp = cat.inlineSpecies.find((s) => s.id === u.species || s.name === u.species);
          if (!sp) fail(where, "unknown species");
          o.species = sp.id;
        }
        if (u.health != null) { if (!isInt(u.health, 1, 20)) fail(where, "bad health"); o.health = u.health; }
        if (u.die_type != null) { if (!cat.kinds.includes(u.die_type) && u.die_type !== "dragonkin") fail(where, "bad die type"); o.die_type = u.die_type; }
        if (u.name != null) { if (!isText(u.name, 60)) fail(where, "bad name"); o.name = u.name; }
        if (u.faces != null) {
          if (!Array.isArray(u.faces) || u.faces.length > 20) fail(where, "bad faces");
          o.faces = u.faces.map((f, j) => face(f, null, where + ".faces[" + j + "]"));
        }
      }
      if (u.rolled != null) o.rolled = face(u.rolled, die, where + ".rolled");
      if (u.rerolled != null) {
        if (!Array.isArray(u.rerolled) || u.rerolled.length > MAX_REROLLS) fail(where, "bad re-rolls");
        o.rerolled = u.rerolled.map((f, j) => face(f, die, where + ".rerolled[" + j + "]"));
      }
      return o;
    });
    if (raw.modifiers != null) {
      if (!Array.isArray(raw.modifiers) || raw.modifiers.length > 30) fail("modifiers", "not a list");
      out.modifiers = raw.modifiers.map((m, i) => {
        const where = "modifiers[" + i + "]";
        if (!isObj(m)) fail(where, "not a modifier");
        if (m.spell != null) {
          only(m, ["spell"], where);
          if (!cat.spellById.has(m.spell)) fail(where, "unknown spell");
          return { spell: m.spell };
        }
        only(m, ["op", "result", "amount", "source"], where);
        if (!OPS.some((o) => o.op === m.op)) fail(where, "unknown change");
        if (m.result !== "all" && m.result !== "non_maneuver" && !cat.resultTypes.includes(m.result)) fail(where, "unknown result type");
        if (!isInt(m.amount, 0, 999)) fail(where, "bad amount");
        const o = { op: m.op, result: m.result, amount: m.amount };
        if (m.source != null) { if (!isText(m.source, 80)) fail(where, "bad source"); o.source = m.source; }
        return o;
      });
    }
    if (raw.options != null) {
      if (!isObj(raw.options)) fail("options", "not a set of choices");
      out.options = {};
      Object.keys(raw.options).forEach((k) => {
        if (typeof raw.options[k] !== "boolean" || k.length > 60) fail("options", "bad choice");
        out.options[k] = raw.options[k];
      });
    }
    if (raw.seed != null) { if (!Number.isSafeInteger(raw.seed)) fail("seed", "not a number"); out.seed = raw.seed; }
    ["dua", "counter"].forEach((k) => { if (raw[k] != null) { if (typeof raw[k] !== "boolean") fail(k, "not true/false"); out[k] = raw[k]; } });
    if (raw.prefer != null) { if (!cat.resultTypes.includes(raw.prefer)) fail("prefer", "unknown result type"); out.prefer = raw.prefer; }
    if (raw.delayed != null) {
      if (!Array.isArray(raw.delayed) || raw.delayed.length > 10) fail("delayed", "not a list");
      out.delayed = raw.delayed.map((d, i) => {
        if (!isObj(d)) fail("delayed[" + i + "]", "not an effect");
        only(d, ["sai", "x"], "delayed[" + i + "]");
        if (!cat.sais.has(d.sai)) fail("delayed[" + i + "]", "unknown SAI");
        if (d.x != null && !isInt(d.x, 0, 99)) fail("delayed[" + i + "]", "bad X");
        return d.x != null ? { sai: d.sai, x: d.x } : { sai: d.sai };
      });
    }
    return out;
  }

  /* ---------- small DOM helpers (text only) ---------- */

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (v == null || v === false) return;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : String(v));
    });
    children.flat().forEach((c) => { if (c != null && c !== false) node.append(c instanceof Node ? c : document.createTextNode(String(c))); });
    return node;
  }

  function option(value, label, selected) {
    const o = el("option", { value }, label);
    if (selected) o.selected = true;
    return o;
  }

  function fill(select, options) { select.replaceChildren(...options); }

  function randomIndex(n) {
    const buf = new Uint32Array(1);
    crypto.getRandomValues(buf);
    return buf[0] % n;    // n <= 12: the modulo bias is below one in 10^8
  }

  function randomSeed() { const buf = new Uint32Array(1); crypto.getRandomValues(buf); return buf[0] % 1000000; }

  /* ---------- the page ---------- */

  function bind(root, cat) {
    const $ = (sel) => root.querySelector(sel);
    const ui = {
      form: $("[data-calc-form]"), message: $("[data-calc-message]"), roll: $("[data-calc-roll]"),
      against: $("[data-calc-against]"), againstWrap: $("[data-calc-against-wrap]"),
      terrain: $("[data-calc-terrain]"), elements: $("[data-calc-elements]"), health: $("[data-calc-health]"),
      species: $("[data-calc-species]"), unit: $("[data-calc-unit]"), add: $("[data-calc-add]"),
      inSpecies: $("[data-calc-inline-species]"), inHealth: $("[data-calc-inline-health]"),
      inType: $("[data-calc-inline-type]"), inFace: $("[data-calc-inline-face]"), inAdd: $("[data-calc-inline-add]"),
      icons: $("[data-calc-icons]"), units: $("[data-calc-units]"), empty: $("[data-calc-empty]"),
      rollAll: $("[data-calc-roll-all]"), clear: $("[data-calc-clear]"),
      spell: $("[data-calc-spell]"), spellAdd: $("[data-calc-spell-add]"), op: $("[data-calc-op]"),
      amount: $("[data-calc-amount]"), result: $("[data-calc-result]"), opAdd: $("[data-calc-op-add]"),
      modlist: $("[data-calc-modlist]"), options: $("[data-calc-options]"),
      share: $("[data-calc-share]"), shareStatus: $("[data-calc-share-status]"),
      results: $("[data-calc-results]"), chances: root.querySelector("#chances"),
    };
    let state = emptyState();
    let timer = null;
    let callSeq = 0;
    let lastHash = null;

    function emptyState() { return { roll: "melee", army: [], modifiers: [], seed: randomSeed() }; }

    /* The engine input: the state with empty parts left out. */
    function engineInput() {
      const inp = { roll: state.roll };
      if (state.roll === "save") inp.against = state.against || "other";
      if (state.terrain) inp.terrain = state.terrain;
      inp.army = state.army.map((u) => {
        const o = Object.assign({}, u);
        if (o.rerolled && !o.rerolled.some((f) => f != null)) delete o.rerolled;
        else if (o.rerolled) o.rerolled = trimTrailing(o.rerolled);
        return o;
      });
      if (state.modifiers.length) inp.modifiers = state.modifiers.slice();
      if (state.options && Object.keys(state.options).length) inp.options = Object.assign({}, state.options);
      ["dua", "counter", "prefer", "delayed"].forEach((k) => { if (state[k] != null) inp[k] = state[k]; });   // link-only fields
      inp.seed = state.seed;
      return inp;
    }

    function trimTrailing(list) {
      const out = list.slice();
      while (out.length && out[out.length - 1] == null) out.pop();
      return out.map((f) => (f == null ? 1 : f));   // a gap before a given face: engine needs a value
    }

    /* ---- faces and roll-again ---- */

    function unitFaces(u) { const d = u.die ? cat.dice.get(u.die) : null; return d ? d.faces : null; }

    function faceOf(u, value) {
      if (value == null) return null;
      const faces = unitFaces(u);
      if (faces && Number.isInteger(value)) return faces[value - 1] || null;
      const m = /^\s*(\d*)\s*(.+?)\s*$/.exec(String(value));
      if (!m) return null;
      const name = m[2].toLowerCase().replace(/[ _]+/g, "-");
      let icon = null;
      [cat.icons, cat.sais].forEach((map) => map.forEach((e) => {
        if (!icon && (e.id === name || e.name.toLowerCase().replace(/[ _]+/g, "-") === name)) icon = e.id;
      }));
      return icon ? { icon, count: m[1] ? Number(m[1]) : 1 } : null;
    }

    /* Does this face's SAI make the die roll again in the current roll? (sais[].clauses[].reroll) */
    function rollsAgain(face) {
      const sai = face && cat.sais.get(face.icon);
      if (!sai) return false;
      return (sai.clauses || []).some((c) => c.reroll && (c.rolls || []).includes(state.roll) &&
        (state.roll !== "save" || !c.against || c.against.includes(state.against || "other")));
    }

    /* How many roll-again faces the die asks for now (given faces so far). */
    function rerollDepth(u) {
      let face = faceOf(u, u.rolled);
      let k = 0;
      while (face && rollsAgain(face) && k < MAX_REROLLS) {
        face = faceOf(u, (u.rerolled || [])[k]);
        k += 1;
      }
      return k;
    }

    function pruneRerolls() {
      state.army.forEach((u) => {
        const depth = rerollDepth(u);
        if (u.rerolled) u.rerolled = u.rerolled.slice(0, depth);
        if (u.rerolled && !u.rerolled.length) delete u.rerolled;
      });
    }

    function setFace(u, level, value) {
      if (level === 0) u.rolled = value;
      else { u.rerolled = (u.rerolled || []).slice(); while (u.rerolled.length < level) u.rerolled.push(null); u.rerolled[level - 1] = value; }
      if (value == null && level === 0) delete u.rolled;
      pruneRerolls();
    }

    function rollDie(u) {
      const faces = unitFaces(u);
      if (!faces) return;
      u.rolled = randomIndex(faces.length) + 1;
      delete u.rerolled;
      for (let k = 0; k < MAX_REROLLS && rerollDepth(u) > k; k++) {
        u.rerolled = (u.rerolled || []).concat([randomIndex(faces.length) + 1]);
      }
    }

    /* ---- controls ---- */

    function fillStatic() {
      fill(ui.roll, ROLL_TYPES.map((t) => option(t, typeLabel(t))));
      fill(ui.against, AGAINST.map((t) => option(t, typeLabel(t))));
      const typeOpts = cat.terrainTypes.map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")"));
      const dieOpts = cat.terrains.slice().sort((a, b) => a.name.localeCompare(b.name))
        .map((t) => option(t.id, t.name + " (" + elementsText(t.elements) + ")"));
      fill(ui.terrain, [option("", "No terrain given"), option("reserve", "Reserve Area"),
        el("optgroup", { label: "Terrain types" }, typeOpts), el("optgroup", { label: "Terrain dice" }, dieOpts)]);
      fill(ui.species, cat.speciesList.map((s) => option(s.id, s.name)));
      fillUnits();
      fill(ui.inSpecies, [option("", "No species (item)")].concat(cat.inlineSpecies.map((s) => option(s.id, s.name))));
      fill(ui.inType, cat.kinds.map((k) => option(k, typeLabel(k), k === "unit")));
      const iconNames = [];
      cat.icons.forEach((i) => iconNames.push(i.name.toLowerCase()));
      cat.sais.forEach((s) => iconNames.push(s.name.toLowerCase()));
      fill(ui.icons, iconNames.map((n) => el("option", { value: n })));
      fill(ui.spell, cat.spells.slice().sort((a, b) => a.name.localeCompare(b.name))
        .map((s) => option(s.id, s.name + " — " + modifierText(s.modifier))));
      fill(ui.op, OPS.map((o) => option(o.value, o.label)));
      fill(ui.result, cat.resultTypes.map((t) => option(t, typeLabel(t))).concat([option("all", "All results")]));
    }

    function elementsText(list) { return list && list.length ? list.map(typeLabel).join(", ") : "no element"; }

    function modifierText(mod) {
      const parts = Array.isArray(mod) ? mod : [mod];
      const sym = { add: "+", subtract: "−", divide: "÷", multiply: "×" };
      return parts.map((m) => {
        if (m.op === "counts-as") return typeLabel(m.from) + " count as " + (m.to || []).map(typeLabel).join(" or ");
        const what = m.result ? typeLabel(m.result) : (m.choice || []).map(typeLabel).join(" or ");
        return (sym[m.op] || m.op) + (m.amount != null ? m.amount : "") + " " + what.toLowerCase();
      }).join("; ");
    }

    function fillUnits() {
      const list = cat.diceBySpecies.get(ui.species.value) || [];
      fill(ui.unit, list.map((d) => option(d.id, d.name + (d.health ? " (health " + d.health + ")" : " (" + d.kind + ")"))));
    }

    function freeModText(m) {
      if (m.op === "divide" && m.amount === 2) return "Halve " + (m.result === "all" ? "all results" : m.result + " results");
      if (m.op === "multiply" && m.amount === 2) return "Double " + (m.result === "all" ? "all results" : m.result + " results");
      const sym = { add: "+", subtract: "−", divide: "÷", multiply: "×" };
      return (sym[m.op] || m.op) + m.amount + " " + (m.result === "all" ? "to all results" : m.result);
    }

    function syncControls() {
      ui.roll.value = state.roll;
      ui.againstWrap.hidden = state.roll !== "save";
      ui.against.value = state.against || "other";
      ui.terrain.value = state.terrain || "";
      const t = state.terrain && cat.terrainById.get(state.terrain);
      ui.elements.textContent = state.terrain === "reserve" ? "Reserve Area: no terrain, so no terrain elements."
        : t ? t.name + ": elements " + elementsText(t.elements) + "." : "No terrain chosen: abilities that need a terrain element do not apply.";
      const op = OPS.find((o) => o.value === ui.op.value);
      ui.amount.disabled = !!(op && op.amount);
    }

    /* ---- rendering the army, modifiers, choices ---- */

    function render() {
      const focusKey = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
      syncControls();
      renderUnits();
      renderMods();
      renderOptions();
      if (focusKey) { const f = root.querySelector('[data-key="' + CSS.escape(focusKey) + '"]'); if (f) f.focus(); }
    }

    function renderUnits() {
      let health = 0;
      const items = state.army.map((u, i) => {
        const die = u.die ? cat.dice.get(u.die) : null;
        const hp = die ? die.health : u.health;
        if (hp) health += hp;
        const name = die ? die.name : (u.name || ((u.species ? (cat.species.get(u.species) || {}).name : "Item") + " " + (u.die_type || "unit")));
        const spName = die ? (cat.species.get(die.species) || { name: typeLabel(die.species) }).name : "not in the catalogue";
        const facts = [spName, typeLabel(die ? die.kind : u.die_type || "unit")];
        if (hp) facts.push("health " + hp);
        if (die && die.die) facts.push(die.die);
        const head = el("div", { class: "dd-calc-unit-head" },
          el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
          el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
          el("span", { class: "dd-calc-unit-buttons" },
            die ? el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "roll-" + i, "aria-label": "Roll " + name + " (die " + (i + 1) + ")",
              onclick: () => { rollDie(u); changed(); } }, "Roll") : null,
            el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "remove-" + i, "aria-label": "Remove " + name + " (die " + (i + 1) + ")",
              onclick: () => { state.army.splice(i, 1); changed(); focusAfterRemove(i); } }, "Remove")));
        const li = el("li", { class: "dd-calc-unit", "data-unit": i }, head);
        const depth = rerollDepth(u);
        for (let level = 0; level <= depth; level++) li.append(facePicker(u, i, die, name, level));
        return li;
      });
      ui.units.replaceChildren(...items);
      ui.empty.hidden = state.army.length > 0;
      ui.health.textContent = state.army.length ? "(" + state.army.length + " dice, " + health + " health)" : "";
    }

    function focusAfterRemove(i) {
      const next = root.querySelector('[data-key="remove-' + Math.min(i, state.army.length - 1) + '"]');
      (next || ui.add).focus();
    }

    function facePicker(u, i, die, name, level) {
      const value = level === 0 ? u.rolled : (u.rerolled || [])[level - 1];
      const prev = level === 0 ? null : faceOf(u, level === 1 ? u.rolled : u.rerolled[level - 2]);
      const title = level === 0 ? "Face rolled" : iconName(cat, prev.icon) + ": rolls again (roll " + (level + 1) + ")";
      const wrap = el("div", { class: "dd-calc-picker" + (level ? " dd-calc-reroll" : "") });
      const labelId = "dd-face-" + i + "-" + level;
      wrap.append(el("span", { class: "dd-calc-picker-label", id: labelId }, title));
      if (die) {
        const group = el("div", { class: "dd-calc-faces", role: "group", "aria-labelledby": labelId, "aria-describedby": "dd-note-" + i + "-" + level });
        die.faces.forEach((f, j) => {
          const isId = f.icon === "id";
          const pressed = value === j + 1 || (typeof value === "string" && sameFace(faceOf(u, value), f));
          group.append(el("button", {
            type: "button", class: "dd-face" + (isId ? " dd-face-id" : ""), "aria-pressed": pressed ? "true" : "false",
            "data-key": "face-" + i + "-" + level + "-" + j, "data-face": j + 1,
            "aria-label": name + " face " + (j + 1) + ": " + faceLabel(cat, f) + (isId ? " (ID face)" : ""),
            onclick: () => { setFace(u, level, pressed ? null : j + 1); changed(); },
          }, el("span", { class: "dd-face-count" }, String(f.count)), el("span", { class: "dd-face-icon" }, iconName(cat, f.icon))));
        });
        if (level > 0) {
          group.append(el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "reroll-" + i + "-" + level,
            onclick: () => { setFace(u, level, randomIndex(die.faces.length) + 1); changed(); } }, "Roll it"));
        }
        wrap.append(group);
        wrap.append(el("span", { class: "dd-calc-picker-note", id: "dd-note-" + i + "-" + level }, value == null ? "Not set: the engine rolls it at random." : ""));
      } else {
        const input = el("input", { type: "text", list: "dd-calc-icons", placeholder: "2 melee", "aria-labelledby": labelId,
          "data-key": "inline-" + i + "-" + level, value: value == null ? "" : String(value) });
        input.addEventListener("change", () => {
          const v = input.value.trim();
          if (level === 0 && !v) { input.value = String(u.rolled || ""); return; }
          setFace(u, level, v || null);
          changed();
        });
        wrap.append(input);
      }
      return wrap;
    }

    function sameFace(a, b) { return !!(a && b && a.icon === b.icon && a.count === b.count); }

    function renderMods() {
      ui.modlist.replaceChildren(...state.modifiers.map((m, i) => {
        let text;
        if (m.spell) {
          const s = cat.spellById.get(m.spell);
          text = [el("strong", {}, s.name), " (spell): " + modifierText(s.modifier)];
        } else {
          text = [el("strong", {}, m.source || "Modifier"), ": " + freeModText(m)];
        }
        return el("li", {}, el("span", {}, text), el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "mod-remove-" + i,
          "aria-label": "Remove modifier " + (i + 1), onclick: () => { state.modifiers.splice(i, 1); changed(); ui.spell.focus(); } }, "Remove"));
      }));
    }

    /* Choices the rules leave to the player: optional species abilities and optional SAI clauses
       present in this army for this roll (the engine's `options`). */
    function renderOptions() {
      const seen = new Map();
      state.army.forEach((u) => {
        const die = u.die ? cat.dice.get(u.die) : null;
        const sp = cat.species.get(die ? die.species : u.species);
        (sp && sp.abilities || []).forEach((a) => {
          const e = a.engine;
          if (e && (e.optional || e.toggle) && (!e.rolls || e.rolls.includes(state.roll))) {
            seen.set(a.id, { id: a.id, name: a.name, def: !e.toggle, note: e.condition || a.summary });
          }
        });
        (die ? die.faces : []).forEach((f) => {
          const sai = cat.sais.get(f.icon);
          if (sai && (sai.clauses || []).some((c) => c.optional && (c.rolls || []).includes(state.roll))) {
            seen.set(sai.id, { id: sai.id, name: sai.name, def: true, note: "if rolled" });
          }
        });
      });
      if (!seen.size) { ui.options.replaceChildren(); return; }
      const opts = state.options || {};
      ui.options.replaceChildren(el("p", { class: "dd-calc-options-title" }, "Choices (“may” in the rules)"),
        ...Array.from(seen.values()).map((o) => {
          const box = el("input", { type: "checkbox", "data-key": "opt-" + o.id });
          box.checked = opts[o.id] != null ? opts[o.id] : o.def;
          box.addEventListener("change", () => {
            state.options = Object.assign({}, state.options);
            if (box.checked === o.def) delete state.options[o.id]; else state.options[o.id] = box.checked;
            changed();
          });
          return el("label", { class: "dd-calc-option" }, box, " Use " + o.name, el("small", {}, " — " + o.note));
        }));
    }

    /* ---- change -> URL, chances hook, debounced resolve ---- */

    function changed(keepUrl) {
      pruneRerolls();
      render();
      if (keepUrl !== true) writeLink();
      const input = engineInput();
      root.dataset.input = JSON.stringify(input);
      api.chances.refresh(input, ui.chances);    // hook for the future "Chances" panel
      clearTimeout(timer);
      timer = setTimeout(resolveNow, DEBOUNCE_MS);
    }

    function writeLink() {
      const hash = "#" + encodeState(engineInput());
      lastHash = hash;
      if (location.hash !== hash || location.search) history.replaceState(history.state, "", location.pathname + hash);
    }

    function resolveNow() {
      const engine = window.DragonDiceEngine;
      const input = engineInput();
      if (!state.army.length) {
        showNotice("Add dice to the army to see the result.");
        return;
      }
      if (!engine || engine.state.status !== "ready") {
        showNotice(engine && engine.state.status === "error" ? "The engine could not start, so no result can be shown."
          : "The result appears here as soon as the engine is ready.");
        ui.results.dataset.state = "waiting";
        return;
      }
      const seq = ++callSeq;
      ui.results.dataset.state = "resolving";
      ui.results.setAttribute("aria-busy", "true");
      engine.call("resolve", input).then((out) => {
        if (seq !== callSeq) return;
        renderResult(out, input);
      }, (err) => {
        if (seq !== callSeq) return;
        ui.results.replaceChildren(el("h2", {}, "Result"), el("p", { class: "dd-calc-error", role: "alert" }, "The engine could not resolve this roll: " + shortMsg(err)));
        ui.results.dataset.totals = "{}";
        ui.results.dataset.state = "error";
        ui.results.removeAttribute("aria-busy");
      });
    }

    function showNotice(text) {
      ui.results.replaceChildren(el("p", { class: "dd-calc-notice" }, text));
      ui.results.dataset.totals = "{}";
      ui.results.dataset.state = "empty";
      ui.results.removeAttribute("aria-busy");
    }

    /* ---- the trace ---- */

    function rulesHref(rule) {
      const [page, anchor] = String(rule).split("#");
      return "../rules/" + encodeURIComponent(page) + "/" + (anchor ? "#" + encodeURIComponent(anchor) : "");
    }

    function seeLink(see) {
      if (typeof see !== "string" || !see.startsWith("/") || see.startsWith("//")) return null;
      return el("a", { href: new URL(see.slice(1), SITE_ROOT).href, class: "dd-calc-see" }, "why?");
    }

    function totalsText(t) {
      const keys = Object.keys(t || {});
      return keys.length ? keys.map((k) => t[k] + " " + k).join(", ") : "no results";
    }

    function renderResult(out, input) {
      const parts = [el("h2", {}, "Result")];
      const what = typeLabel(out.roll) + " roll" + (out.against ? " against " + out.against : "") +
        (out.terrain === "reserve" ? " in the Reserve Area" : out.terrain ? " at " + ((cat.terrainById.get(out.terrain) || {}).name || out.terrain) : "");
      parts.push(el("p", { class: "dd-calc-what" }, what + (out.counted && out.counted.length ? " — counts " + out.counted.join(", ") + " results." : ".")));
      const totals = out.totals || {};
      parts.push(el("div", { class: "dd-calc-totals", "data-calc-totals": true },
        el("span", { class: "dd-calc-totals-label" }, "Total"),
        ...(Object.keys(totals).length ? Object.keys(totals).map((k) => el("span", { class: "dd-calc-total" },
          el("strong", {}, String(totals[k])), " " + k)) : [el("span", { class: "dd-calc-total" }, "no results")])));
      if (out.effects && out.effects.length) {
        parts.push(el("h3", {}, "Other effects"), el("ul", { class: "dd-calc-effects" }, out.effects.map(renderEffect)));
      }
      if (out.warnings && out.warnings.length) {
        parts.push(el("h3", {}, "Warnings"), el("ul", { class: "dd-calc-warnings" }, out.warnings.map((w) => {
          const text = typeof w === "string" ? w : w.text;
          return el("li", {}, text, w.see ? [" ", seeLink(w.see)] : null);
        })));
      }
      parts.push(el("h3", {}, "The ten steps"));
      parts.push(el("ol", { class: "dd-calc-steps" }, (out.steps || []).map(renderStep)));
      ui.results.replaceChildren(...parts);
      ui.results.dataset.totals = JSON.stringify(totals);
      ui.results.dataset.input = JSON.stringify(input);
      ui.results.dataset.state = "resolved";
      ui.results.removeAttribute("aria-busy");
    }

    function renderStep(st) {
      const subs = st.subtotals || {};
      return el("li", { class: "dd-calc-step", "data-step": st.step },
        el("p", { class: "dd-calc-step-title" },
          el("a", { href: rulesHref(st.rule) }, "Step " + st.step + ": " + st.title)),
        el("ul", { class: "dd-calc-entries" }, (st.entries || []).map((e) => el("li", { "data-unit": e.unit == null ? null : e.unit, "data-text": e.text },
          e.label ? el("span", { class: "dd-calc-entry-unit" }, e.label + (e.unit != null ? " (" + (e.unit + 1) + ")" : "") + ": ") : null,
          e.text, e.see ? [" ", seeLink(e.see)] : null))),
        Object.keys(subs).length ? el("p", { class: "dd-calc-subtotal" }, "Subtotal: " + totalsText(subs)) : null);
    }

    const EFFECT_SHOWN = ["sai", "unit", "label", "x", "text", "see", "kind", "amount"];

    function renderEffect(fx) {
      const sai = fx.sai && cat.sais.get(fx.sai);
      const name = sai ? el("a", { href: "../sai/" + encodeURIComponent(sai.id) + "/" }, sai.name) : el("strong", {}, String(fx.sai || fx.kind || "Effect"));
      const head = [name];
      if (fx.label) head.push(" — " + fx.label + (fx.unit != null ? " (" + (fx.unit + 1) + ")" : ""));
      if (fx.x != null) head.push(", X = " + fx.x);
      if (fx.kind) head.push(" [" + fx.kind + (fx.amount != null && fx.amount !== fx.x ? " " + fx.amount : "") + "]");
      const extra = Object.keys(fx).filter((k) => !EFFECT_SHOWN.includes(k))
        .map((k) => k + ": " + (typeof fx[k] === "object" ? JSON.stringify(fx[k]) : String(fx[k])));
      return el("li", {}, el("span", { class: "dd-calc-effect-head" }, head), fx.text ? el("span", { class: "dd-calc-effect-text" }, fx.text) : null,
        extra.length ? el("span", { class: "dd-calc-effect-extra" }, extra.join("; ")) : null, fx.see ? seeLink(fx.see) : null);
    }

    /* ---- events ---- */

    ui.roll.addEventListener("change", () => { state.roll = ui.roll.value; if (state.roll !== "save") delete state.against; changed(); });
    ui.against.addEventListener("change", () => { state.against = ui.against.value; changed(); });
    ui.terrain.addEventListener("change", () => { if (ui.terrain.value) state.terrain = ui.terrain.value; else delete state.terrain; changed(); });
    ui.species.addEventListener("change", fillUnits);
    ui.add.addEventListener("click", () => {
      if (!ui.unit.value || state.army.length >= MAX_DICE) return;
      state.army.push({ die: ui.unit.value });
      changed();
    });
    ui.inAdd.addEventListener("click", () => {
      const face = ui.inFace.value.trim();
      if (!faceOf({}, face)) { ui.inFace.setCustomValidity("Write a face like “2 melee” or “4 bullseye”."); ui.inFace.reportValidity(); return; }
      ui.inFace.setCustomValidity("");
      const u = { die_type: ui.inType.value, rolled: face };
      if (ui.inSpecies.value) u.species = ui.inSpecies.value;
      const hp = parseInt(ui.inHealth.value, 10);
      if (hp >= 1 && hp <= 20) u.health = hp;
      state.army.push(u);
      changed();
    });
    ui.inFace.addEventListener("input", () => ui.inFace.setCustomValidity(""));
    ui.rollAll.addEventListener("click", () => { state.army.forEach(rollDie); changed(); });
    ui.clear.addEventListener("click", () => { state.army = []; changed(); });
    ui.spellAdd.addEventListener("click", () => { if (ui.spell.value) { state.modifiers.push({ spell: ui.spell.value }); changed(); } });
    ui.op.addEventListener("change", syncControls);
    ui.opAdd.addEventListener("click", () => {
      const op = OPS.find((o) => o.value === ui.op.value);
      const amount = op.amount || parseInt(ui.amount.value, 10);
      if (!(amount >= 1)) return;
      state.modifiers.push({ op: op.op, result: ui.result.value, amount });
      changed();
    });
    ui.form.addEventListener("submit", (e) => e.preventDefault());
    ui.share.addEventListener("click", () => {
      writeLink();
      const url = location.href;
      const done = (ok) => { ui.shareStatus.textContent = ok ? "Link copied." : "Copy the address bar: it holds this roll."; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(() => done(true), () => done(false));
      else done(false);
    });

    /* ---- start: restore the link, then follow the engine ---- */

    function restore() {
      const got = readLink(cat);
      state = emptyState();
      ui.message.hidden = true;
      ui.message.textContent = "";
      if (got && got.error) {
        ui.message.textContent = got.error;
        ui.message.hidden = false;
      } else if (got) {
        state = Object.assign(emptyState(), got.input);
        state.modifiers = state.modifiers || [];
        if (state.seed == null) state.seed = 0;   // a hand-written roll without seed: the engine's default
      }
      changed(!got || !!got.error);    // an empty start keeps the plain address
      if (got && got.error) history.replaceState(history.state, "", location.pathname);
    }

    fillStatic();
    ui.form.hidden = false;
    restore();

    const onHash = () => {
      if (!document.body.contains(root)) { window.removeEventListener("hashchange", onHash); return; }
      if (location.hash && "#" + location.hash.replace(/^#/, "") !== lastHash) restore();
    };
    window.addEventListener("hashchange", onHash);

    if (window.DragonDiceEngine) {
      let wasReady = false;
      const unsubscribe = window.DragonDiceEngine.subscribe((s) => {
        if (!document.body.contains(root)) { setTimeout(() => unsubscribe && unsubscribe(), 0); return; }
        const ready = s.status === "ready";
        if ((ready && !wasReady) || s.status === "error") { clearTimeout(timer); resolveNow(); }
        wasReady = ready;
      });
    }
  }

  const api = {
    /* The "Chances" panel (a later issue) replaces this: called with the engine input and the
       #chances section every time the input changes. */
    chances: { refresh(input, section) { void input; void section; } },
    encodeState, sanitize,
  };
  window.DragonDiceCalculator = api;

  function init() {
    const root = document.querySelector("#calculator[data-engine]");
    if (!root || root.dataset.calcBound || !root.querySelector("[data-calc-form]")) return;
    root.dataset.calcBound = "1";
    const msg = root.querySelector("[data-calc-message]");
    loadCatalogue().then((cat) => { if (document.body.contains(root)) bind(root, cat); }, (err) => {
      msg.textContent = "The dice catalogue could not be loaded (" + shortMsg(err) + "). Reload the page to try again.";
      msg.hidden = false;
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(init);
  } else {
    document.addEventListener("DOMContentLoaded", init);
  }
})();
