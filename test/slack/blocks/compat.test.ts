import type { types } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { buildApprovalRequest } from '../../../src/slack/approvals/approval-request.blocks.js';
import { buildStatus } from '../../../src/slack/progress/status.blocks.js';
import { buildTaskTree } from '../../../src/slack/tasks/task-tree.blocks.js';
import type { Block, SlackMessage } from '../../../src/slack/blocks/types.js';
import { buildWorkItemCard } from '../../../src/slack/work-items/work-item-card.blocks.js';
import { phrase, translator } from '../../../src/i18n/index.js';

const EN = translator('en');

// Compile-time: every block this app builds is a block @slack/types (Bolt's) accepts, so the
// listeners can pass builders' output to chat.postMessage without casts.
const asKnown = (blocks: Block[]): types.KnownBlock[] => blocks;

describe('Block Kit types', () => {
  it('match the Slack SDK types', () => {
    const messages: SlackMessage[] = [
      buildTaskTree({ title: 'T', lines: ['○ [1] a'] }, EN),
      buildStatus({ phase: 'failed', plan: [], failure: phrase('runEnd.internal', { detail: 'x' }), retryValue: 'r' }, EN),
      buildApprovalRequest({ requesterId: 'U1', tool: 't', description: 'd', value: 'v' }, EN),
      buildWorkItemCard(
        { key: 'A-1', title: 't', url: 'https://x.example', state: 's', stateGroup: 'started', priority: 'low', assignees: [], labels: [] },
        EN,
      ),
    ];
    expect(messages.flatMap((message) => asKnown(message.blocks)).length).toBeGreaterThan(4);
  });
});
