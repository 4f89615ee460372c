import { describe, expect, it } from 'vitest';
import { LOCALES, phrase, translator } from '../../src/i18n/index.js';
import { buildApprovalDecided } from '../../src/slack/approvals/approval-decided.blocks.js';
import { buildApprovalExpired } from '../../src/slack/approvals/approval-expired.blocks.js';
import { buildApprovalRequest } from '../../src/slack/approvals/approval-request.blocks.js';
import { buildApprovalWithdrawn } from '../../src/slack/approvals/approval-withdrawn.blocks.js';
import { buildConfirmation } from '../../src/slack/blocks/confirmation.blocks.js';
import { buildStatus, type PlanItemView, type SubAgentLineView } from '../../src/slack/progress/status.blocks.js';
import {
  buildChangeLine,
  buildCommentMessage,
  buildDirectNotice,
  buildNotificationCard,
} from '../../src/slack/notifications/notification.blocks.js';
import { buildWorkItemCard } from '../../src/slack/work-items/work-item-card.blocks.js';
import {
  buildCommentForm,
  buildCreateForm,
  buildFormProblem,
  buildLinkForm,
  buildLoadingForm,
  type FormMetadata,
} from '../../src/slack/work-items/work-item-forms.blocks.js';
import type { ItemSnapshot } from '../../src/notifications/notices.js';
import { queuedStatus, workingStatus } from '../../src/slack/progress/status-views.js';
import { buildError } from '../../src/slack/blocks/error.blocks.js';
import { buildTaskEvent } from '../../src/slack/tasks/task-event.blocks.js';
import { buildTaskTree } from '../../src/slack/tasks/task-tree.blocks.js';
import { buildTodoList } from '../../src/slack/todo/todo-list.blocks.js';
import { buildHelp } from '../../src/slack/commands/help.js';
import { buildPlaneListing } from '../../src/slack/work-items/plane-listing.blocks.js';
import type { WorkItemData } from '../../src/tools/plane/data.js';
import type { TodoItem } from '../../src/tools/todo/format.js';
import { HOSTILE_TEXTS, long, PING_ATTEMPTS } from '../slack/blocks/hostile.js';
import { assertModalWithinSlackLimits, assertWithinSlackLimits } from '../slack/blocks/limits.js';
import { assertInert } from '../slack/blocks/safety.js';

/**
 * Every Block Kit builder, in every language, with large and hostile input: within Slack's limits
 * and inert. (The catalogue test checks the texts; this one checks what the builders make of them.)
 */
