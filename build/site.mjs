// Builds the deployable static site: exactly the files the page loads (build/precache.mjs),
// plus sw.js, the service worker that keeps them for offline play (docs/offline.md).
//
//   node build/site.mjs <output dir> [--source <dir>]
//
// --source builds from another copy of the repository (the tests build a changed copy
// to see an update arrive); the default is this repository.
//
// The release id is a hash of every shipped file's path and bytes and of the service
// worker's template, so any change makes a new cache name and a new sw.js, which is
// how browsers notice the update. index.html gets <meta name="py2048-release">: only
// the built page registers the worker (assets/offline.js); the development page, served
// straight from the repository, never does.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pageFiles } from "./precache.mjs";

const args = process.argv.slice(2);
const sourceAt = args.indexOf("--source");
const root = path.resolve(
  sourceAt >= 0 ? args.splice(sourceAt, 2)[1] || "" : path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
);
const [outDir] = args;
if (!outDir || args.length !== 1) {
  process.stderr.write("usage: node build/site.mjs <output dir> [--source <dir>]\n");
  process.exit(2);
}

const template = fs.readFileSync(path.join(root, "build/sw.js"), "utf8");
const files = await pageFiles(root);

const hash = crypto.createHash("sha256");
hash.update(template);
for (const file of files) {
  hash.update(`\0${file}\0`);
  hash.update(fs.readFileSync(path.join(root, file)));
}
const release = hash.digest("hex").slice(0, 16);

fs.mkdirSync(outDir, { recursive: true });
let bytes = 0;
for (const file of files) {
  const target = path.join(outDir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (file === "index.html") {
    const html = fs.readFileSync(path.join(root, file), "utf8");
    const marked = html.replace(/(<meta charset="utf-8">\n)/, `$1<meta name="py2048-release" content="${release}">\n`);
    if (marked === html) throw new Error('index.html: no <meta charset="utf-8"> line to put the release after');
    fs.writeFileSync(target, marked);
  } else {
    fs.copyFileSync(path.join(root, file), target);
  }
  bytes += fs.statSync(target).size;
}

const fill = (text, placeholder, value) => {
  if (!text.includes(placeholder)) throw new Error(`build/sw.js: ${placeholder} not found`);
  return text.replace(placeholder, value);
};
let sw = fill(template, '"__RELEASE__"', JSON.stringify(release));
sw = fill(sw, '["__FILES__"]', JSON.stringify(files, null, 2));
fs.writeFileSync(path.join(outDir, "sw.js"), sw);

process.stdout.write(
  `site: ${outDir}, release ${release}: ${files.length} files, ${bytes} bytes precached, plus sw.js\n`,
);
