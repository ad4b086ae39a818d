/* The .br copies of the engine worker's big downloads (brotli, a fifth smaller than their .gz
   copies), unpacked as they arrive. The browsers' DecompressionStream has no brotli, so the site
   ships its own decoder (npm brotli-dec-wasm, WebAssembly; generator/engine/assets.py copies it):
   the worker imports this module, starts the decoder once, and takes the .gz copies when it
   cannot (a copy of the site without it, a browser that refuses it). */
import { unpacked, whole } from "./packed.js";

const SUCCESS = 1, MORE_INPUT = 2;     // the decoder's BrotliStreamResultCode
const OUT = 1 << 20;                   // bytes the decoder may give back in one call

/* The decoder's stream class, its module started from its WebAssembly (read from its .gz copy and
   checked by the build's SHA-256): `d` is the worker's ENGINE.decoder, `root` the site's root URL. */
export async function decoder(root, d) {
  const url = new URL(d.url, root).href;
  const [mod, res] = await Promise.all([import(new URL(d.script, root).href),
    fetch(d.packed ? url + ".gz" : url).then((r) => (r.ok || !d.packed ? r : fetch(url)))]);
  if (!res.ok) throw new Error("no decoder");
  mod.initSync({ module: await WebAssembly.compile(await whole(await unpacked(res.body), d.sha256, d.label)) });
  return mod.BrotliDecStream;
}

/* A brotli stream unpacked as it arrives; a stream that is not brotli, or ends before brotli's
   own end, errors (the worker then tells the player that a file arrived damaged). */
export function unbrotli(body, Dec) {
  const dec = new Dec();
  let done = false;
  return body.pipeThrough(new TransformStream({
    transform(chunk, ctl) {
      for (let at = 0; !done;) {
        const r = dec.dec(chunk.subarray(at), OUT);
        const buf = r.buf, code = r.code;
        at += r.input_offset;
        r.free();
        if (buf.length) ctl.enqueue(buf);
        done = code === SUCCESS;
        if (code === MORE_INPUT) return;
      }
    },
    flush() {
      dec.free();
      if (!done) throw new Error("a brotli stream cut short");
    },
  }));
}
