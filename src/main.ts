import 'dotenv/config';
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { startPlanebot, type PlanebotOptions, type RunningPlanebot } from './compose.js';
import { ConfigError, loadConfig, secretValues } from './config.js';
import { createLogger } from './log.js';

/**
 * Start-up only: read the configuration, start the bot, stop it cleanly on SIGTERM/SIGINT (exit 0
 * once work in progress is done or saved). Run as the entry point; a test entry calls it with its
 * shorter clocks, the bench's with Bolt's own receiver.
 */
export async function runPlanebot(testing: Pick<PlanebotOptions, 'timing' | 'slackReceiver'> = {}): Promise<void> {
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
    running = await startPlanebot(config, { logger, ...testing });
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
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) await runPlanebot();
