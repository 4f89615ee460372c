import { describe, expect, it } from 'vitest';
import { buildApprovalDecided } from '../../../src/slack/approvals/approval-decided.blocks.js';
import { buildApprovalExpired } from '../../../src/slack/approvals/approval-expired.blocks.js';
import { buildApprovalRequest } from '../../../src/slack/approvals/approval-request.blocks.js';
import { translator } from '../../../src/i18n/index.js';
import { buildApprovalWithdrawn } from '../../../src/slack/approvals/approval-withdrawn.blocks.js';
import type { SlackMessage } from '../../../src/slack/blocks/types.js';
import { long, PING_ATTEMPTS } from './hostile.js';
import { assertWithinSlackLimits } from './limits.js';
import { assertInert, controlSequences } from './safety.js';

const VIEW = {
  requesterId: 'U0ALICE',
  tool: 'plane_update_issue',
  description: 'Update ACME-130:\n• state → Done\n• priority → urgent',
};
const AT = new Date('2026-03-04T05:06:07Z');
const EN = translator('en');

function json(message: SlackMessage): string {
  return JSON.stringify(message.blocks);
}

describe('buildApprovalRequest', () => {
  it('says who asked, the tool and what will happen, with three buttons carrying the reference', () => {
    const message = buildApprovalRequest({ ...VIEW, value: 'approval:42' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.text).toBe('Approval needed: <@U0ALICE> asked to run `plane_update_issue`');
    expect(message.blocks[1]).toMatchObject({ type: 'section', text: { text: '<@U0ALICE> asked to run `plane_update_issue`. It will:' } });
    expect(message.blocks[2]).toMatchObject({ type: 'section', text: { text: VIEW.description } });
    expect(message.blocks.at(-1)).toEqual({
      type: 'actions',
      elements: [
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Approve', emoji: true },
          action_id: 'approval_approve',
          value: 'approval:42',
          style: 'primary',
        },
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Approve for this thread', emoji: true },
          action_id: 'approval_approve_thread',
          value: 'approval:42',
        },
        {
          type: 'button',
          text: { type: 'plain_text', text: 'Deny', emoji: true },
          action_id: 'approval_deny',
          value: 'approval:42',
          style: 'danger',
        },
      ],
    });
  });

  it('names the sub-agent that asks, and whom it works for', () => {
    const message = buildApprovalRequest({ ...VIEW, subAgent: 'Audit ACME bugs', value: 'approval:42' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.text).toBe('Approval needed: Sub-agent ‘Audit ACME bugs’ (working for <@U0ALICE>) asks to run `plane_update_issue`');
    expect(message.blocks[1]).toMatchObject({
      text: { text: 'Sub-agent ‘Audit ACME bugs’ (working for <@U0ALICE>) asks to run `plane_update_issue`. It will:' },
    });
    const hostile = buildApprovalRequest({ ...VIEW, subAgent: `${PING_ATTEMPTS}'\n${long(5000)}`, value: 'ref' }, EN);
    assertWithinSlackLimits(hostile);
    assertInert(hostile, ['<@U0ALICE>']);
    expect(
      json(buildApprovalDecided({ ...VIEW, subAgent: 'Audit ACME bugs', decision: 'deny', deciderId: 'U0BOB', decidedAt: AT }, EN)),
    ).toContain('Sub-agent ‘Audit ACME bugs’');
    // In the requester's language.
    for (const [locale, words] of [
      ['fr', 'Le sous-agent « Audit ACME bugs » (pour <@U0ALICE>) demande à exécuter'],
      ['zh-CN', '子代理“Audit ACME bugs”（为 <@U0ALICE> 工作）请求运行'],
    ] as const) {
      const translated = buildApprovalRequest({ ...VIEW, subAgent: 'Audit ACME bugs', value: 'ref' }, translator(locale));
      assertWithinSlackLimits(translated);
      expect(json(translated)).toContain(words);
    }
  });

  it('carries a 2,000-character reference and refuses a longer one', () => {
    assertWithinSlackLimits(buildApprovalRequest({ ...VIEW, value: 'v'.repeat(2000) }, EN));
    expect(() => buildApprovalRequest({ ...VIEW, value: 'v'.repeat(2001) }, EN)).toThrow(RangeError);
  });

  it('shows a POST with a hostile URL and body as inert text, within every limit', () => {
    const description = `POST https://x.example/<!channel>?a=1&b=2\n${PING_ATTEMPTS}\n${long(50_000, 'body & <more> ')}`;
    const message = buildApprovalRequest({ requesterId: 'U0ALICE', tool: `${PING_ATTEMPTS}\`x\``, description, value: 'ref' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(json(message)).toContain('POST https://x.example/&lt;!channel&gt;?a=1&amp;b=2');
    expect(json(message)).toContain('…');
  });

  it('never mentions a requester id that is not a user id', () => {
    const message = buildApprovalRequest({ ...VIEW, requesterId: '<!channel>', value: 'ref' }, EN);
    assertInert(message);
    expect(controlSequences(message)).toEqual([]);
  });
});

describe('buildApprovalDecided', () => {
  it.each([
    ['approve', '✓ Approved by <@U0BOB>'],
    ['approve_thread', '✓ Approved for this thread by <@U0BOB>'],
    ['deny', '✗ Denied by <@U0BOB>'],
  ] as const)('shows %s, who and when, without buttons', (decision, verdict) => {
    const message = buildApprovalDecided({ ...VIEW, decision, deciderId: 'U0BOB', decidedAt: AT }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>', '<@U0BOB>']);
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(message.blocks.at(-1)).toMatchObject({
      type: 'context',
      elements: [{ text: `${verdict} on <!date^1772600767^{date_short_pretty} at {time}|2026-03-04 05:06 UTC>` }],
    });
    expect(message.text).toContain(verdict);
  });
});

describe('buildApprovalExpired', () => {
  it('says the approval expired and the call was denied, without buttons', () => {
    const message = buildApprovalExpired({ ...VIEW, expiredAt: AT, timeout: '15m' }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>']);
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(json(message)).toContain('⌛ Expired: nobody decided within 15m, so the call was denied');
    expect(message.text).toBe('Approval expired: `plane_update_issue` was not run');
  });

  it('stays within limits with hostile values', () => {
    const message = buildApprovalExpired(
      { requesterId: long(3000), tool: long(3000), description: long(20_000), expiredAt: AT, timeout: PING_ATTEMPTS },
      EN,
    );
    assertWithinSlackLimits(message);
    assertInert(message);
  });
});

describe('buildApprovalWithdrawn', () => {
  it('says the run was stopped, by whom, and that the call was not run, without buttons', () => {
    const message = buildApprovalWithdrawn({ ...VIEW, stoppedById: 'U0BOB', withdrawnAt: AT }, EN);
    assertWithinSlackLimits(message);
    assertInert(message, ['<@U0ALICE>', '<@U0BOB>']);
    expect(message.blocks.some((block) => block.type === 'actions')).toBe(false);
    expect(json(message)).toContain('■ Withdrawn: the run was stopped by <@U0BOB>');
    expect(message.text).toBe('Approval withdrawn: the run was stopped, so `plane_update_issue` was not run');
  });

  it('is written in French and Chinese too, within every limit', () => {
    for (const locale of ['fr', 'zh-CN'] as const) {
      const message = buildApprovalWithdrawn({ ...VIEW, stoppedById: 'U0BOB', withdrawnAt: AT }, translator(locale));
      assertWithinSlackLimits(message);
      expect(message.text).toBe(translator(locale).t('runControl.withdrawnText', { tool: '`plane_update_issue`' }));
    }
  });

  it('stays within limits with hostile values', () => {
    const message = buildApprovalWithdrawn(
      { requesterId: long(3000), tool: long(3000), description: long(20_000), stoppedById: PING_ATTEMPTS, withdrawnAt: AT },
      EN,
    );
    assertWithinSlackLimits(message);
    assertInert(message);
  });
});
