// Installed before any page script (context.add_init_script) on every bench page:
// collects main-thread long tasks (>= 50 ms) as [startTime, duration] pairs.
// window.__tasks.flush() also takes the entries queued but not yet delivered, so a
// readout sees the long task that ended just before it.
(() => {
  const tasks = [];
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    });
    observer.observe({ type: "longtask", buffered: true });
  } catch (error) {
    observer = null;
  }
  window.__tasks = {
    flush() {
      if (observer) for (const e of observer.takeRecords()) tasks.push([e.startTime, e.duration]);
      return tasks;
    },
    // the longest task that started in [from, to) (ms after navigation start)
    longest(from, to) {
      let most = 0;
      for (const [start, duration] of this.flush()) {
        if (start >= from && start < to) most = Math.max(most, duration);
      }
      return most;
    },
  };
})();
