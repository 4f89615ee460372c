import type { z } from 'zod';
import type { ChatThread } from '../plane/kit.js';
import { PhrasedError, type Phrase, type Translator } from '../i18n/index.js';
import type { DelegatedTask, DelegationHooks, SubAgentReport } from './delegate/types.js';
import type { PlanItem } from './plan/plan.js';
import { stripControlDeep } from './text.js';

export type { Requester } from '../requester.js';
import type { Requester } from '../requester.js';

/** What a tool call may depend on besides its input. Nothing here names Slack. */
export interface ToolContext {
  requester?: Requester;
  /** The folder that `file` arguments of TodoWrite and Task are resolved inside (one per channel). */
  filesDir: string;
  /**
   * Where a tool that saves files (plane_get_issue_images) may write. `files-dir`, the default, is
   * for a chat front end, whose users are not the machine's: only inside `filesDir`, results name
   * files relative to it, never by a server path. `anywhere` is for the MCP front end, whose client
   * is the machine's own user: any absolute folder, with the tool's own default (for images
   * `<tmp>/plane-mcp/<KEY>/`), results name absolute paths.
   */
  fileWrites?: 'files-dir' | 'anywhere';
  /** An opaque name of where the call came from (a channel id), carried on task events. */
  scope?: string;
  /**
   * The chat thread where the front end tells the requester what the call did (an agent run's
   * thread). A Plane write notes it, so Plane's webhook of the change is not posted there again.
   */
  thread?: ChatThread;
  signal?: AbortSignal;
  /** Replaces the checklist of the agent run making the call (update_plan); absent outside a run. */
  replacePlan?(items: PlanItem[]): Promise<void>;
  /**
   * Runs each task as a sub-agent of the agent run making the call (the delegate tool) and returns
   * their reports in the tasks' order; absent outside a run and inside a sub-agent (one level only).
   * Throws a RunInterruption when the run must pause (its sub-agents wait for people) or stop.
   */
  delegate?(tasks: readonly DelegatedTask[], hooks: DelegationHooks): Promise<SubAgentReport[]>;
}

export const PERMISSIONS = ['allow', 'ask', 'deny'] as const;
/** Whether a call runs at once, waits for a person's approval, or is refused. */
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a call may do to the world outside the run, in the terms of MCP's tool annotations
 * (readOnlyHint, destructiveHint, openWorldHint), which are read from it.
 */
export interface ToolEffects {
  /** Changes nothing anywhere. */
  readOnly: boolean;
  /** May remove or overwrite what is there; meaningful only when not read-only. */
  destructive: boolean;
  /** Reaches an open set of outside things (any web host) rather than one known service. */
  openWorld: boolean;
}

/** Reads one known service and changes nothing. */
export const READS_ONLY: ToolEffects = { readOnly: true, destructive: false, openWorld: false };
/** Adds or changes things in one known service, but never removes any. */
export const ADDS_OR_CHANGES: ToolEffects = { readOnly: false, destructive: false, openWorld: false };

/** The image types every front end can hand on as they are (the Messages API's and MCP clients'). */
export const TOOL_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * An image a call shows its caller, ready to send: already scaled and encoded by the tool. The agent
 * puts it in the tool result as an image block, MCP as image content.
 */
export interface ToolImage {
  /** What the text calls it ("[image 2] of ACME-12"), said next to the image. */
  label: string;
  mime: (typeof TOOL_IMAGE_TYPES)[number];
  /** The encoded image, base64. */
  data: string;
  width: number;
  height: number;
}

/**
 * What a call answers: `text` for the model, `data` (plain JSON, typed by the tool) for every other
 * front end, which renders it its own way; no front end reads another's text. `images`, when the
 * call has some to show, go to whoever reads the text, beside it.
 */
export interface ToolResult<Data = unknown> {
  text: string;
  data: Data;
  images?: readonly ToolImage[];
  /** The id the call's Plane write can be taken back by, for a front end that offers Undo. */
  undo?: string;
}

/** One change a write would make, as a preview shows it: the item's key, the field, from → to. */
export interface ChangeRow {
  key: string;
  field: string;
  from: string;
  to: string;
}

/**
 * The schema of a tool's data. Always an object (a list is a field of one), as MCP's structuredContent
 * must be; an array schema does not type-check here.
 */
export type OutputSchema = z.ZodType<{ [key: string]: unknown }>;

/**
 * One declaration per tool: everything every front end needs to know about it (the model's
 * description, the input and output schemas, its effects and default permission, the words shown
 * while it runs) comes from the same object, so adding a tool touches only its own folder and the
 * registry list.
 */
