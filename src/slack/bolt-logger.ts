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
  const line = (parts: unknown[]) => parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
  return {
    debug: (...msg) => child.debug(line(msg)),
    info: (...msg) => child.info(line(msg)),
    warn: (...msg) => child.warn(line(msg)),
    error: (...msg) => child.error(line(msg)),
    setLevel: (level) => {
      child.level = toPino[level];
    },
    getLevel: () => (Object.entries(toPino).find(([, v]) => v === child.level)?.[0] as LogLevel) ?? LogLevel.INFO,
    setName: () => {},
  };
}
