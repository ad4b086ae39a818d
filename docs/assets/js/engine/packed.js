/* A file the build keeps a .gz copy of, fetched as that copy and unpacked as it arrives
   (DecompressionStream): a host that sends files as they are then sends the small copy too. A
   host that labels the copy with Content-Encoding has had the browser unpack it already (the
   first two bytes say which); a copy of the site without its .gz files is read as it is. */

/* The stream, unpacked when it is gzip. The build writes this very function into the engine's
   worker (engine-worker.js, a classic script that cannot import a module): it uses nothing from
   outside itself. */
export async function unpacked(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const rest = new ReadableStream({
    start(ctl) { if (first.done) ctl.close(); else ctl.enqueue(first.value); },
    async pull(ctl) { const r = await reader.read(); if (r.done) ctl.close(); else ctl.enqueue(r.value); },
    cancel(reason) { return reader.cancel(reason); },
  });
  const gzip = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  return gzip ? rest.pipeThrough(new DecompressionStream("gzip")) : rest;
}

/* fetch(url), read from url + ".gz": a Response with the file's own bytes. */
export async function fetchPacked(url, type) {
  const res = await fetch(url + ".gz");
  if (!res.ok) return fetch(url);
  return new Response(await unpacked(res.body), { headers: { "Content-Type": type } });
}

/* The engine's memory snapshot as the site ships it (generator/engine/snapshot.py: "DDSP", the page size
   and the memory's size, a bit for each page, then the pages that are not all zeros) made whole
   again: a third of its pages are zeros, which the worker then need not unpack. The build writes
   this function into the engine's worker too; it uses nothing from outside itself. */
export function dense(shipped) {
  const head = 12;
  const bad = (why) => new Error("not this build's snapshot (" + why + ")");
  if (shipped.length < head || String.fromCharCode(...shipped.subarray(0, 4)) !== "DDSP") throw bad("no header");
  const view = new DataView(shipped.buffer, shipped.byteOffset, shipped.byteLength);
  const page = view.getUint32(4, true);
  const size = view.getUint32(8, true);
  if (page === 0) throw bad("no page size");
  const n = Math.ceil(size / page);
  const out = new Uint8Array(size);
  let at = head + Math.ceil(n / 8);
  for (let i = 0; i < n; i++) {
    if (!((shipped[head + (i >> 3)] >> (i & 7)) & 1)) continue;
    const len = Math.min(page, size - i * page);
    if (at + len > shipped.length) throw bad("cut short");
    out.set(shipped.subarray(at, at + len), i * page);
    at += len;
  }
  if (at !== shipped.length) throw bad("pages that do not add up");
  return out;
}

/* The bytes of a stream once they are all in, if their SHA-256 is the build's (hex): else an error
   in a player's words (a file cut short, or changed on the way). Where the browser offers no
   hashing (a page not served securely) the bytes are taken as they are. The build writes this
   function into the engine's worker and the service worker; it uses nothing from outside itself. */
export async function whole(stream, sha256, label) {
  const damaged = () => new Error("a file of the calculator arrived damaged or incomplete (" + label + ")");
  let bytes;
  try { bytes = new Uint8Array(await new Response(stream).arrayBuffer()); } catch (err) { throw damaged(); }
  const subtle = self.crypto && self.crypto.subtle;
  if (!subtle || !sha256) return bytes;
  const sum = Array.from(new Uint8Array(await subtle.digest("SHA-256", bytes)), (b) => b.toString(16).padStart(2, "0"));
  if (sum.join("") !== sha256) throw damaged();
  return bytes;
}
