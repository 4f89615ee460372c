import type { App } from '@slack/bolt';
import { executeTodo } from '../../commands/run-todo.js';
import { parseTodo } from '../../commands/todo.js';
import type { ListenerDeps } from '../../deps.js';
import { answerCommand } from '../../commands/answer.js';

/** `/todo`: the channel's todo list. */
export function registerTodoCommand(app: App, deps: ListenerDeps): void {
  app.command('/todo', async (args) => {
    await answerCommand(args, deps, 'todo', parseTodo, executeTodo);
  });
}
