import type { App } from '@slack/bolt';
import { executeTask } from '../../commands/run-task.js';
import { parseTask } from '../../commands/task.js';
import type { CommandDeps, ConversationDeps } from '../../deps.js';
import { answerCommand } from '../../commands/answer.js';
import { askAgent } from '../../commands/ask-agent.js';

/** `/task`: the channel's task tree; anything that is not a sub-command goes to the agent. */
export function registerTaskCommand(app: App, deps: CommandDeps & ConversationDeps): void {
  app.command('/task', async (args) => {
    await answerCommand(args, deps, 'task', parseTask, async (command, context) =>
      command.action === 'agent'
        ? askAgent(args, deps, command.text, await context.requester(), context.t)
        : executeTask(command, context, deps),
    );
  });
}
