import { describe, expect, it } from 'vitest';
import { translator } from '../../../src/i18n/index.js';

const EN = translator('en');
import { buildWorkItemCard } from '../../../src/slack/work-items/work-item-card.blocks.js';
import {
  buildCommentForm,
  buildCreateForm,
  buildFormProblem,
  buildLinkForm,
  buildLoadingForm,
  type FormMetadata,
  type NamedOption,
} from '../../../src/slack/work-items/work-item-forms.blocks.js';
import { EMOJI_RUN, HOSTILE_TEXTS, long, PING_ATTEMPTS } from './hostile.js';
import { assertModalWithinSlackLimits, assertWithinSlackLimits } from './limits.js';

const METADATA: FormMetadata = {
  channel: 'C0GENERAL',
  channelName: long(80, 'général '),
  messageTs: '1796174444.021000',
  threadTs: '1796174444.021000',
  author: PING_ATTEMPTS,
  permalink: `https://acme.slack.com/archives/C0GENERAL/p1796174444021000?${long(500, 'x=1&')}`,
};

/** A Plane list far past Slack's 100 options, with names and ids of every bad length. */
function hostileList(prefix: string, count = 400): NamedOption[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i % 50 === 0 ? long(300, 'id') : `${prefix}-${i}`,
    name: HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]! || `${prefix} ${i}`,
  }));
}

describe('the work item modals and card, with large and hostile input', () => {
  it('the create form keeps every list, text and the metadata within Slack’s modal limits', () => {
    for (const text of HOSTILE_TEXTS) {
      const states = hostileList('state');
      const view = buildCreateForm(
        METADATA,
        {
          projects: hostileList('project'),
          project: { id: 'project-1', states, defaultStateId: 'state-1', members: hostileList('member'), labels: hostileList('label') },
        },
        {
          title: text,
          description: `${text}\n${long(20_000)}`,
          priority: 'urgent',
          assigneeIds: ['member-1', 'member-2'],
          labelIds: ['label-3'],
          stateId: 'state-1',
        },
        EN,
      );
      assertModalWithinSlackLimits(view);
      expect(JSON.stringify(view)).not.toContain(long(300, 'id'));
    }
  });

  it('the loading, problem, link and comment forms stay within the limits whatever they are given', () => {
    for (const text of [...HOSTILE_TEXTS, EMOJI_RUN]) {
      assertModalWithinSlackLimits(buildLoadingForm(METADATA, EN, text, text));
      assertModalWithinSlackLimits(buildFormProblem(text, text, EN));
      assertModalWithinSlackLimits(buildLinkForm({ ...METADATA, author: text }, EN));
      assertModalWithinSlackLimits(
        buildCommentForm({ key: `ACME-${text.length}`, channel: 'C0GENERAL', threadTs: METADATA.threadTs, cardTs: METADATA.messageTs }, EN),
      );
    }
  });

  it('a card with its actions keeps a state menu of any size within the limits', () => {
    for (const text of HOSTILE_TEXTS) {
      const card = buildWorkItemCard(
        {
          key: 'ACME-130',
          title: text,
          url: 'https://app.plane.so/acme/browse/ACME-130/',
          state: text,
          stateGroup: 'started',
          priority: 'high',
          assignees: [text, text],
          labels: [text],
          description: text,
        },
        EN,
        { states: hostileList('state', 300).map((s) => s.name), state: text, linked: true },
      );
      assertWithinSlackLimits(card);
    }
  });
});
