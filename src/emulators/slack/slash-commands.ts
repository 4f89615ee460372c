import { answerOf, type AppAnswer } from './app-answers.js';
import type { Deliverer } from './delivery.js';
import { commandForm } from './payloads.js';
import type { ResponseTarget, ResponseUrls } from './response-urls.js';
import type { Triggers } from './triggers.js';
import { SLACKBOT, type Workspace } from './workspace.js';
import { memberChannel, UsageError } from './usage-error.js';

export interface CommandRun {
  user: string;
  channel: string;
  /** With its slash: `/task`. */
  command: string;
  text?: string;
}

export interface CommandDeps {
  workspace: Workspace;
  deliverer: Deliverer;
  responseUrls: ResponseUrls;
  triggers: Triggers;
  /** The commands the app's manifest registers. */
  commands: ReadonlySet<string>;
}

/**
 * A person runs a slash command. The app gets the signed form post; an ack body
 * with text or blocks is shown like a response_url post (ephemeral unless `in_channel`). When the
 * app fails to answer, the person sees an ephemeral error from Slackbot, as in Slack.
 */
export async function runCommand(deps: CommandDeps, run: CommandRun): Promise<AppAnswer> {
  const { workspace, deliverer, responseUrls } = deps;
  const channel = memberChannel(workspace, run.user, run.channel);
  if (!deps.commands.has(run.command)) throw new UsageError(`${run.command} is not a valid command`);

  const target: ResponseTarget = { channel: channel.id, user: run.user, sourceIsLastResponse: true };
  const form = commandForm(workspace, {
    userId: run.user,
    channel,
    command: run.command,
    text: run.text ?? '',
    responseUrl: responseUrls.create(target),
    triggerId: deps.triggers.issue(run.user),
  });
  const answer = answerOf(await deliverer.send('command', form));
  const ack = answer.error ? undefined : ackMessage(answer.body);
  if (ack) {
    const shown = responseUrls.apply(target, ack);
    if (!shown.ok) answer.error = shown.error;
  }
  if (answer.error) {
    workspace.postEphemeral(channel.id, run.user, {
      user: SLACKBOT,
      text: `${run.command} failed with the error "${answer.error}"`,
    });
  }
  return answer;
}

/** Bolt acks with a string (plain text) or a message object (JSON); an empty ack shows nothing. */
function ackMessage(body: string): Record<string, unknown> | undefined {
  if (body.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: body };
  }
  if (typeof parsed !== 'object' || parsed === null) return { text: body };
  const message = parsed as Record<string, unknown>;
  return message.text !== undefined || message.blocks !== undefined || message.attachments !== undefined ? message : undefined;
}
