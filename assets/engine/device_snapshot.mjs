// The engine's memory snapshot kept on this device, in IndexedDB, for the next start
// (docs/engine-start.md, "Kept on the device"). One entry: the snapshot of this build,
// either the one the site serves as it was downloaded (a fast link) or one this device
// made after a plain start (a slow link, a browser saving data, the one offline file);
// a new build's entry replaces the old one. Where IndexedDB is blocked or fails there is
// simply none: every function here settles, never throws, and says why in the console.
//
// The entry is {build, manifest, packed}: `build` names the build it belongs to (the
// key in the name of the site's snapshot file, or the one offline file's own), `manifest`
// is what snapshot.json says of the bytes (file, pyodide, sources, bytes, raw_bytes,
// ranges), `packed` the memory's non-zero pages, gzip: the format of the site's snapshot
// (build/snapshot.mjs), so both are restored alike. Nothing in it is trusted: the worker
// checks the manifest as it checks the site's, gzip's checksum guards the bytes, and an
// entry that fails is replaced by the next snapshot made.

const DATABASE = "py2048-engine";
const STORE = "snapshots";
const KEY = "engine";

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the database is held by an older page"));
  });
}

function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// The kept entry if it is of `build` and has the shape of one; null otherwise (none,
// another build's, not readable). A foreign or malformed entry stays until replaced.
export async function snapshotFor(build) {
  if (!build || typeof indexedDB === "undefined") return null;
  try {
    const db = await database();
    try {
      const entry = await settled(db.transaction(STORE).objectStore(STORE).get(KEY));
      if (!entry || typeof entry !== "object") return null;
      if (entry.build !== build) {
        console.info("engine: the snapshot kept on this device is another build's");
        return null;
      }
      if (!entry.manifest || typeof entry.manifest !== "object" || !(entry.packed instanceof ArrayBuffer)) {
        console.warn("engine: the snapshot kept on this device is not one");
        return null;
      }
      return entry;
    } finally {
      db.close();
    }
  } catch (error) {
    console.info(`engine: no snapshot kept on this device: ${error}`);
    return null;
  }
}

// Keep `packed` (gzip of the pages `manifest` describes) as `build`'s snapshot, in place
// of whatever was kept. Settles true once it is stored, false if it could not be.
export async function storeSnapshot(build, manifest, packed) {
  if (typeof indexedDB === "undefined") return false;
  try {
    const db = await database();
    try {
      const transaction = db.transaction(STORE, "readwrite");
      transaction.objectStore(STORE).put({ build, manifest, packed }, KEY);
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error || new Error("aborted"));
      });
    } finally {
      db.close();
    }
    console.info(`engine: snapshot kept on this device for the next start (${packed.byteLength} bytes)`);
    return true;
  } catch (error) {
    console.info(`engine: no snapshot kept on this device: ${error}`);
    return false;
  }
}
