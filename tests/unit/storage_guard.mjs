// Runs assets/storage.js in Node against a localStorage of its own, for
// tests/unit/test_storage_guard.py. Each line on stdin is one case, as JSON:
//   {"quota": characters or null, "items": {key: text}, "run": "<a JavaScript expression>"}
// The expression sees `S` (window.py2048Storage) and `storage` (the fake localStorage);
// the answer line is {"result": its value, "items": what is stored after}, or {"error"}.
// The quota counts each item's key and text, as browsers roughly do; a write past it
// throws a QuotaExceededError, as theirs do.
import fs from "node:fs";
import readline from "node:readline";
import vm from "node:vm";

const source = fs.readFileSync(new URL("../../assets/storage.js", import.meta.url), "utf8");

class Storage {
  constructor(items, quota) {
    this.map = new Map(Object.entries(items));
    this.quota = quota;
  }
  get length() { return this.map.size; }
  key(i) { return [...this.map.keys()][i] ?? null; }
  getItem(key) { return this.map.has(key) ? this.map.get(key) : null; }
  setItem(key, value) {
    value = String(value);
    if (this.quota !== null) {
      let used = key.length + value.length;
      for (const [k, v] of this.map) if (k !== key) used += k.length + v.length;
      if (used > this.quota) {
        const error = new Error("quota exceeded");
        error.name = "QuotaExceededError";
        throw error;
      }
    }
    this.map.set(key, value);
  }
  removeItem(key) { this.map.delete(key); }
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const task = JSON.parse(line);
    const storage = new Storage(task.items || {}, task.quota ?? null);
    const window = { localStorage: storage };
    const context = vm.createContext({ window, console, JSON, Object, Array, Number, String, Error, Math, Uint32Array, crypto: globalThis.crypto });
    vm.runInContext(source, context);
    context.S = window.py2048Storage;
    context.storage = storage;
    const result = vm.runInContext(task.run, context);
    answer = { result: result === undefined ? null : result, items: Object.fromEntries(storage.map) };
  } catch (error) {
    answer = { error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
