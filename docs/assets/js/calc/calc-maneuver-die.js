/* Calculator page: the terrain die in the maneuver mode. Its faces come from the catalogue
   (terrains.yaml: each face's number and icon), their names from icons.yaml and the rule part that
   explains each face from the icon's `rule`. Nothing here restates a face, an action or a rule:
   the drawing shows what the data and the engine's answer say. */
import { el, option, fill, icon, iconBeside } from "./calc-dom.js";
import { iconName } from "./calc-catalogue.js";

/* The link to the rule part of an icon (its `rule` in icons.yaml), or its name alone. */
export function ruleHref(cat, id) {
  const rule = (cat.icons.get(id) || {}).rule;
  if (!rule) return null;
  const [page, part] = String(rule).split("#");
  return "../rules/" + encodeURIComponent(page) + "/" + (part ? "#" + encodeURIComponent(part) : "");
}

export function ruleLink(cat, id, text) {
  const href = ruleHref(cat, id);
  const label = text || iconName(cat, id);
  return href ? el("a", { href, "data-rule": (cat.icons.get(id) || {}).rule }, label) : el("span", {}, label);
}

/* The die's face with this number: {number, icon}. */
export function faceOf(die, n) { return ((die && die.faces) || []).find((f) => f.number === n) || null; }

export function majorDice(cat) {
  return cat.terrains.filter((t) => t.category === "major").sort((a, b) => a.name.localeCompare(b.name));
}

export function minorDice(cat) {
  return cat.terrains.filter((t) => t.category === "minor").sort((a, b) => a.name.localeCompare(b.name));
}

/* The die a maneuver's `terrain` names: a terrain die, or for a terrain type the faces its standard
   dice show (the engine reads a type so: they share one layout), its eighth face not known. */
export function terrainOf(cat, t) {
  if (!t) return null;
  if (t.type == null) return cat.terrainById.get(t.die) || null;
  const type = cat.terrainTypes.find((x) => x.id === t.type);
  const std = majorDice(cat).find((d) => d.type === t.type && !d.advanced);
  if (!type || !std) return null;
  return { id: "type:" + type.id, name: type.name, elements: type.elements, eighth_face: null,
    faces: std.faces.map((f) => (f.icon === std.eighth_face ? { number: f.number } : f)) };
}

/* Whether a face is the die's eighth face (the data's `eighth_face`, or the one not known of a type). */
export function isEighth(die, f) { return !!f && (!f.icon || f.icon === die.eighth_face); }

/* The terrain select: the major terrain dice by terrain type, then the types themselves. */
export function fillTerrains(select, cat) {
  const dice = majorDice(cat);
  const types = cat.terrainTypes.filter((t) => dice.some((d) => d.type === t.id));
  fill(select, types.map((t) => el("optgroup", { label: t.name }, dice.filter((d) => d.type === t.id).map((d) => option(d.id, d.name))))
    .concat([el("optgroup", { label: "A terrain type (its standard dice)" }, types.map((t) => option("type:" + t.id, t.name)))]));
}

function faceName(cat, f) { return f.icon ? iconName(cat, f.icon) : "eighth face (not known)"; }

/* The face picker: one button per face of the die, the face shown now pressed. */
export function faceButtons(cat, die, face, pick) {
  return ((die && die.faces) || []).slice().sort((a, b) => a.number - b.number).map((f) => {
    const name = faceName(cat, f);
    return el("button", {
      type: "button", class: "dd-face dd-mv-face-button", "aria-pressed": String(f.number === face), "data-face": f.number,
      // its name holds its visible words ("3 Melee"), so speech input finds it by what it shows
      "data-key": "mv-face-" + f.number, "aria-label": "Face " + f.number + " " + name, onclick: () => pick(f.number),
    }, el("span", { class: "dd-face-count" }, String(f.number)), " ", f.icon ? iconBeside(f.icon, name) : null,
    el("span", { class: "dd-face-icon" }, name));
  });
}

