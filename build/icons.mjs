// The PNG icons the web app manifest names, drawn from the one SVG icon, so the
// picture exists once and every size follows it. Run by `make` (the PNGs are
// git-ignored), so the page in development and the built site name the same files.
//
//   node build/icons.mjs <icon.svg> <output dir>
//
// Writes icon-192.png and icon-512.png (the icon as drawn: purpose "any") and
// icon-maskable-512.png (purpose "maskable"): a launcher may crop that one to a
// circle or a squircle, so it is the icon shrunk into the central safe zone (a circle
// of 80 % of the width) on a full-bleed square of the icon's own dark plate colour.
import fs from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const [svgPath, outDir] = process.argv.slice(2);
if (!svgPath || !outDir) {
  process.stderr.write("usage: node build/icons.mjs <icon.svg> <output dir>\n");
  process.exit(2);
}

const svg = fs.readFileSync(svgPath, "utf8");
const SIZE = 512; // the SVG's own viewBox is 512 x 512
// The plate behind the raspberry tile; the maskable icon's background continues it.
const PLATE = /<rect width="512" height="512" rx="\d+" fill="(#[0-9a-fA-F]{6})"\/>/.exec(svg);
if (!PLATE) throw new Error(`${svgPath}: no full-size plate <rect> to take the background colour from`);
// The tile (432 units wide, corner radius 84) reaches at most 271 units from the
// centre, on its rounded corners; the safe zone's radius is 0.4 * 512 = 204.8 units,
// so 0.72 keeps it inside with a few units to spare.
const MASKABLE_SCALE = 0.72;

function render(source, width) {
  return new Resvg(source, { fitTo: { mode: "width", value: width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}

function maskable(source) {
  const inner = source.slice(source.indexOf(">", source.indexOf("<svg")) + 1, source.lastIndexOf("</svg>"));
  const offset = (SIZE * (1 - MASKABLE_SCALE)) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${PLATE[1]}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${MASKABLE_SCALE})">${inner}</g></svg>`
  );
}

fs.mkdirSync(outDir, { recursive: true });
const outputs = [
  ["icon-192.png", render(svg, 192)],
  ["icon-512.png", render(svg, 512)],
  ["icon-maskable-512.png", render(maskable(svg), 512)],
];
for (const [name, png] of outputs) {
  fs.writeFileSync(path.join(outDir, name), png);
}
process.stdout.write(`icons: ${outputs.map(([name]) => name).join(", ")} in ${outDir}\n`);
