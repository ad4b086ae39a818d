/* Calculator page: the terrain faces an army holds in a roll or an exchange (its input's
   `eighth_faces` and `minor_terrain`). The eighth faces come from the catalogue (terrains.yaml: each
   major die's eighth face), their names and rule parts from icons.yaml; the minor terrain row is the
   maneuver mode's. The engine checks the pair and says in the roll's steps what each face does;
   nothing here restates a rule. */
import { el, option, fill } from "./calc-dom.js";
import { iconName } from "./calc-catalogue.js";
import { majorDice, minorRow, ruleLink } from "./calc-maneuver-die.js";

const faceId = (f) => (f && typeof f === "object" ? f.face : f);

/* The eighth faces of the major terrain dice, each once, by name. */
function eighthFaces(cat) {
  const ids = [...new Set(majorDice(cat).map((d) => d.eighth_face).filter(Boolean))];
  return ids.map((id) => ({ id, name: iconName(cat, id) })).sort((a, b) => a.name.localeCompare(b.name));
}

/* The held faces of the side `name` (`sideOf(name)` is its input): an eighth face select with the
   rule part of the face held, then the minor terrain row. `ctx` has `cat` and `changed()`. */
export function heldRow(ctx, name, sideOf) {
  const cat = ctx.cat;
  const id = "dd-held-" + name;
  const select = el("select", { id, "data-key": "held-eighth-" + name });
  fill(select, [option("", "None")].concat(eighthFaces(cat).map((f) => option(f.id, f.name))));
  const about = el("span", { class: "dd-held-rule" });
  select.addEventListener("change", () => {
    const s = sideOf(name);
    // a second face or Vortex's unit from a link is dropped only when the player picks here
    if (select.value) s.eighth_faces = [select.value]; else delete s.eighth_faces;
    ctx.changed();
  });
  const minor = minorRow(ctx, name, sideOf);
  const eighth = el("div", { class: "dd-calc-row dd-held-eighth" },
    el("label", { for: id }, "Eighth face held ", select), about);
  const sync = () => {
    const faces = sideOf(name).eighth_faces || [];
    select.value = faces.length ? faceId(faces[0]) || "" : "";
    about.replaceChildren(...faces.flatMap((f, i) => (i ? ["; "] : []).concat([ruleLink(cat, faceId(f), "What " +
      iconName(cat, faceId(f)) + " does"), f && typeof f === "object" && f.unit != null ? " (re-rolling unit " + (f.unit + 1) + ")" : ""])));
    minor.sync();
  };
  const held = () => { const s = sideOf(name); return !!((s.eighth_faces || []).length || s.minor_terrain); };
  return { part: el("div", { class: "dd-held", "data-held": name }, eighth, minor), sync, held };
}
