import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/registry.js';

/**
 * A tool declaration as the model sees it. Input mode, because the schema describes what the model
 * must send (fields with defaults stay optional); `$schema` is dropped as it only costs tokens.
 */
export function toModelTool(tool: ToolDefinition): Anthropic.Tool {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' });
  if (schema.type !== 'object') throw new Error(`Tool ${tool.name}: its input must be a zod object, not ${String(schema.type)}`);
  return { name: tool.name, description: tool.description, input_schema: schema as Anthropic.Tool.InputSchema };
}

export function toModelTools(tools: readonly ToolDefinition[]): Anthropic.Tool[] {
  return tools.map(toModelTool);
}
