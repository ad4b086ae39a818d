/* Calculator page, part 7: one side of an exchange (its army or its dragons, the face of each
   roll, its modifiers and options). Which rolls a unit makes comes from the engine: the attack's
   usual rolls (published with the catalogue), then every roll its last answer made the unit
   roll. A face left unpicked is rolled by the engine; the page marks the face it rolled. */
(function () {
  "use strict";
  const DD = (window.DDCalc = window.DDCalc || {});
  const { el, option, fill, typeLabel, icon } = DD.dom;
  const isObj = (v) => v != null && typeof v === "object" && !Array.isArray(v);

  function vocab(cat) { return cat.vocab.exchange || { attacks: [], rolls: {}, summary: {}, sides: {} }; }
  function attackOf(cat, id) { return vocab(cat).attacks.find((a) => a.id === id) || { rolls: {} }; }
  function sideName(cat, side) { return vocab(cat).sides[side] || typeLabel(side); }

  function rollLabel(cat, name) {
    const v = vocab(cat);
    if (v.rolls[name]) return v.rolls[name];
    const m = /^([a-z0-9-]+)_target_[a-z]+$/.exec(name);     // "<sai id>_target_<test>", the input's form
    if (m && v.target_roll) return v.target_roll.replace("{sai}", DD.catalogue.iconName(cat, m[1]));
    return typeLabel(name);
  }

  /* A face as the engine writes it ("2 melee") in the data's words ("2 Melee"). */
  function faceText(cat, face) {
    const s = String(face);
    const m = /^(\d+) (.+)$/.exec(s);
    return m ? m[1] + " " + DD.catalogue.iconName(cat, m[2]) : DD.catalogue.iconName(cat, s);
  }

  /* The faces given for one roll: a bare face is the face of the side's first roll. */
  function given(u, name, first) {
    const face = isObj(u.rolled) ? u.rolled[name] : (name === first ? u.rolled : undefined);
    const more = isObj(u.rerolled) ? u.rerolled[name] : (name === first ? u.rerolled : undefined);
    return { face: face == null ? null : face, more: Array.isArray(more) ? more : [] };
  }

  function setGiven(u, name, first, level, value, pad) {
    const rolled = isObj(u.rolled) ? Object.assign({}, u.rolled) : (u.rolled != null ? { [first]: u.rolled } : {});
    const rerolled = isObj(u.rerolled) ? Object.assign({}, u.rerolled) : (Array.isArray(u.rerolled) ? { [first]: u.rerolled } : {});
    if (level === 0) {
      if (value == null) delete rolled[name]; else rolled[name] = value;
      delete rerolled[name];                   // a new first face: what it rolled again is void
    } else {
      const list = (rerolled[name] || []).slice(0, level - 1);
      while (list.length < level - 1) list.push(pad(list.length));
      if (value != null) list.push(value);
      if (list.length) rerolled[name] = list; else delete rerolled[name];
    }
    if (Object.keys(rolled).length) u.rolled = rolled; else delete u.rolled;
    if (Object.keys(rerolled).length) u.rerolled = rerolled; else delete u.rerolled;
  }

  /* What the engine's answer says unit i of `side` did in the roll `name`: its faces, each with
     whether the engine rolled it ({face, random}), first face first. */
  function made(res, side, name, i, dragon) {
    if (!res) return null;
    const r = res.rolls.find((x) => x.side === side && x.name === name && (dragon ? x.dragon === i : (x.units || []).includes(i)));
    if (!r) return null;
    // A dragon's roll is no army roll: its faces in the rules' words, which of them were rolled for you.
    if (!r.roll) return { faces: (r.faces || []).map((k, n) => ({ face: (r.icons || [])[n] || null, input: k, random: !!(r.random || [])[n] })), text: r.text };
    const pos = r.units.indexOf(i);
    const faces = [];
    (r.roll.steps || []).forEach((st) => (st.entries || []).forEach((e) => {
      if (e.unit === pos && e.face != null && (st.step === 1 || st.step === 3)) faces.push({ face: e.face, random: !!e.random });
    }));
    return { faces };
  }

  function rollNames(ctx, side, u, i) {
    const names = (attackOf(ctx.cat, ctx.x.attack).rolls[side] || []).slice();
    const res = ctx.fresh();
    if (res) res.rolls.forEach((r) => { if (r.side === side && (r.units || []).includes(i) && !names.includes(r.name)) names.push(r.name); });
    [u.rolled, u.rerolled].forEach((m) => { if (isObj(m)) Object.keys(m).forEach((k) => { if (!names.includes(k)) names.push(k); }); });
    return names;
  }

  function matches(f, j, value) {
    return value === j + 1 || value === f.count + " " + f.icon || value === f.icon;
  }

  /* `said`: the face as the engine read the value given (a face named in words in a link). */
  function faceButtons(ctx, faces, value, rolledFace, said, opts) {
    let pressedOne = false;
    let rolledOne = false;                    // a die with the same face twice: the engine names the face, not which
    return faces.map((f, j) => {
      const pressed = !pressedOne && value != null && (matches(f, j, value) || (typeof value === "string" && said === opts.text(f)));
      pressedOne = pressedOne || pressed;
      const rolled = !rolledOne && value == null && rolledFace != null && rolledFace === opts.text(f);
      rolledOne = rolledOne || rolled;
      const name = opts.name(f);
      return el("button", {
        type: "button", class: "dd-face" + (f.icon === "id" ? " dd-face-id" : "") + (rolled ? " dd-face-rolled" : ""),
        "aria-pressed": pressed ? "true" : "false", "data-face": j + 1, "data-key": opts.key + "-" + j,
        "aria-label": opts.what + " face " + (j + 1) + ": " + name + (rolled ? " (rolled for you)" : ""),
        onclick: () => { opts.set(pressed ? null : opts.value(f, j)); ctx.changed(); },
      }, icon(f.icon, DD.catalogue.iconName(ctx.cat, f.icon)),
      f.count != null ? el("span", { class: "dd-face-count" }, String(f.count)) : null,
      el("span", { class: "dd-face-icon" }, DD.catalogue.iconName(ctx.cat, f.icon)));
    });
  }

  /* One roll of one unit (or dragon): its first face and each face it rolled again. */
  function rollPicker(ctx, side, u, i, name, faces, labelOf, dragon) {
    const first = (attackOf(ctx.cat, ctx.x.attack).rolls[side] || [])[0];
    const g = given(u, name, first);
    const did = made(ctx.fresh(), side, name, i, dragon);
    const res = ctx.fresh();
    const levels = Math.max(1 + g.more.length, did ? did.faces.length : 1);
    const box = el("div", { class: "dd-ex-roll", "data-roll": name });
    const labelId = "dd-ex-" + side + "-" + i + "-" + name;
    box.append(el("span", { class: "dd-calc-picker-label", id: labelId }, rollLabel(ctx.cat, name)));
    for (let level = 0; level < levels; level++) {
      const value = level === 0 ? g.face : (g.more[level - 1] == null ? null : g.more[level - 1]);
      const engineFace = did && did.faces[level] ? did.faces[level] : null;
      // A face picked after faces the engine rolled: those earlier faces are kept as they came.
      const earlier = (k) => { const f = did && did.faces[k + 1]; return f ? (f.face != null ? f.face : f.input) : 1; };
      const set = (v) => setGiven(u, name, first, level, v, earlier);
      const row = el("div", { class: "dd-calc-picker" + (level ? " dd-calc-reroll" : "") });
      if (level) row.append(el("span", { class: "dd-calc-picker-label" }, "Rolls again (face " + (level + 1) + ")"));
      if (faces) {
        row.append(el("div", { class: "dd-calc-faces", role: "group", "aria-labelledby": labelId },
          faceButtons(ctx, faces, value, engineFace && engineFace.random ? engineFace.face : null, engineFace ? engineFace.face : null, {
            key: "ex-" + side + "-" + i + "-" + name + "-" + level, what: labelOf + ", " + rollLabel(ctx.cat, name),
            text: (f) => (f.count != null ? f.count + " " : "") + f.icon, name: (f) => DD.catalogue.faceLabel(ctx.cat, f),
            value: (f, j) => j + 1, set })));
      } else {
        const input = el("input", { type: "text", list: "dd-calc-icons", placeholder: "2 melee", "aria-labelledby": labelId,
          maxlength: ctx.cat.limits.text || 80, "data-key": "ex-in-" + side + "-" + i + "-" + name + "-" + level,
          value: value == null ? "" : String(value) });
        input.addEventListener("change", () => { set(input.value.trim() || null); ctx.changed(); });
        row.append(input);
      }
      let note = "";
      if (value == null && engineFace && engineFace.random) note = engineFace.face == null ? "Rolled for you."
        : "Rolled for you: " + faceText(ctx.cat, engineFace.face) + ".";
      else if (value == null && !engineFace) note = res && !did ? "Not rolled in this exchange." : "Not picked: rolled for you.";
      else if (value != null && res && !did) note = "Not rolled in this exchange: this face is not used.";
      if (note) row.append(el("span", { class: "dd-calc-picker-note" }, note));
      box.append(row);
    }
    if (did && did.text) box.append(el("p", { class: "dd-calc-picker-note dd-ex-dragon-roll" }, did.text));
    return box;
  }

  function fate(ctx, side, i, dragon) {
    const res = ctx.fresh();
    const list = res && res.killed ? res.killed[side] || [] : [];
    return list.find((k) => (dragon ? k.dragon === i : k.unit === i && k.dragon == null)) || null;
  }

  function unitItem(ctx, side, u, i) {
    const cat = ctx.cat;
    const die = u.die ? cat.dice.get(u.die) : null;
    const name = die ? die.name : String(u.name || u.die || typeLabel(u.species || "unit"));
    const facts = [die ? (cat.species.get(die.species) || { name: "Items" }).name : "not in the catalogue"];
    const hp = die ? die.health : u.health;
    if (hp) facts.push("health " + hp);
    const dead = fate(ctx, side, i);
    const li = el("li", { class: "dd-calc-unit dd-ex-unit" + (dead ? " dd-ex-killed" : ""), "data-side": side, "data-unit": i,
      "data-status": dead ? dead.status : "alive" },
    el("div", { class: "dd-calc-unit-head" }, el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
      el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
      el("span", { class: "dd-calc-unit-buttons" }, el("button", { type: "button", class: "md-button dd-calc-small",
        "data-key": "ex-remove-" + side + "-" + i, "aria-label": "Remove " + name + " (" + sideName(cat, side) + ", " + (i + 1) + ")",
        onclick: () => { ctx.sideOf(side).army.splice(i, 1); ctx.armyChanged(); } }, "Remove"))));
    if (dead) li.append(el("p", { class: "dd-ex-fate" }, "Dies: " + dead.why));
    const faces = die ? die.faces : null;
    rollNames(ctx, side, u, i).forEach((n) => li.append(rollPicker(ctx, side, u, i, n, faces, name)));
    return li;
  }

  function dragonItem(ctx, d, i) {
    const cat = ctx.cat;
    const dr = cat.dragons.find((x) => x.id === d.die);
    const name = dr ? dr.name : String(d.die);
    const facts = dr ? [DD.catalogue.elementsText(dr.elements), "health " + dr.health] : ["not in the catalogue"];
    const dead = fate(ctx, "attacker", i, true);
    const li = el("li", { class: "dd-calc-unit dd-ex-unit dd-ex-dragon" + (dead ? " dd-ex-killed" : ""), "data-side": "attacker",
      "data-dragon": i, "data-status": dead ? dead.status : "alive" },
    el("div", { class: "dd-calc-unit-head" }, el("span", { class: "dd-calc-unit-name" }, (i + 1) + ". " + name),
      el("span", { class: "dd-calc-unit-facts" }, facts.join(" · ")),
      el("span", { class: "dd-calc-unit-buttons" }, el("button", { type: "button", class: "md-button dd-calc-small",
        "data-key": "ex-remove-dragon-" + i, "aria-label": "Remove " + name + " (dragon " + (i + 1) + ")",
        onclick: () => { ctx.x.attacker.dragons.splice(i, 1); ctx.armyChanged(); } }, "Remove"))));
    if (dead) li.append(el("p", { class: "dd-ex-fate" }, "Dies: " + dead.why));
    const faces = dr ? dr.faces.map((f) => ({ icon: f.icon })) : null;
    li.append(rollPicker(ctx, "attacker", d, i, (attackOf(cat, "dragon").rolls.attacker || [])[0], faces, name, true));
    return li;
  }

  /* A modifier by hand: one of the engine's operations, an amount, the results it changes. */
  function freeRow(ctx, side, id) {
    const cat = ctx.cat;
    const op = el("select", { id: id("op") }, (cat.vocab.free_modifiers || []).map((o) => option(o.op, typeLabel(o.op) + " (" + o.sign + ")")));
    const amount = el("input", { type: "number", min: 0, max: cat.limits.amount || 999, value: 1, id: id("amount") });
    const result = el("select", { id: id("result") }, (cat.vocab.result_types || []).map((t) => option(t, typeLabel(t)))
      .concat([option("all", "All results")]));
    const add = () => {
      const n = parseInt(amount.value, 10);
      if (!(n >= 0 && n <= (cat.limits.amount || 999))) {
        amount.setCustomValidity("From 0 to " + (cat.limits.amount || 999) + ".");
        amount.reportValidity();
        return;
      }
      amount.setCustomValidity("");
      const s = ctx.sideOf(side);
      s.modifiers = (s.modifiers || []).concat([{ op: op.value, result: result.value, amount: n }]);
      ctx.changed();
    };
    return el("div", { class: "dd-calc-row" }, el("label", { for: id("op") }, "Change ", op),
      el("label", { for: id("amount") }, "Amount ", amount), el("label", { for: id("result") }, "Results ", result),
      el("button", { type: "button", class: "md-button", "data-key": "ex-op-" + side, onclick: add }, "Add modifier"));
  }

  /* The side's controls, built once; render() redraws its lists. */
  function build(ctx, side, box) {
    const cat = ctx.cat;
    const id = (k) => "dd-ex-" + side + "-" + k;
    const ui = {
      legend: el("legend", {}, sideName(cat, side), " ", el("span", { class: "dd-calc-health" })),
      species: el("select", { id: id("species") }), unit: el("select", { id: id("unit") }),
      dragon: el("select", { id: id("dragon") }), units: el("ol", { class: "dd-calc-units", "aria-label": sideName(cat, side) + ": dice" }),
      dragons: el("ol", { class: "dd-calc-units", "aria-label": sideName(cat, side) + ": dragons" }),
      empty: el("p", { class: "dd-calc-empty" }), spell: el("select", { id: id("spell") }),
      modlist: el("ul", { class: "dd-calc-modlist", "aria-label": sideName(cat, side) + ": modifiers" }),
      options: el("div", { class: "dd-calc-options" }),
    };
    fill(ui.species, cat.speciesList.map((s) => option(s.id, s.name)));
    const units = () => fill(ui.unit, (cat.diceBySpecies.get(ui.species.value) || []).map((d) =>
      option(d.id, d.name + (d.health ? " (health " + d.health + ")" : " (" + d.kind + ")"))));
    units();
    ui.species.addEventListener("change", units);
    fill(ui.dragon, cat.dragons.slice().sort((a, b) => a.name.localeCompare(b.name)).map((d) => option(d.id, d.name)));
    fill(ui.spell, cat.spells.slice().sort((a, b) => a.name.localeCompare(b.name)).map((s) => option(s.id, s.name + " — " + s.label)));
    const add = () => {
      const list = ctx.sideOf(side).army;
      if (!ui.unit.value || list.length >= (cat.limits.army_size || 60)) return;
      list.push({ die: ui.unit.value });
      ctx.armyChanged();
    };
    const addDragon = () => {
      const list = ctx.x.attacker.dragons = ctx.x.attacker.dragons || [];
      if (!ui.dragon.value || list.length >= (cat.limits.dragons || 6)) return;
      list.push({ die: ui.dragon.value });
      ctx.armyChanged();
    };
    const addSpell = () => {
      const s = ctx.sideOf(side);
      if (ui.spell.value) { s.modifiers = (s.modifiers || []).concat([{ spell: ui.spell.value }]); ctx.changed(); }
    };
    ui.armyPart = el("div", {}, el("div", { class: "dd-calc-row" },
      el("label", { for: id("species") }, "Species ", ui.species), el("label", { for: id("unit") }, "Unit ", ui.unit),
      el("button", { type: "button", class: "md-button", "data-key": "ex-add-" + side, onclick: add }, "Add to " + sideName(cat, side).toLowerCase())),
    ui.units);
    ui.dragonPart = el("div", {}, el("div", { class: "dd-calc-row" },
      el("label", { for: id("dragon") }, "Dragon ", ui.dragon),
      el("button", { type: "button", class: "md-button", "data-key": "ex-add-dragon", onclick: addDragon }, "Add dragon")), ui.dragons);
    ui.modPart = el("details", { class: "dd-calc-inline dd-ex-mods" }, el("summary", {}, "Spells and other modifiers"),
      el("div", { class: "dd-calc-row" }, el("label", { for: id("spell") }, "Spell ", ui.spell),
        el("button", { type: "button", class: "md-button", "data-key": "ex-spell-" + side, onclick: addSpell }, "Add spell")),
      freeRow(ctx, side, id), ui.modlist, ui.options);
    box.replaceChildren(ui.legend, ui.armyPart, ui.dragonPart, ui.empty, ui.modPart);
    return ui;
  }

  function render(ctx, side, ui) {
    const s = ctx.sideOf(side);
    const dragons = side === "attacker" && ctx.x.attack === "dragon";
    ui.armyPart.hidden = dragons;
    ui.dragonPart.hidden = !dragons;
    ui.modPart.hidden = dragons;
    const army = s.army || [];
    const list = dragons ? s.dragons || [] : army;
    if (dragons) ui.dragons.replaceChildren(...list.map((d, i) => dragonItem(ctx, d, i)));
    else ui.units.replaceChildren(...army.map((u, i) => unitItem(ctx, side, u, i)));
    ui.empty.hidden = list.length > 0;
    ui.empty.textContent = dragons ? "No dragon yet: choose one, then “Add dragon”." : "No dice yet: choose a species and a unit, then “Add to " + sideName(ctx.cat, side).toLowerCase() + "”.";
    const health = army.reduce((n, u) => n + ((u.die ? (ctx.cat.dice.get(u.die) || {}).health : u.health) || 0), 0);
    ui.legend.lastChild.textContent = dragons ? (list.length ? "(" + list.length + (list.length === 1 ? " dragon)" : " dragons)") : "")
      : (army.length ? "(" + army.length + (army.length === 1 ? " die, " : " dice, ") + health + " health)" : "");
    ui.modlist.replaceChildren(...(s.modifiers || []).map((m, i) => el("li", {}, el("span", {}, DD.army.modText(ctx.cat, m)),
      el("button", { type: "button", class: "md-button dd-calc-small", "data-key": "ex-mod-remove-" + side + "-" + i,
        "aria-label": "Remove modifier " + (i + 1) + " of the " + sideName(ctx.cat, side).toLowerCase(),
        onclick: () => { s.modifiers.splice(i, 1); ctx.changed(); } }, "Remove"))));
    if (s.modifiers && s.modifiers.length) ui.modPart.open = true;
    renderOptions(ctx, side, ui);
  }

  /* The "may" choices the engine's plan offers for this side's rolls (ctx.options[side]). */
  function renderOptions(ctx, side, ui) {
    const opts = (ctx.options && ctx.options[side]) || [];
    const s = ctx.sideOf(side);
    if (!opts.length) { ui.options.replaceChildren(); return; }
    const chosen = s.options || {};
    ui.options.replaceChildren(el("p", { class: "dd-calc-options-title" }, "Choices (“may” in the rules)"), ...opts.map((o) => {
      const box = el("input", { type: "checkbox", "data-key": "ex-opt-" + side + "-" + o.id });
      box.checked = chosen[o.id] != null ? chosen[o.id] : o.default;
      box.addEventListener("change", () => {
        s.options = Object.assign({}, s.options);
        if (box.checked === o.default) delete s.options[o.id]; else s.options[o.id] = box.checked;
        if (!Object.keys(s.options).length) delete s.options;
        ctx.changed();
      });
      return el("label", { class: "dd-calc-option" }, box, " Use " + o.name, el("small", {}, " — " + o.note));
    }));
    ui.modPart.open = ui.modPart.open || Object.keys(chosen).length > 0;
  }

  DD.exchangeSide = { build, render, rollLabel, sideName, attackOf, faceText, vocab };
})();
