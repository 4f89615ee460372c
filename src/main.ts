import 'dotenv/config';
import { startPlanebot, type RunningPlanebot } from './compose.js';
import { ConfigError, loadConfig, secretValues } from './config.js';
import { createLogger } from './log.js';

// Start-up only: read the configuration, start the bot, stop it cleanly on SIGTERM/SIGINT.
let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const logger = createLogger({ level: config.logLevel, secrets: secretValues(process.env) });

let running: RunningPlanebot;
if (config.mode === 'sandbox') {
  const { startSandbox } = await import('./sandbox/start.js');
  running = await startSandbox(config, { logger });
} else {
  running = await startPlanebot(config, { logger });
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
