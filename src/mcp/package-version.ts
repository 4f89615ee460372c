import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The version in Planebot's package.json, told to MCP clients in `initialize`. Looked up from this
 * file's folder upwards, because the file runs from `src/` (tsx) and from `dist/src/` (built).
 */
export function packageVersion(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(folder, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
    const parent = dirname(folder);
    if (parent === folder) throw new Error('package.json not found above the MCP server');
    folder = parent;
  }
}
