import { LogLevel, type Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../log.js';

const toPino: Record<LogLevel, string> = {
  [LogLevel.DEBUG]: 'debug',
  [LogLevel.INFO]: 'info',
  [LogLevel.WARN]: 'warn',
  [LogLevel.ERROR]: 'error',
};

/** Bolt and the Web API client log through our logger, so their lines are JSON and scrubbed too. */
export function boltLogger(logger: Logger): BoltLogger {
  const child = logger.child({ component: 'bolt' });
  // Formatting is skipped below the level: Bolt logs several debug lines with payloads per request.
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...parts: unknown[]) => {
      if (child.isLevelEnabled(level)) child[level](parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' '));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    setLevel: (level) => {
      child.level = toPino[level];
    },
    getLevel: () => (Object.entries(toPino).find(([, v]) => v === child.level)?.[0] as LogLevel) ?? LogLevel.INFO,
    setName: () => {},
  };
}
