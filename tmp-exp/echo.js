const w = new Worker("echo-worker.js");
window.__lat = [];
let t0 = 0;
w.onmessage = () => { window.__lat.push(performance.now() - t0); if (location.hash.includes("dom")) document.getElementById("b").textContent = String(Math.random()); };
addEventListener("keydown", (e) => { t0 = e.timeStamp; if (location.hash.includes("dirty")) document.getElementById("b").className = "c" + Math.random(); w.postMessage(1); });
addEventListener("DOMContentLoaded", () => { if (location.hash.includes("anim")) document.getElementById("a").className = "spin"; });
