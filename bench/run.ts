/**
 * `npm run bench`: runs every benchmark module in this folder and prints one table.
 * A module exports `bench(): Promise<BenchRow[]>`.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

export interface BenchRow {
  area: string;
  measure: string;
  value: string;
  target?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only))).sort();
const rows: BenchRow[] = [];
for (const file of files) {
  const module = (await import(pathToFileURL(join(here, file)).href)) as { bench: () => Promise<BenchRow[]> };
  process.stderr.write(`running ${file}…\n`);
  rows.push(...(await module.bench()));
}
const header: BenchRow = { area: 'area', measure: 'measure', value: 'value', target: 'target' };
const widths = (['area', 'measure', 'value'] as const).map((k) => Math.max(...[header, ...rows].map((r) => r[k].length)));
const line = (r: BenchRow) =>
  `| ${r.area.padEnd(widths[0]!)} | ${r.measure.padEnd(widths[1]!)} | ${r.value.padEnd(widths[2]!)} | ${r.target ?? ''} |`;
console.log([line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|---|`, ...rows.map(line)].join('\n'));
process.exit(0);
