// The engine's memory snapshot as it travels and is kept: only the memory's non-zero
// 4 KB pages, gzip, and the byte ranges they go back to (snapshot.json's `ranges`). The
// site's snapshot is made so at build time (build/snapshot.mjs); one made on this device
// is packed here the same way (for assets/engine/device_snapshot.mjs), so both are restored alike.

const PAGE = 4096;

// A memory made here, packed as the site's snapshot is: its non-zero 4 KB pages, gzip
// (CompressionStream), and the ranges they go back to. Resolves {packed, ranges}.
export async function pack(memory) {
  const ranges = [];
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  for (let start = 0; start < memory.length; start += PAGE) {
    const end = Math.min(start + PAGE, memory.length);
    let nonzero = false;
    for (let w = start >> 2; w < end >> 2; w++) {
      if (words[w]) {
        nonzero = true;
        break;
      }
    }
    if (!nonzero) continue;
    const last = ranges[ranges.length - 1];
    if (last && last[0] + last[1] === start) last[1] += end - start;
    else ranges.push([start, end - start]);
  }
  let next = 0;
  const pages = new ReadableStream({
    pull(controller) {
      if (next === ranges.length) return controller.close();
      const [start, length] = ranges[next++];
      controller.enqueue(memory.subarray(start, start + length));
    },
  });
  const packed = await new Response(pages.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  return { packed, ranges };
}

// The snapshot file holds only the memory's non-zero pages: lay them out where
// snapshot.json's ranges say, in a zeroed buffer of the memory's full size.
export async function unpack(stream, size, ranges) {
  const memory = new Uint8Array(size);
  let range = 0;
  let filled = 0; // bytes of ranges[range] written so far
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let chunk = value;
    while (chunk.length) {
      if (range === ranges.length) throw new Error("the snapshot is longer than snapshot.json says");
      const [start, length] = ranges[range];
      const part = Math.min(length - filled, chunk.length);
      memory.set(chunk.subarray(0, part), start + filled);
      filled += part;
      chunk = chunk.subarray(part);
      if (filled === length) {
        range += 1;
        filled = 0;
      }
    }
  }
  if (range !== ranges.length) throw new Error("the snapshot is shorter than snapshot.json says");
  return memory;
}

// Byte ranges inside a memory of `size` bytes, in order and apart.
export function validRanges(ranges, size) {
  if (!Array.isArray(ranges) || !ranges.length) return false;
  let end = 0;
  for (const range of ranges) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every(Number.isSafeInteger)) return false;
    const [start, length] = range;
    if (start < end || length <= 0 || start + length > size) return false;
    end = start + length;
  }
  return true;
}
