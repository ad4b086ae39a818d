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
