// The two timed jobs, run the same way on the main thread and in the worker.
export async function download(bytes) {
  const started = performance.now();
  const response = await fetch(`/__bench/bytes?n=${bytes}&t=${Math.random()}`, { cache: "no-store" });
  const size = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, size };
}

export function spin(rounds) {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < rounds; i++) x = (x * 31 + i) % 1000003;
  return { ms: performance.now() - started, x };
}

// What the engine worker's auto policy reads: the browser's estimate of the link.
export function link() {
  const c = self.navigator.connection;
  return c ? { downlink: c.downlink, rtt: c.rtt, type: c.effectiveType, ms: 0 } : { ms: 0 };
}
