/**
 * A process that starts a run and is killed by the test while the model request is in flight (or its
 * sub-agents work): `node crashing-agent.js <apiUrl> <threadKey> <dataDir> [redisUrl] [text]`;
 * started by `startAgentProcess` (agent-process.ts).
 */
import Anthropic from '@anthropic-ai/sdk';
import { createAgent } from '../../../src/agent/index.js';
import { createStateStore } from '../../../src/state/index.js';
import { RecordingFrontEnd } from './recording-front-end.js';
import { ALICE } from './harness.js';
import { testRegistry } from './tools.js';

const [apiUrl, threadKey, dataDir, redisUrl, text] = process.argv.slice(2) as [
  string,
  string,
  string,
  string | undefined,
  string | undefined,
];
const store = await createStateStore({ dataDir, redisUrl: redisUrl || undefined });
const agent = await createAgent({
  registry: testRegistry(),
  store,
  model: { client: new Anthropic({ apiKey: 'test', baseURL: apiUrl, maxRetries: 0 }), model: 'claude-test' },
  frontEnd: new RecordingFrontEnd().factory,
  leaseMs: 500,
});
await agent.submit({
  threadKey,
  requester: ALICE,
  text: text ?? 'Are you there?',
  context: { filesDir: dataDir },
  frontEndState: { statusMessage: 'ts-crash' },
});
process.stdout.write('submitted\n');
