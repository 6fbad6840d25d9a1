// PyScript's own Python package (`pyscript`) as the built page imports it: from bytecode in
// the page's bundle, not compiled from source at every start (build/site/mount.py says
// why). The sources are the pinned release's own: its core chunk carries them as an
// object literal of file texts, which its start-up code writes into the interpreter's
// file system before it imports the package; the build reads them from there.
import vm from "node:vm";

// The file texts of PyScript's package in its core chunk: { "pyscript/context.py": text, ... }.
export function pyscriptSources(coreChunk) {
  const start = coreChunk.indexOf("{pyscript:{");
  if (start < 0) throw new Error("PyScript's core chunk carries no `pyscript` package");
  // The literal ends at one of the "}}" after it (its texts may hold some): the first
  // cut that is a whole object literal of texts is it.
  for (let end = coreChunk.indexOf("}}", start); end >= 0; end = coreChunk.indexOf("}}", end + 1)) {
    let tree;
    try {
      tree = vm.runInNewContext(`(${coreChunk.slice(start, end + 2)})`, Object.create(null), { timeout: 1000 });
    } catch {
      continue;
    }
    const files = {};
    const walk = (prefix, node) => {
      for (const [name, value] of Object.entries(node)) {
        if (typeof value === "string") files[`${prefix}${name}`] = value;
        else if (value && typeof value === "object") walk(`${prefix}${name}/`, value);
        else throw new Error(`PyScript's package: ${prefix}${name} is neither a file nor a folder`);
      }
    };
    walk("", tree);
    if (!files["pyscript/__init__.py"]) throw new Error("PyScript's package has no pyscript/__init__.py");
    return files;
  }
  throw new Error("PyScript's `pyscript` package: no object literal of its files in the core chunk");
}

// The files of the modules of `files` imported when the `modules` named (dotted) are (an
// import inside a function waits for its call: PyScript's package is minified, so a
// block is known by its header).
export function importedWith(files, modules) {
  const found = new Set();
  const moduleFile = (dotted) => {
    const base = dotted.replace(/\./g, "/");
    return files[`${base}.py`] !== undefined ? `${base}.py` : `${base}/__init__.py`;
  };
  const visit = (file) => {
    if (found.has(file) || files[file] === undefined) return;
    found.add(file);
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) visit(`${parts.slice(0, depth).join("/")}/__init__.py`);
    const headers = []; // the blocks a line is in: [indentation, whether a function's]
    for (const line of files[file].split("\n")) {
      if (!line.trim()) continue;
      const indent = /^\s*/.exec(line)[0].length;
      while (headers.length && headers[headers.length - 1][0] >= indent) headers.pop();
      const inFunction = headers.some(([, isFunction]) => isFunction);
      if (/:\s*$/.test(line)) headers.push([indent, /^\s*(async\s+)?def\s/.test(line)]);
      if (inFunction) continue;
      for (const m of line.matchAll(/(?:^|[;:])\s*(?:from\s+(pyscript(?:\.\w+)*)\s+import\s+([\w\s,]+)|import\s+(pyscript(?:\.\w+)*))/g)) {
        const dotted = m[1] || m[3];
        visit(moduleFile(dotted));
        for (const name of m[1] ? m[2].split(",") : []) {
          const word = name.trim().split(/\s+/)[0];
          if (word) visit(`${dotted.replace(/\./g, "/")}/${word}.py`);
        }
      }
    }
  };
  for (const dotted of modules) visit(moduleFile(dotted));
  return found;
}
