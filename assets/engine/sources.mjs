// The engine's Python sources: which files, and a fingerprint of their bytes.
// Shared by the engine worker (assets/engine/worker.mjs) and the snapshot build
// (build/snapshot.mjs), so both name the same files and fingerprint them the same way:
// a snapshot whose fingerprint differs from the sources being served is stale.

// ENGINE_FILES: paths relative to the site's root, which are also the paths inside
// Pyodide's file system, under ROOT_IN_PYODIDE (which is put on sys.path). They are every
// module game/worker.py imports, and theirs, each after what it imports: files.mjs is
// written from the sources by build/files.py (`make setup`; git-ignored), so a new engine
// module needs no line here.
import { ENGINE_FILES } from "./files.mjs";

export { ENGINE_FILES };

export const ROOT_IN_PYODIDE = "/engine";

// The engine's standard library, in Pyodide's folder: Pyodide's own cut to what the
// engine imports (build/stdlib.mjs), loaded as loadPyodide's stdLibURL.
export const STDLIB = "engine-stdlib.zip";

// FNV-1a (32-bit) over every file's path, a NUL, its bytes and a NUL, in ENGINE_FILES
// order, followed by the total length: it only has to notice an edited or missing
// file, not resist an attacker, and it runs where crypto.subtle does not (plain http).
export function fingerprint(files) {
  let hash = 0x811c9dc5;
  let length = 0;
  const eat = (bytes) => {
    for (let i = 0; i < bytes.length; i++) {
      hash = Math.imul(hash ^ bytes[i], 0x01000193);
    }
    hash = Math.imul(hash ^ 0, 0x01000193);
    length += bytes.length;
  };
  const encoder = new TextEncoder();
  ENGINE_FILES.forEach((path, i) => {
    eat(encoder.encode(path));
    eat(files[i]);
  });
  return (hash >>> 0).toString(16).padStart(8, "0") + "-" + length;
}
