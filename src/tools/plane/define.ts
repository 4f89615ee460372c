import type { z } from 'zod';
import { PhrasedError, type Translator } from '../../i18n/index.js';
import { PlaneError } from '../../plane/errors.js';
import { defineTool, ToolError, type OutputSchema, type ToolDefinition } from '../registry.js';

/** defineTool for the Plane kit: a PlaneError (already written for the reader) becomes a ToolError. */
export function definePlaneTool<Schema extends z.ZodType, Output extends OutputSchema>(
  definition: ToolDefinition<Schema, Output>,
): ToolDefinition {
  return defineTool({
    ...definition,
    async run(input, context) {
      try {
        return await definition.run(input, context);
      } catch (error) {
        if (error instanceof PlaneError) throw new ToolError(error.phrases ?? error.message);
        throw error;
      }
    },
  });
}

/**
 * A failure written for the person who caused it (a ToolError, a phrased error of the task tree or the
 * channel files, or a Plane error a Plane tool would report as one), in the reader's language when it
 * was written as a phrase; undefined for anything else.
 */
export function readableFailure(error: unknown, t: Translator): string | undefined {
  return error instanceof PhrasedError || error instanceof PlaneError ? error.sayTo(t) : undefined;
}
