// The site's own scripts minified by the pinned terser (node_modules/terser), for
// generator/site/minify.py. stdin: a JSON list of {code, module}; stdout: a JSON list of the
// minified codes, in the same order. An ES module keeps its imports and the names it exports
// (terser's module mode mangles only its own names); a classic script keeps every top-level name,
// which other classic scripts may read as globals. Comments go; nothing is evaluated.
import { minify } from "terser";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const files = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = [];
for (const { code, module } of files) {
  const result = await minify(code, {
    module, toplevel: module, ecma: 2020, compress: { passes: 2 }, mangle: true,
    format: { comments: false },
  });
  out.push(result.code);
}
process.stdout.write(JSON.stringify(out));