/* One face drawn as a face of the eight-sided die: its number and its icon. */
function drawn(cat, die, n, role, direction) {
  const f = faceOf(die, n);
  const name = f ? faceName(cat, f) : "";
  return el("figure", { class: "dd-mv-die dd-mv-die-" + role + (role === "after" ? " dd-mv-turn-" + direction : ""),
    "data-face": n, "data-icon": f ? f.icon : null },
  el("div", { class: "dd-mv-die-shape", "aria-hidden": "true" },
    f && f.icon ? icon(f.icon, name) : null, el("span", { class: "dd-mv-die-number" }, String(n))),
  el("figcaption", {}, (role === "before" ? "Before: " : "After: ") + n + (name ? ", " + name : "")));
}

/* The terrain die before and after the maneuver; the after face turns in, up or down (the turn
   is an animation only where the reader has not asked for reduced motion: calculator.css). */
export function drawTurn(cat, die, before, after, direction) {
  const moved = before !== after;
  return el("div", { class: "dd-mv-turn", role: "img", "data-before": before, "data-after": after, "data-direction": direction,
    "aria-label": moved ? "The terrain die turns " + direction + " from " + before + " to " + after + "."
      : "The terrain die stays at " + before + "." },
  drawn(cat, die, before, "before", direction),
  el("span", { class: "dd-mv-arrow", "aria-hidden": "true" }, moved ? (direction === "up" ? "↗" : "↘") : "="),
  drawn(cat, die, after, moved ? "after" : "same", direction));
}

/* A side's minor terrain: the die (any minor terrain of the data) and the face it shows, with the
   rule part of that face. The side's `minor_terrain` is {die, face: <icon id>}. */
export function minorRow(ctx, name, sideOf) {
  const cat = ctx.cat;
  const id = (k) => "dd-mv-" + name.replace(/\W/g, "") + "-" + k;
  const die = el("select", { id: id("minor"), "data-key": "mv-minor-" + name });
  const face = el("select", { id: id("minor-face"), "data-key": "mv-minor-face-" + name });
  const about = el("span", { class: "dd-mv-minor-rule" });
  const all = minorDice(cat);
  fill(die, [option("", "None"), option("*", "Its face only")].concat(all.map((d) => option(d.id, d.name))));
  die.addEventListener("change", () => {
    const s = sideOf(name);
    const d = cat.terrainById.get(die.value);
    if (d) s.minor_terrain = { die: d.id, face: d.faces[0].icon };
    else if (die.value === "*") s.minor_terrain = all[0].faces[0].icon;
    else delete s.minor_terrain;
    ctx.changed();
  });
  face.addEventListener("change", () => {
    const s = sideOf(name);
    if (typeof s.minor_terrain === "string") s.minor_terrain = face.value; else s.minor_terrain.face = face.value;
    ctx.changed();
  });
  const row = el("div", { class: "dd-calc-row dd-mv-minor" }, el("label", { for: id("minor") }, "Minor terrain ", die),
    el("label", { for: id("minor-face") }, "Its face ", face), about);
  row.sync = () => {
    const raw = sideOf(name).minor_terrain;
    const held = typeof raw === "string" ? { face: raw } : raw || {};
    const d = held.die ? cat.terrainById.get(held.die) : null;
    const any = raw != null && !d;
    die.value = d ? d.id : any ? "*" : "";
    face.parentNode.hidden = !raw;
    const icons = (d ? [d] : any ? all : []).flatMap((x) => x.faces.map((f) => f.icon)).filter((v, i, a) => a.indexOf(v) === i);
    fill(face, icons.map((ic) => option(ic, iconName(cat, ic), ic === held.face)));
    about.replaceChildren(...(raw && held.face ? [ruleLink(cat, held.face, "What " + iconName(cat, held.face) + " does")] : []));
  };
  return row;
}
