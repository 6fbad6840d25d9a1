// Runs the CPython unit tests (tests/unit) again inside Pyodide under Node.
//   node tests/pyodide/run.mjs [extra pytest args...]
// Exits with pytest's own exit code; any other failure exits 1 (or 2 for setup).
// PYODIDE_TEST_ROOT=/some/dir runs that tree's tests/unit instead of this repo's.
// PYTHON=/path/to/python picks the pip used to fetch wheels (default .venv/bin/python).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide, version as pyodideVersion } from "pyodide";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "..", "..");
const root = path.resolve(process.env.PYODIDE_TEST_ROOT || repoRoot);
const wheelDir = path.join(here, "wheels");
const requirements = path.join(here, "requirements.txt");

function fail(message, code = 2) {
  process.stderr.write(`pyodide: ${message}\n`);
  process.exit(code);
}

// Pins from requirements.txt as [name, version]; only "name==version" lines.
function readPins() {
  const pins = [];
  for (const raw of fs.readFileSync(requirements, "utf8").split("\n")) {
    const line = raw.replace(/#.*/, "").trim();
    if (!line) continue;
    const m = /^([A-Za-z0-9_.-]+)==([A-Za-z0-9_.+!-]+)$/.exec(line);
    if (!m) fail(`requirements.txt: expected name==version, got "${line}"`);
    pins.push([m[1], m[2]]);
  }
  return pins;
}

// Wheel file names use the normalized project name: lower case, runs of -_. as _.
function findWheel(files, name, version) {
  const prefix = `${name.toLowerCase().replace(/[-_.]+/g, "_")}-${version}-`;
  return files.find((f) => f.toLowerCase().startsWith(prefix) && f.endsWith(".whl"));
}

function wheelPaths() {
  const pins = readPins();
  const list = () => (fs.existsSync(wheelDir) ? fs.readdirSync(wheelDir) : []);
  let missing = pins.filter(([n, v]) => !findWheel(list(), n, v));
  if (missing.length) {
    const python = process.env.PYTHON || path.join(repoRoot, ".venv", "bin", "python");
    process.stderr.write(`pyodide: fetching ${missing.map(([n, v]) => `${n}==${v}`).join(" ")}\n`);
    const r = spawnSync(
      python,
      ["-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
       "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
       "-d", wheelDir, "-r", requirements],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    if (r.error) fail(`cannot run ${python} (run "make venv" first?): ${r.error.message}`);
    if (r.status !== 0) fail(`pip download failed with exit code ${r.status}`);
    missing = pins.filter(([n, v]) => !findWheel(list(), n, v));
    if (missing.length) fail(`still missing wheels: ${missing.map(([n, v]) => `${n}==${v}`).join(" ")}`);
  }
  const files = list();
  return pins.map(([n, v]) => `/wheels/${findWheel(files, n, v)}`);
}

// Write Pyodide's stdout/stderr bytes straight to our fds (retrying a full pipe).
function writerFor(fd, stream) {
  return {
    isatty: Boolean(stream.isTTY),
    write(buf) {
      let off = 0;
      while (off < buf.length) {
        try {
          off += fs.writeSync(fd, buf, off, buf.length - off);
        } catch (e) {
          if (e.code !== "EAGAIN") throw e;
        }
      }
      return buf.length;
    },
  };
}

const wheels = wheelPaths();
if (!fs.existsSync(path.join(root, "tests", "unit"))) fail(`no tests/unit under ${root}`);

// A fatal Pyodide error (e.g. the wasm stack overflowing) can surface outside the
// awaited promise: report it in one line and fail.
for (const event of ["uncaughtException", "unhandledRejection"]) {
  process.on(event, (e) => {
    process.stderr.write(`pyodide: fatal: ${e && e.message ? e.message : e}\n`);
    process.exit(1);
  });
}

let code = 1;
try {
  const pyodide = await loadPyodide();
  pyodide.setStdout(writerFor(1, process.stdout));
  pyodide.setStderr(writerFor(2, process.stderr));
  const { FS } = pyodide;
  for (const [src, dst] of [[root, "/proj"], [wheelDir, "/wheels"]]) {
    FS.mkdirTree(dst);
    FS.mount(FS.filesystems.NODEFS, { root: src }, dst);
  }
  pyodide.globals.set("_wheels", pyodide.toPy(wheels));
  pyodide.globals.set("_args", pyodide.toPy(process.argv.slice(2)));
  pyodide.globals.set("_ci", process.env.CI || "");
  pyodide.globals.set("_pyodide_version", pyodideVersion);
  const result = await pyodide.runPythonAsync(`
import os, sys
print(f"pyodide: Python {sys.version.split()[0]} in Pyodide {_pyodide_version}", flush=True)
sys.dont_write_bytecode = True        # no cpython-314 .pyc files in the mounted repo
if _ci:
    os.environ["CI"] = _ci            # hypothesis picks its "ci" profile, as on CPython
sys.path[:0] = ["/proj", *_wheels]    # like "python -m pytest" run from the repo root
os.chdir("/proj")
import pytest

class PyodideSetup:
    # Runs after pytest has imported its plugins (hypothesis among them, so assert
    # rewriting is not disturbed) and before any conftest.py is loaded.
    @pytest.hookimpl(tryfirst=True)
    def pytest_load_initial_conftests(self):
        from hypothesis import settings
        from hypothesis.configuration import set_hypothesis_home_dir
        set_hypothesis_home_dir("/tmp/.hypothesis")  # example database in memory, not the repo
        settings.register_profile("pyodide", deadline=None)  # wasm timing is not CPython's
        settings.load_profile("pyodide")  # a conftest that loads its own profile wins

int(pytest.main(["-q", "-p", "no:cacheprovider", "tests/unit", *_args], plugins=[PyodideSetup()]))
`);
  code = typeof result === "number" && Number.isInteger(result) ? result : 1;
} catch (e) {
  process.stderr.write(`pyodide: ${e && e.stack ? e.stack : e}\n`);
  code = 1;
}
process.exitCode = code;
