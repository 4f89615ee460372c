import type { z } from 'zod';
import { PlaneError } from '../../plane/errors.js';
import { defineTool, ToolError, type OutputSchema, type ToolDefinition } from '../registry.js';

/** defineTool for the Plane kit: a PlaneError (already written for the reader) becomes a ToolError. */
export function definePlaneTool<Schema extends z.ZodType, Output extends OutputSchema>(definition: ToolDefinition<Schema, Output>): ToolDefinition {
  return defineTool({
    ...definition,
    async run(input, context) {
      try {
        return await definition.run(input, context);
      } catch (error) {
        if (error instanceof PlaneError) throw new ToolError(error.message);
        throw error;
      }
    },
  });
}

/**
 * The message of a failure written for the person who caused it (a ToolError, or a Plane error a
 * Plane tool would report as one), for a front end to show as it is; undefined for anything else.
 */
export function readableFailure(error: unknown): string | undefined {
  return error instanceof ToolError || error instanceof PlaneError ? error.message : undefined;
}
