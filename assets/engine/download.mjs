// The site's snapshot downloaded at a pace watched as it comes (docs/engine-start.md):
// a download that would take longer than it saves is abandoned for a plain start, so
// a slow link never carries 6 MB before the game can start.
import { unpack } from "./packing.mjs";

// The pace is judged once it has been watched this long after the first bytes were read
// (pace(), below, says why from then).
const PACE_WINDOW_MS = 300;
// A slow verdict stands only if it still holds this much later.
const PACE_CONFIRM_MS = 150;

export class SlowLink extends Error {}

// The verdict on a download of `size` bytes: call the answer with each chunk as it is
// read (`at`: ms since the request; `bytes`: the chunk's length); it answers null while
// the evidence is too thin, then {slow, projected} (projected: ms from the request to
// the last byte). What it goes by, and why (measured in Firefox, docs/engine-start.md):
// - the pace is timed from the first bytes read, not from the request: until then the
//   request may wait for the browser to send it (Firefox sent it up to 350 ms after
//   fetch() while the page was busy starting) and for this worker's thread to be free;
//   that wait is counted once, as it is, not as if the rest would be as slow;
// - it is judged after PACE_WINDOW_MS of it, on the bytes read after the first chunk
//   (which came all at once: it shows no pace), and the rest is projected at that pace;
// - a slow verdict must still hold PACE_CONFIRM_MS later: when this thread has been busy
//   (in Firefox, importing the runtime's JavaScript: 60-300 ms at a time) the next read
//   sees one chunk of those that came meanwhile, and the reads after it catch up at once.
// Pure (no clock of its own): tests/e2e/test_engine_start.py runs it on made-up paces.
function pace(size, budget) {
  let firstAt = null; // when the first chunk was read
  let firstBytes = 0;
  let received = 0;
  let slowSince = null; // when it first projected too slow
  return (at, bytes) => {
    received += bytes;
    if (firstAt === null) {
      firstAt = at;
      firstBytes = received;
      return null;
    }
    if (received >= size) return { slow: false, projected: at };
    const watched = at - firstAt;
    if (watched < PACE_WINDOW_MS) return null;
    const projected = at + ((size - received) * watched) / (received - firstBytes);
    if (projected <= budget) return { slow: false, projected };
    if (slowSince === null) slowSince = at;
    return at - slowSince >= PACE_CONFIRM_MS ? { slow: true, projected } : null;
  };
}

// Start downloading and inflating the snapshot, watching its pace. `committed` settles
// as soon as the download is known to pay for itself (it finished, or pace() projects
// the whole within the budget); until then a slow pace or the budget running out aborts
// it with SlowLink, rather than make a slow link carry 6 MB before the game can start.
// `bytes` is the memory, unpacked (`unpack`); `packed()` the file as it came, to keep.
export function download(url, manifest, budget) {
  const controller = new AbortController();
  const asked = performance.now();
  const look = pace(manifest.bytes, budget);
  let commit;
  let refuse;
  const committed = new Promise((resolve, reject) => {
    commit = resolve;
    refuse = reject;
  });
  let decided = false;
  const decide = (slow) => {
    if (decided) return;
    decided = true;
    clearTimeout(timer);
    if (slow) {
      refuse(slow);
      controller.abort();
    } else {
      commit();
    }
  };
  // (an unlimited budget sets no timer: setTimeout would read Infinity as 0)
  const timer = Number.isFinite(budget)
    ? setTimeout(() => decide(new SlowLink(`no snapshot after ${budget} ms`)), budget)
    : undefined;
  // The network is read as fast as it delivers (the pace measured is the link's, not
  // the inflater's) into a queue the inflater drains at its own speed.
  let feed;
  const chunks = [];
  const compressed = new ReadableStream({ start: (controller) => (feed = controller) });
  const inflated = unpack(
    compressed.pipeThrough(new DecompressionStream("gzip")),
    manifest.raw_bytes,
    manifest.ranges,
  );
  inflated.catch(() => {}); // judged where it is awaited
  const bytes = (async () => {
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const verdict = decided ? null : look(performance.now() - asked, value.byteLength);
        if (verdict) {
          const { slow, projected } = verdict;
          decide(slow ? new SlowLink(`the snapshot would take ${Math.round(projected)} ms to download`) : null);
        }
        chunks.push(value);
        feed.enqueue(value);
      }
      feed.close();
    } catch (error) {
      feed.error(error);
      throw error;
    }
    decide(null);
    return inflated;
  })();
  bytes.catch((error) => decide(error)); // a failed download settles `committed` too
  committed.catch(() => {}); // judged where it is awaited, if it is
  const abort = () => {
    decide(new Error("aborted"));
    controller.abort(); // also once committed: its bytes are not wanted any more
  };
  const packed = () => {
    const whole = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    chunks.length = 0;
    return whole.buffer;
  };
  return { committed, bytes, abort, packed };
}
