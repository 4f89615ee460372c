export { CacheSimulator, type FakeUsage } from './cache-simulator.js';
export { errorReply, modelDown, SDK_ATTEMPTS, stopReply, textBlock, textReply, toolReply, toolUseBlock, type Reply } from './replies.js';
export { startFakeMessagesApi, type FakeMessagesApi, type RecordedRequest, type Step } from './server.js';
