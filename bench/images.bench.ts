/**
 * Scaling a description image for the model: a 4000×3000 PNG screenshot (gradient, panels, text
 * and a noisy photo inset, so it does not compress to nothing) brought to 1568×1176 and about 1 MB
 * with sharp, as plane_get_issue_images does for each image it shows. Time is the median of 5
 * runs; memory is the peak resident set above the one before the first run, sampled every 2 ms
 * (libvips works outside the JavaScript heap).
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createImageViewer } from '../src/tools/plane/image-views.js';
import type { BenchRow } from './run.js';

const RUNS = 5;

async function screenshot(): Promise<Buffer> {
  const panels = Array.from(
    { length: 12 },
    (_, i) =>
      `<rect x="${200 + (i % 4) * 950}" y="${400 + Math.floor(i / 4) * 850}" width="850" height="750" rx="30" fill="#ffffff" opacity="0.9"/>`,
  ).join('');
  const lines = Array.from(
    { length: 40 },
    (_, i) =>
      `<text x="260" y="${480 + i * 60}" font-size="40" fill="#334155">Line ${i} of a long log output, with numbers ${i * 7919}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#93c5fd"/></linearGradient></defs><rect width="4000" height="3000" fill="url(#g)"/>${panels}${lines}</svg>`;
  const photo = await sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: photo, left: 3200, top: 200 }])
    .png()
    .toBuffer();
}

export async function bench(): Promise<BenchRow[]> {
  const png = await screenshot();
  const times: number[] = [];
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  let shown;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    shown = await createImageViewer('ACME-1').look(1, png, 'image/png');
    times.push(performance.now() - started);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!shown?.shown) throw new Error(`the image was not shown: ${shown?.notShown}`);
  const median = times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  const what = `4000×3000 PNG (${(png.length / 1024 / 1024).toFixed(1)} MB) → ${shown.shown.mime} ${shown.shown.width}×${shown.shown.height}, ${Math.round((shown.image!.data.length * 3) / 4 / 1024)} KB`;
  return [
    { area: 'images', measure: `scale for the model: ${what} (median of ${RUNS})`, value: `${median.toFixed(0)} ms` },
    {
      area: 'images',
      measure: 'scale for the model: peak resident memory above the start',
      value: `${((peak - baseline) / 1024 / 1024).toFixed(0)} MB`,
    },
  ];
}