describe.each(LOCALES)('the builders in %s', (locale) => {
  const t = translator(locale);

  it('help of every command', () => {
    for (const command of ['task', 'todo', 'plane'] as const) {
      const message = buildHelp(command, t);
      assertWithinSlackLimits(message);
      assertInert(message);
    }
  });

  it('errors and confirmations', () => {
    for (const text of HOSTILE_TEXTS) {
      assertWithinSlackLimits(buildError({ reason: text, usage: text }, t));
      const confirmation = buildConfirmation(
        { summary: `✓ ${text}`, lines: Array.from({ length: 400 }, () => text), notes: [text, text] },
        t,
      );
      assertWithinSlackLimits(confirmation);
      assertInert(confirmation);
    }
  });

  it('task trees, todo lists and their pages', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `├─ → [${i}] ${HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!.slice(0, 600)} [HIGH]`);
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const message = buildTaskTree({ title: long(400), lines, cursor }, t);
      assertWithinSlackLimits(message);
      assertInert(message);
      cursor = JSON.stringify(message).match(/"value":"(\d+)"/)?.[1];
    }
    assertWithinSlackLimits(buildTaskTree({ title: 'x', lines: [] }, t));
    const items: TodoItem[] = Array.from({ length: 1000 }, (_, i) => ({
      id: String(i + 1),
      title: `${PING_ATTEMPTS} ${long(700)}`,
      status: (['todo', 'done', 'blocked'] as const)[i % 3]!,
      tags: [long(300)],
      dueAt: '2031-01-01',
    }));
    const todos = buildTodoList({ title: long(400), items, cursor: '400' }, t);
    assertWithinSlackLimits(todos);
    assertInert(todos);
    assertWithinSlackLimits(buildTodoList({ title: 'x', items: [] }, t));
  });

  it('approval requests and their decided, expired and withdrawn states', () => {
    const AT = new Date('2026-03-04T05:06:07Z');
    for (const text of HOSTILE_TEXTS) {
      for (const subAgent of [undefined, `${PING_ATTEMPTS} ${long(3000)}`]) {
        const view = {
          requesterId: 'U0ALICE',
          tool: `${text.slice(0, 500)}\`x\``,
          description: `${text}\n${long(50_000, 'body & <more> ')}`,
          ...(subAgent && { subAgent }),
        };
        const messages = [
          buildApprovalRequest({ ...view, value: 'v'.repeat(2000) }, t),
          ...(['approve', 'approve_thread', 'deny'] as const).map((decision) =>
            buildApprovalDecided({ ...view, decision, deciderId: 'U0BOB', decidedAt: AT }, t),
          ),
          buildApprovalExpired({ ...view, expiredAt: AT, timeout: text }, t),
          buildApprovalExpired({ ...view, expiredAt: AT }, t),
          buildApprovalWithdrawn({ ...view, stoppedById: 'U0BOB', withdrawnAt: AT }, t),
        ];
        for (const message of messages) {
          assertWithinSlackLimits(message);
          assertInert(message, ['<@U0ALICE>', '<@U0BOB>']);
        }
      }
    }
    const request = buildApprovalRequest({ requesterId: 'U0ALICE', tool: 'plane_add_comment', description: '', value: 'ref' }, t);
    expect(JSON.stringify(request.blocks)).toContain(t.t('approval.needed'));
    expect(JSON.stringify(request.blocks)).toContain(t.t('approval.noDescription'));
  });

  it('the run’s status in every phase, queued and working', () => {
    const plan = Array.from(
      { length: 1000 },
      (_, i): PlanItemView => ({
        id: String(i),
        content: HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]!,
        status: (['pending', 'in_progress', 'completed', 'cancelled'] as const)[i % 4]!,
      }),
    );
    const subAgents = Array.from(
      { length: 40 },
      (_, i): SubAgentLineView => ({
        title: `${PING_ATTEMPTS} ${long(500)}`,
        phase: (['queued', 'running', 'waiting', 'finished'] as const)[i % 4]!,
        plan: { items: plan.slice(0, 4), progress: '' },
        step: long(3000),
        outcome: (['done', 'capped', 'failed'] as const)[i % 3]!,
        toolCalls: i,
        durationMs: i * 61_000,
      }),
    );
    for (const text of HOSTILE_TEXTS) {
      const messages = [
        workingStatus(t, { plan, step: text, runId: 'run-1', subAgents }),
        workingStatus(t),
        queuedStatus(1, t),
        queuedStatus(1_000_000, t),
        buildStatus({ phase: 'done', plan, elapsedMs: 3_600_000 * 30, toolCalls: 1_000_000, subAgents }, t),
        buildStatus({ phase: 'stopped', plan, stoppedById: 'U0BOB', elapsedMs: 83_000, toolCalls: 2, subAgents }, t),
        buildStatus(
          {
            phase: 'failed',
            plan,
            failure: phrase('runEnd.modelApi', { problem: 'failed', status: '500', detail: `${text}${long(10_000)}` }),
            retryValue: 'r',
            elapsedMs: 400,
            toolCalls: 1,
            subAgents,
          },
          t,
        ),
        buildStatus({ phase: 'failed', plan, failure: phrase('runEnd.internal', { detail: text }), subAgents }, t),
        buildStatus(
          {
            phase: 'stranded',
            plan,
            reason: phrase('runEnd.storeUnreachable', { detail: `${text}${long(10_000)}` }),
            elapsedMs: 400,
            toolCalls: 1,
            subAgents,
          },
          t,
        ),
      ];
      for (const message of messages) {
        assertWithinSlackLimits(message);
        assertInert(message, ['<@U0BOB>']);
      }
    }
    // A failure is said in the reader's language, the API's own words inside it as they came, with Retry.
    const failure = phrase('runEnd.modelApi', { problem: 'failed', status: '500', detail: 'Internal error' });
    const failed = buildStatus({ phase: 'failed', plan: [], failure, retryValue: 'run-1' }, t);
    expect(failed.text).toBe(t.t('run.failedText', { failure: t.say(failure) }));
    expect(failed.text).toContain('500');
    expect(failed.text).toContain('Internal error');
    expect(failed.blocks.at(-1)).toMatchObject({
      type: 'actions',
      elements: [{ action_id: 'run_retry', text: { text: t.t('run.retry') } }],
    });
    // A store that stopped answering is no failure: its own mark and label, and nothing to click.
    const reason = phrase('runEnd.storeUnreachable', { detail: 'connect ECONNREFUSED 127.0.0.1:6379' });
    const stranded = buildStatus({ phase: 'stranded', plan: [], reason, elapsedMs: 2000, toolCalls: 1 }, t);
    expect(stranded.text).toBe(t.t('run.strandedText', { reason: t.say(reason) }));
    expect(JSON.stringify(stranded.blocks)).toContain(`⏸ ${t.t('run.stranded', { reason: t.say(reason) })}`);
    expect(JSON.stringify(stranded)).not.toContain(t.t('run.failedText', { failure: '' }).trim());
    expect(stranded.blocks.some((block) => block.type === 'actions')).toBe(false);
    const waiting = workingStatus(t, { step: t.t('run.waitingForApproval') });
    expect(JSON.stringify(waiting.blocks)).toContain(t.t('run.waitingForApproval'));
    expect(JSON.stringify(workingStatus(t).blocks)).toContain(t.t('run.thinking'));
    expect(buildStatus({ phase: 'done', plan: [], elapsedMs: 83_000, toolCalls: 3 }, t).text).toBe(
      `${t.t('run.doneIn', { duration: t.duration(83_000) })} · ${t.t('runControl.toolCalls', { count: 3 })}`,
    );
  });

  it('work item cards, with their actions, and notification cards, lines and comments', () => {
    for (const text of HOSTILE_TEXTS) {
      const hostile = `${text.slice(0, 3000)} ${PING_ATTEMPTS}`;
      const names = Array.from({ length: 300 }, (_, i) => `${hostile.slice(0, 60)} ${i}`);
      const card = buildWorkItemCard(
        {
          key: 'ACME-130',
          title: hostile,
          url: 'https://app.plane.so/acme/browse/ACME-130/',
          state: hostile,
          stateGroup: 'started',
          priority: hostile,
          assignees: names,
          labels: names,
          startDate: hostile,
          targetDate: hostile,
          description: long(100_000),
        },
        t,
        { states: names, state: names[3], linked: true },
      );
      const item: ItemSnapshot = {
        id: 'i',
        projectId: 'p',
        key: 'ACME-130',
        title: hostile,
        url: 'https://app.plane.so/acme/browse/ACME-130/',
        state: hostile,
        stateGroup: 'started',
        priority: 'urgent',
        assignees: names,
        assigneeIds: [],
        labels: names,
        states: names,
      };
      const changes = Array.from({ length: 40 }, (_, i) => ({
        actor: `${hostile.slice(0, 200)}${i}`,
        field: ['state', 'priority', 'assignees', 'labels', 'name', 'target_date', 'start_date', 'description_html', 'other_field'][i % 9]!,
        from: [hostile],
        to: i % 2 ? names.slice(0, 30) : [],
      }));
      for (const message of [
        card,
        buildNotificationCard(item, t, hostile),
        buildDirectNotice(item, hostile, t),
        buildChangeLine(item, changes, t),
        buildCommentMessage(item, hostile, { text: `${hostile}\n${long(20_000)}` }, t),
      ]) {
        assertWithinSlackLimits(message);
        assertInert(message);
      }
      expect(JSON.stringify(card.blocks)).toContain(t.t('workItem.moveTo'));
    }
  });

  it('the create, loading, problem, link and comment modals', () => {
    const metadata: FormMetadata = {
      channel: 'C0GENERAL',
      channelName: long(80),
      messageTs: '1.000001',
      threadTs: '1.000001',
      author: PING_ATTEMPTS,
      permalink: `https://acme.slack.com/archives/C0GENERAL/p1?${long(500, 'x=1&')}`,
    };
    for (const text of HOSTILE_TEXTS) {
      const list = Array.from({ length: 400 }, (_, i) => ({ id: `id-${i}`, name: text || `name ${i}` }));
      const project = { id: 'id-1', states: list, defaultStateId: 'id-1', members: list, labels: list };
      for (const view of [
        buildCreateForm(
          metadata,
          { projects: list, project },
          { title: text, description: long(20_000), priority: 'urgent', assigneeIds: ['id-1'], labelIds: ['id-2'] },
          t,
        ),
        buildCreateForm(metadata, { projects: list }, { title: '', description: '', priority: 'none', assigneeIds: [] }, t),
        buildLoadingForm(metadata, t),
        buildFormProblem(t.t('workItem.form.create'), text, t),
        buildLinkForm(metadata, t),
        buildCommentForm({ key: `ACME-${'9'.repeat(10)}`, channel: 'C0GENERAL', threadTs: '1.000001' }, t),
      ])
        assertModalWithinSlackLimits(view);
    }
    // Slack cuts a modal's title at 24 characters: every one of ours fits whole.
    for (const title of [t.t('workItem.form.create'), t.t('workItem.form.link'), t.t('workItem.form.commentOn', { key: 'ACME-1234' })])
      expect(title.length).toBeLessThanOrEqual(24);
  });

  it('Plane listings, whole and cut by the limit, their head and continued text in the reader’s words', () => {
    const planeItem = (i: number, text: string): WorkItemData => ({
      key: `ACME-${i}`,
      title: text,
      url: `https://app.plane.so/acme/browse/ACME-${i}/`,
      project: { identifier: 'ACME', name: text },
      state: { name: text.slice(0, 100), group: 'started' },
      priority: 'urgent',
      assignees: [text.slice(0, 200)],
      labels: [],
      startDate: null,
      targetDate: '2031-01-01',
    });
    for (const text of HOSTILE_TEXTS) {
      const hostile = `${text.slice(0, 3000)} ${PING_ATTEMPTS}`;
      const items = Array.from({ length: 400 }, (_, i) => planeItem(i, hostile));
      const what = t.t('commands.plane.listing.search', { project: hostile.slice(0, 500), query: `${hostile}${long(5000)}` });
      for (const found of [400, 12_345]) {
        const messages = buildPlaneListing(
          { heading: 'English for the model', found, limit: 400, items, notes: [hostile, hostile, hostile, hostile] },
          what,
          t,
        );
        expect(messages.length).toBeGreaterThan(1);
        for (const message of messages) {
          assertWithinSlackLimits(message);
          assertInert(message);
        }
        expect(messages.every((message) => !JSON.stringify(message).includes('English for the model'))).toBe(true);
        expect(messages[1]!.text).toMatch(locale === 'en' ? / \(continued\)$/ : locale === 'fr' ? / \(suite\)$/ : /（续）$/);
      }
    }
    const whole = buildPlaneListing(
      { heading: 'x', found: 1, limit: 20, items: [planeItem(1, 'Login')], notes: [] },
      t.t('commands.plane.listing.mineAll'),
      t,
    );
    const cut = buildPlaneListing(
      { heading: 'x', found: 1500, limit: 2, items: [planeItem(1, 'Login'), planeItem(2, 'Logout')], notes: [] },
      t.t('commands.plane.listing.mine', { project: 'ACME' }),
      t,
    );
    expect([whole[0]!.text, cut[0]!.text]).toEqual(
      {
        en: [
          'Your open work items in all projects: 1 item.',
          'Your open work items in ACME: 1,500 found; the limit of 2 cut the list to the first 2.',
        ],
        fr: [
          'Vos éléments ouverts dans tous les projets : 1 élément.',
          'Vos éléments ouverts dans ACME : 1\u202f500 trouvés ; la limite de 2 réduit la liste aux 2 premiers.',
        ],
        'zh-CN': ['你在所有项目中未完成的工作项：1 项。', '你在 ACME 中未完成的工作项：找到 1,500 项；受上限 2 所限，只列出前 2 项。'],
      }[locale],
    );
  });

  it('task event lines', () => {
    const message = buildTaskEvent({ id: long(3000), title: `${PING_ATTEMPTS}${long(3000)}`, status: PING_ATTEMPTS, by: '<!channel>' }, t);
    assertWithinSlackLimits(message);
    expect(message.text.length).toBeLessThan(600);
  });
});
