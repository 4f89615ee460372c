import type { App } from '@slack/bolt';
import type { Translator } from '../../i18n/index.js';
import type { ApprovalOutcome, ApprovalRequest, Approver, BulkApprovalRequest } from '../../agent/index.js';
import { buildApprovalDecided } from './approval-decided.blocks.js';
import { buildApprovalExpired } from './approval-expired.blocks.js';
import { buildApprovalRequest } from './approval-request.blocks.js';
import { buildApprovalWithdrawn } from './approval-withdrawn.blocks.js';
import type { ApprovalView } from './approval-summary.blocks.js';
import type { SlackMessage } from '../blocks/types.js';
import { buildBulkPreview, type PreviewRow } from '../undo/bulk-preview.blocks.js';
import { mentionUser, slackDate } from '../blocks/text.js';
import { encodeApprovalRef } from './approval-ref.js';

/** Where an approval request was posted; saved with the run and handed back to `settled`. */
interface Shown {
  channel: string;
  ts: string;
}

/** A bulk request's place, with its preview: the decided message shows the same changes. */
interface ShownBulk extends Shown {
  writes: number;
  rows: PreviewRow[];
}

/**
 * Asks in the run's thread: who asked, the tool and exactly what it will do, with Approve, Approve
 * for this thread and Deny. Once decided or expired the message says so and loses its buttons.
 */
export class SlackApprover implements Approver {
  constructor(
    private readonly client: App['client'],
    private readonly thread: { channel: string; threadTs: string },
    /** The run now waits for people (its status message says so). */
    private readonly onAsk: () => void,
    /** The requester's language. */
    private readonly t: Translator,
  ) {}

  async ask(request: ApprovalRequest): Promise<Shown> {
    const message = buildApprovalRequest({ ...viewOf(request), value: encodeApprovalRef(request) }, this.t);
    const posted = await this.client.chat.postMessage({ channel: this.thread.channel, thread_ts: this.thread.threadTs, ...message });
    // A sub-agent's request pauses only that sub-agent (its line says so); the run's other work goes on.
    if (!request.subAgent) this.onAsk();
    return { channel: this.thread.channel, ts: posted.ts! };
  }

  async settled(request: ApprovalRequest, outcome: ApprovalOutcome, shown: unknown): Promise<void> {
    const where = shown as Partial<Shown> | undefined;
    // Nothing to edit when the request could not be posted.
    if (!where?.channel || !where.ts) return;
    await this.client.chat.update({ channel: where.channel, ts: where.ts, ...settledMessage(request, outcome, this.t) });
  }

  /** One message for the whole set: every change in a table, Approve all / Deny all. */
  async askBulk(request: BulkApprovalRequest): Promise<ShownBulk> {
    const preview = { requesterId: request.requester.id, writes: request.calls.length, rows: request.rows };
    const message = buildBulkPreview(preview, { ask: encodeApprovalRef(request) }, this.t);
    const posted = await this.client.chat.postMessage({ channel: this.thread.channel, thread_ts: this.thread.threadTs, ...message });
    if (!request.subAgent) this.onAsk();
    return { channel: this.thread.channel, ts: posted.ts!, writes: preview.writes, rows: request.rows };
  }

  async settledBulk(request: BulkApprovalRequest, outcome: ApprovalOutcome, shown: unknown): Promise<void> {
    const where = shown as Partial<ShownBulk> | undefined;
    if (!where?.channel || !where.ts) return;
    const preview = { requesterId: request.requester.id, writes: where.writes ?? request.calls.length, rows: where.rows ?? [] };
    await this.client.chat.update({
      channel: where.channel,
      ts: where.ts,
      ...buildBulkPreview(preview, { said: bulkVerdict(outcome, preview.writes, this.t) }, this.t),
    });
  }
}

/** How a bulk request ended, in one line. */
function bulkVerdict(outcome: ApprovalOutcome, count: number, t: Translator): string {
  const when = slackDate(new Date(outcome.at));
  const who = mentionUser(outcome.decidedBy?.id ?? 'someone');
  if (outcome.decision === 'expired' || outcome.decision === 'unshown') return t.t('approval.expired', { when });
  if (outcome.decision === 'withdrawn') return t.t('runControl.withdrawn', { who, when });
  const verdict = t.t('undo.bulkVerdict', { decision: outcome.decision === 'deny' ? 'deny' : 'approve', who, count });
  return t.t('approval.verdictOn', { verdict, when });
}

function viewOf(request: ApprovalRequest): ApprovalView {
  return {
    requesterId: request.requester.id,
    tool: request.call.name,
    description: request.call.description,
    ...(request.subAgent && { subAgent: request.subAgent }),
  };
}

function settledMessage(request: ApprovalRequest, outcome: ApprovalOutcome, t: Translator): SlackMessage {
  const at = new Date(outcome.at);
  if (outcome.decision === 'expired' || outcome.decision === 'unshown')
    return buildApprovalExpired({ ...viewOf(request), expiredAt: at }, t);
  if (outcome.decision === 'withdrawn')
    return buildApprovalWithdrawn({ ...viewOf(request), stoppedById: outcome.decidedBy?.id ?? 'someone', withdrawnAt: at }, t);
  return buildApprovalDecided(
    { ...viewOf(request), decision: outcome.decision, deciderId: outcome.decidedBy?.id ?? 'someone', decidedAt: at },
    t,
  );
}
