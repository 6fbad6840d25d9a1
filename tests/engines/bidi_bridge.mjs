// Firefox for the Python tests, over WebDriver BiDi: Puppeteer speaks BiDi to a stock
// Firefox directly (no geckodriver, which no registry here ships), and this process
// lends that to pytest through one JSON object a line on stdin/stdout.
//
//   node tests/engines/bidi_bridge.mjs <firefox executable>
//   → {"id": 1, "op": "open", "width": 390, "height": 844, "touch": true}
//   ← {"id": 1, "ok": true, "value": null}
//
// One browser for the whole run, a fresh browser context (its own storage) per `open`;
// the page's uncaught errors are kept and handed over by `errors`.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const executablePath = process.argv[2];
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  timeout: 90000, // a first start on a busy machine (make test runs two workers) is slow
  // Firefox otherwise asks the closed network for updates, safe-browsing lists, etc.
  extraPrefsFirefox: {
    "app.update.enabled": false,
    "browser.safebrowsing.malware.enabled": false,
    "browser.safebrowsing.phishing.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    "datareporting.policy.dataSubmissionEnabled": false,
    "toolkit.telemetry.enabled": false,
  },
});

let context = null;
let page = null;
let errors = [];

const ops = {
  async version() {
    return await browser.version();
  },
  async open({ width, height, touch }) {
    if (context) await context.close();
    errors = [];
    context = await browser.createBrowserContext();
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(String(error && error.message ? error.message : error)));
    await page.setViewport({ width, height, hasTouch: Boolean(touch), isMobile: Boolean(touch) });
    return null;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load" });
    return null;
  },
  async reload() {
    await page.reload({ waitUntil: "load" });
    return null;
  },
  async evaluate({ body }) {
    // The body of a function: evaluated by the protocol, outside the page's CSP.
    return await page.evaluate(`(async () => { ${body} })()`);
  },
  async press({ key }) {
    await page.keyboard.press(key);
    return null;
  },
  async drag({ x, y, dx, dy, steps }) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps });
    await page.mouse.up();
    return null;
  },
  async swipe({ x, y, dx, dy, steps }) {
    const touch = await page.touchscreen.touchStart(x, y);
    for (let i = 1; i <= steps; i += 1) await touch.move(x + (dx * i) / steps, y + (dy * i) / steps);
    await touch.end();
    return null;
  },
  async click({ selector }) {
    await page.click(selector);
    return null;
  },
  async screenshot({ path }) {
    await page.screenshot({ path });
    return null;
  },
  async errors() {
    return errors;
  },
  async close() {
    if (context) await context.close();
    context = null;
    page = null;
    return null;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { id, op, ...args } = JSON.parse(line);
  let reply;
  try {
    if (!(op in ops)) throw new Error(`no such operation: ${op}`);
    reply = { id, ok: true, value: (await ops[op](args)) ?? null };
  } catch (error) {
    reply = { id, ok: false, error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
}
await browser.close();
