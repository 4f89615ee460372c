import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/log.js';

/** One JSON line of our logger, parsed. */
export interface CapturedLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real logger (createLogger, JSON lines) whose lines are kept in memory for a test to read. */
export function captureLogger(level = 'info'): { logger: Logger; lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as CapturedLine);
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}
