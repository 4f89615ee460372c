import type { App } from '@slack/bolt';
import { parsePlane } from '../../commands/plane.js';
import { executePlane } from '../../commands/run-plane.js';
import type { CommandDeps } from '../../deps.js';
import { answerCommand } from '../../commands/answer.js';

/** `/plane`: Plane without the model, as the person who runs it. */
export function registerPlaneCommand(app: App, deps: CommandDeps): void {
  app.command('/plane', async (args) => {
    await answerCommand(args, deps, 'plane', parsePlane, (command, context) => executePlane(command, context, deps));
  });
}
