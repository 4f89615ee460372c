import type Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import type { ToolDefinition } from '../tools/registry.js';

/**
 * A zod schema as JSON Schema 2020-12, the one conversion of the tools' schemas. Input mode: it
 * describes what passes the schema, so fields with defaults stay optional and objects stay open (zod
 * drops unknown keys rather than refusing them). `$schema` is dropped as it only costs tokens, and
 * without it 2020-12 is MCP's default dialect.
 */
export function toJsonSchema(schema: z.ZodType): z.core.JSONSchema.BaseSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
}

/** A tool declaration as the model sees it: its input schema, since the model must send that. */
export function toModelTool(tool: ToolDefinition): Anthropic.Tool {
  const schema = toJsonSchema(tool.input);
  if (schema.type !== 'object') throw new Error(`Tool ${tool.name}: its input must be a zod object, not ${String(schema.type)}`);
  return { name: tool.name, description: tool.description, input_schema: schema as Anthropic.Tool.InputSchema };
}

export function toModelTools(tools: readonly ToolDefinition[]): Anthropic.Tool[] {
  return tools.map(toModelTool);
}