export interface ToolDefinition<Schema extends z.ZodType = z.ZodType, Output extends OutputSchema = OutputSchema> {
  name: string;
  description: string;
  input: Schema;
  /**
   * What `data` holds. `run` is typed by it, so the data the code builds must fit the schema that MCP
   * declares as the tool's outputSchema.
   */
  output: Output;
  effects: ToolEffects;
  /** The permission when no rule of the permissions file matches the tool. */
  permission: Permission;
  /**
   * The other tools whose writes this call makes (a task sync creates work items as
   * plane_create_issue does): the call is let through only as far as each of them would be.
   */
  writesAs?(input: z.output<Schema>): readonly string[];
  /** Returns text for the model and data for the other front ends; throws ToolError for a failure to report. */
  run(input: z.output<Schema>, context: ToolContext): Promise<ToolResult<z.output<Output>>>;
  /**
   * A tool that writes work items: the changes the call would make, read before it runs (the values
   * now → the call's). Several such calls in one turn are previewed and approved together (the
   * agent's bulk preview); field names are the tools' (`state`), `from`/`to` as a person reads them.
   */
  preview?(input: z.output<Schema>, context: ToolContext): Promise<ChangeRow[]>;
  /** Says in plain words exactly what the call will do, for an approval message, in the language of `t`. */
  describe?(input: z.output<Schema>, t: Translator): string;
  /** The step under way in a few words ("Reading ACME-130…"), shown while the call runs, in the language of `t`. */
  progress(input: z.output<Schema>, t: Translator): string;
}

export function defineTool<Schema extends z.ZodType, Output extends OutputSchema>(
  definition: ToolDefinition<Schema, Output>,
): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

/** A failure whose message is meant for the caller (model or person) as it stands. */
export class ToolError extends PhrasedError {
  constructor(said: string | Phrase | readonly Phrase[]) {
    super(said);
    this.name = 'ToolError';
  }
}

/**
 * Thrown by a run's own context ports (`delegate`) when the run, not the call, must stop or pause: the
 * registry lets it through instead of answering the call with an error.
 */
export class RunInterruption extends Error {}

export type ToolCallResult = ({ ok: true } & ToolResult<z.output<OutputSchema>>) | { ok: false; error: string };

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

  constructor(definitions: readonly ToolDefinition[] = []) {
    for (const definition of definitions) this.add(definition);
  }

  add(definition: ToolDefinition): void {
    if (this.tools.has(definition.name)) throw new Error(`Tool ${definition.name} is declared twice`);
    this.tools.set(definition.name, definition);
  }

  get(name: string): ToolDefinition | undefined {
    return this.tools.get(name);
  }

  list(): ToolDefinition[] {
    return [...this.tools.values()];
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** Validates raw input (from the model or a command) and runs the tool; never throws but a RunInterruption. */
  async call(name: string, rawInput: unknown, context: ToolContext): Promise<ToolCallResult> {
    const tool = this.tools.get(name);
    if (!tool) return { ok: false, error: `Unknown tool ${name}. Known tools: ${this.names().join(', ')}` };
    // Whoever wrote the input (a model, a person), control characters go before anything is stored or sent.
    const parsed = tool.input.safeParse(stripControlDeep(rawInput));
    if (!parsed.success) return { ok: false, error: describeInputError(name, parsed.error) };
    try {
      return { ok: true, ...(await tool.run(parsed.data, context)) };
    } catch (error) {
      if (error instanceof RunInterruption) throw error;
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** A tool's input as the front ends that call its action directly read it. */
export interface ToolArgs<Schema extends z.ZodType> {
  readonly tool: string;
  /** Checks raw input by the tool's own schema; a mistake throws the ToolError the registry would have answered. */
  read(rawInput: unknown): z.output<Schema>;
}

/** Declared once beside the tool, so that no front end names a tool by a string of its own. */
export function toolArgs<Schema extends z.ZodType>(tool: string, schema: Schema): ToolArgs<Schema> {
  return {
    tool,
    read(rawInput) {
      const parsed = schema.safeParse(rawInput);
      if (!parsed.success) throw new ToolError(describeInputError(tool, parsed.error));
      return parsed.data;
    },
  };
}

/** A zod error as one readable paragraph that lets the model correct its input. */
function describeInputError(toolName: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'input';
    return `- ${where}: ${issue.message}`;
  });
  return `Invalid input for ${toolName}:\n${lines.join('\n')}`;
}
