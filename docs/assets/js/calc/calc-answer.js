/* Calculator page: reading a roll's answer by unit. The engine writes a roll as its steps, each
   with entries; an entry about a unit names it (unit, label), and one that shows a face the unit
   rolled carries that face (first the face it rolled, then each face it rolled again, in the
   order it used the faces given to it). The page needs no step number to find them. */

/* Every entry of the roll about unit `pos` (its place in the roll), in the answer's order. */
export function unitEntries(roll, pos) {
  const out = [];
  ((roll && roll.steps) || []).forEach((st) => (st.entries || []).forEach((e) => { if (e.unit === pos) out.push(e); }));
  return out;
}

/* The faces unit `pos` showed, first face first: [{face, random}]. */
export function facesShown(roll, pos) {
  return unitEntries(roll, pos).filter((e) => e.face != null).map((e) => ({ face: e.face, random: !!e.random }));
}

/* The unit's name as the answer gives it, or null. */
export function unitLabel(roll, pos) {
  const hit = unitEntries(roll, pos).find((e) => e.label);
  return hit ? hit.label : null;
}
