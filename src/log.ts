import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * One JSON line per event. Every known secret value is scrubbed from the serialized line, whatever
 * field it hides in (an error message, a URL, a header), because redaction by path misses those.
 */
export function createLogger(options: { level?: string; secrets?: readonly string[]; destination?: NodeJS.WritableStream }): Logger {
  const secrets = [...new Set(options.secrets ?? [])].filter((s) => s.length >= 4);
  const out = options.destination ?? process.stdout;
  const scrubbing = {
    write(line: string) {
      let clean = line;
      for (const secret of secrets) clean = clean.split(secret).join('[redacted]');
      out.write(clean);
    },
  };
  return pino(
    {
      level: options.level ?? 'info',
      base: { app: 'planebot' },
      redact: {
        paths: ['*.token', '*.apiKey', '*.api_key', '*.authorization', '*.headers.authorization', '*["x-api-key"]'],
        censor: '[redacted]',
      },
    },
    scrubbing,
  );
}

/** A logger that drops everything, for tests and library defaults. */
export const silentLogger: Logger = pino({ level: 'silent' });
