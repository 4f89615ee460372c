import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The burn-up picture: done and total work items of a cycle, one point a day, drawn server-side with
 * @napi-rs/canvas (Skia, prebuilt in npm packages: no browser, no download at install). Its only
 * words are dates (MM-DD) and numbers, so it reads the same in every language; the font comes from
 * an npm package too, so a slim image without system fonts draws the same picture.
 */

export const WIDTH = 800;
export const HEIGHT = 360;
const PAD = { left: 52, right: 20, top: 20, bottom: 40 };

export const COLOURS = {
  background: '#FFFFFF',
  grid: '#E5E7EB',
  axisText: '#6B7280',
  totalFill: '#E2E8F0',
  totalLine: '#64748B',
  doneFill: '#22C55E',
  doneLine: '#15803D',
} as const;

export interface BurnUpPoint {
  /** YYYY-MM-DD, one of the cycle's days. */
  date: string;
  total: number;
  completed: number;
}

export interface BurnUpInput {
  /** Every day of the cycle, first to last (YYYY-MM-DD). */
  days: readonly string[];
  /** The days that have a snapshot, in any order; days outside `days` are ignored. */
  points: readonly BurnUpPoint[];
}

const FONT = 'PlanebotSans';
let fontLoaded = false;

function loadFont(): void {
  if (fontLoaded) return;
  const file = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
  GlobalFonts.registerFromPath(file, FONT);
  fontLoaded = true;
}

/** Where a day and a count land on the picture; tests read pixels through it. */
export function burnUpGeometry(input: BurnUpInput) {
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const highest = Math.max(1, ...input.points.map((p) => p.total));
  const step = niceStep(highest);
  const top = Math.ceil(highest / step) * step;
  const spans = Math.max(1, input.days.length - 1);
  return {
    top,
    step,
    baseline: PAD.top + plotHeight,
    x: (dayIndex: number) => PAD.left + (dayIndex / spans) * plotWidth,
    y: (count: number) => PAD.top + plotHeight - (count / top) * plotHeight,
  };
}

/**
 * The days whose date is written under the axis: about ten, evenly spaced, and the last; a regular
 * one closer to the last than the spacing is left out, or the two dates would overlap.
 */
export function labelledDays(count: number): number[] {
  if (count === 0) return [];
  const every = Math.max(1, Math.ceil(count / 10));
  const last = count - 1;
  const regular = Array.from({ length: count }, (_, i) => i).filter((i) => i % every === 0 && last - i >= every);
  return [...regular, last];
}

/** 1, 2 or 5 times a power of ten, so that the axis has at most six lines. */
function niceStep(highest: number): number {
  for (let power = 1; ; power *= 10) {
    for (const unit of [1, 2, 5]) if (highest / (unit * power) <= 6) return unit * power;
  }
}

/** The PNG of a burn-up (WIDTH × HEIGHT). */
export function drawBurnUp(input: BurnUpInput): Buffer {
  loadFont();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  const geo = burnUpGeometry(input);
  g.fillStyle = COLOURS.background;
  g.fillRect(0, 0, WIDTH, HEIGHT);

  g.font = `12px ${FONT}`;
  g.lineWidth = 1;
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  for (let value = 0; value <= geo.top; value += geo.step) {
    const y = Math.round(geo.y(value)) + 0.5;
    g.strokeStyle = COLOURS.grid;
    line(g, [
      [geo.x(0), y],
      [geo.x(input.days.length - 1), y],
    ]);
    g.fillStyle = COLOURS.axisText;
    g.fillText(String(value), PAD.left - 8, y);
  }
  g.textAlign = 'center';
  g.textBaseline = 'top';
  g.fillStyle = COLOURS.axisText;
  for (const index of labelledDays(input.days.length)) g.fillText(input.days[index]!.slice(5), geo.x(index), geo.baseline + 8);

  const index = new Map(input.days.map((day, i) => [day, i]));
  const points = input.points
    .filter((p) => index.has(p.date))
    .map((p) => ({ ...p, i: index.get(p.date)! }))
    .sort((a, b) => a.i - b.i);
  if (points.length > 0) {
    area(
      g,
      points.map((p) => [geo.x(p.i), geo.y(p.total)]),
      geo.baseline,
      COLOURS.totalFill,
    );
    area(
      g,
      points.map((p) => [geo.x(p.i), geo.y(p.completed)]),
      geo.baseline,
      COLOURS.doneFill,
    );
    g.lineWidth = 3;
    g.strokeStyle = COLOURS.totalLine;
    line(
      g,
      points.map((p) => [geo.x(p.i), geo.y(p.total)]),
    );
    g.strokeStyle = COLOURS.doneLine;
    line(
      g,
      points.map((p) => [geo.x(p.i), geo.y(p.completed)]),
    );
    const last = points[points.length - 1]!;
    dot(g, geo.x(last.i), geo.y(last.total), COLOURS.totalLine);
    dot(g, geo.x(last.i), geo.y(last.completed), COLOURS.doneLine);
  }
  return canvas.toBuffer('image/png');
}

type Point = [number, number];

function line(g: SKRSContext2D, points: readonly Point[]): void {
  if (points.length === 0) return;
  g.beginPath();
  g.moveTo(...points[0]!);
  for (const point of points.slice(1)) g.lineTo(...point);
  g.stroke();
}

/** The area under a series down to the baseline; a single day is a narrow column, so it shows. */
function area(g: SKRSContext2D, points: readonly Point[], baseline: number, colour: string): void {
  const shape = points.length === 1 ? [[points[0]![0] - 4, points[0]![1]] as Point, [points[0]![0] + 4, points[0]![1]] as Point] : points;
  g.fillStyle = colour;
  g.beginPath();
  g.moveTo(shape[0]![0], baseline);
  for (const point of shape) g.lineTo(...point);
  g.lineTo(shape[shape.length - 1]![0], baseline);
  g.closePath();
  g.fill();
}

function dot(g: SKRSContext2D, x: number, y: number, colour: string): void {
  g.fillStyle = colour;
  g.beginPath();
  g.arc(x, y, 4.5, 0, Math.PI * 2);
  g.fill();
}
