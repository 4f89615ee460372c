import 'dotenv/config';
import { ConfigError, loadConfig } from './config.js';

// Start-up only: config → state → plane → tools → agent → front end. Later issues fill the chain.
try {
  const config = loadConfig(process.env);
  console.log(`planebot: configuration read (mode ${config.mode})`);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
