import { download, link, spin } from "./throttle-common.mjs";

self.onmessage = async (event) => {
  const { id, job, n } = event.data;
  const result = job === "download" ? await download(n) : job === "spin" ? spin(n) : link();
  self.postMessage({ id, result });
};
