/**
 * What every model request carries before the conversation: the tool definitions (all tools the
 * factories build today, plus update_plan and delegate) and the system prompt, exactly as the agent serialises
 * them. Tokens are estimated as characters / 3.5 (JSON and English prose average 3–4 characters per
 * token; the 5.x tokenizer counts a little more than older ones), not counted by the API.
 */
import Keyv from 'keyv';
import { toModelTools } from '../src/agent/index.js';
import { systemPrompt } from '../src/agent/system-prompt.js';
import { createPlaneKit } from '../src/plane/kit.js';
import { createDelegateTool } from '../src/tools/delegate/index.js';
import { updatePlanTool } from '../src/tools/plan/index.js';
import { createPlaneTools } from '../src/tools/plane/index.js';
import type { ToolDefinition } from '../src/tools/registry.js';
import { createTaskTool } from '../src/tools/task/tool.js';
import { createTodoTool } from '../src/tools/todo/tool.js';
import { createWebFetchTool } from '../src/tools/webfetch/webfetch-tool.js';
import type { BenchRow } from './run.js';
import { FileLocks } from '../src/files/file-lock.js';

export const CHARS_PER_TOKEN = 3.5;
const TOOLS_TARGET_TOKENS = 8_000;

function allTools(): ToolDefinition[] {
  const kit = createPlaneKit({ baseUrl: 'https://api.plane.so', appUrl: 'https://app.plane.so', workspace: 'acme', cache: new Keyv() });
  return [
    ...createPlaneTools(kit),
    createWebFetchTool({ allow: [] }),
    createTodoTool({ locks: new FileLocks() }),
    createTaskTool({ locks: new FileLocks() }),
    updatePlanTool,
    createDelegateTool(),
  ];
}

export const tokens = (chars: number) => Math.round(chars / CHARS_PER_TOKEN);

export async function bench(): Promise<BenchRow[]> {
  const tools = toModelTools(allTools());
  const perTool = tools.map((tool) => ({ name: tool.name, chars: JSON.stringify(tool).length }));
  const total = JSON.stringify(tools).length;
  const system = systemPrompt({ defaultWorkspace: 'acme' }).length;
  const largest = [...perTool].sort((a, b) => b.chars - a.chars).slice(0, 5);
  return [
    { area: 'agent', measure: `tool definitions (${tools.length} tools), characters`, value: String(total) },
    {
      area: 'agent',
      measure: `tool definitions, tokens (chars/${CHARS_PER_TOKEN})`,
      value: String(tokens(total)),
      target: `< ${TOOLS_TARGET_TOKENS}`,
    },
    ...largest.map((tool) => ({
      area: 'agent',
      measure: `  ${tool.name}, tokens`,
      value: String(tokens(tool.chars)),
    })),
    { area: 'agent', measure: `system prompt, tokens (chars/${CHARS_PER_TOKEN})`, value: String(tokens(system)) },
  ];
}
