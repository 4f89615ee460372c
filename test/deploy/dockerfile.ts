/**
 * Reads a Dockerfile into stages of instructions, enough to check its rules and replay its steps
 * without a Docker engine. The syntax (continuations, comments, flags such as `--from=build`, `AS`
 * names, both `ENV` spellings and their quoting) is read by `dockerfile-ast`, the parser of the
 * Dockerfile language server; this module only groups its instructions by stage.
 */
import { DockerfileParser, Env, From, ModifiableInstruction, type Instruction as ParsedInstruction } from 'dockerfile-ast';

export interface Instruction {
  /** Upper-cased: FROM, RUN, COPY, ENV… */
  keyword: string;
  /** `--name=value` flags before the arguments (`COPY --from=build`, `HEALTHCHECK --interval=30s`). */
  flags: Record<string, string>;
  /** The arguments after the flags, continuations joined. */
  args: string;
  /** 1-based line of the instruction's first line. */
  line: number;
  /** The parser's own node, for what it reads better than text (ENV's properties). */
  parsed: ParsedInstruction;
}

export interface Stage {
  /** The image it starts from (`node:24-bookworm-slim`). */
  from: string;
  /** `AS <name>`, if any. */
  name?: string;
  /** Every instruction after FROM, in order. */
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const parsed of DockerfileParser.parse(text).getInstructions()) {
    const line = parsed.getRange().start.line + 1;
    if (parsed instanceof From) {
      const from = parsed.getImage();
      if (!from) throw new Error(`line ${line}: cannot read FROM ${parsed.getArgumentsContent() ?? ''}`);
      const name = parsed.getBuildStage();
      stages.push({ from, ...(name && { name }), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`line ${line}: ${parsed.getKeyword()} before any FROM`);
    const flags = parsed instanceof ModifiableInstruction ? parsed.getFlags() : [];
    stage.instructions.push({
      keyword: parsed.getKeyword().toUpperCase(),
      flags: Object.fromEntries(flags.map((flag) => [flag.getName(), flag.getValue() ?? ''])),
      args: (parsed.getArgumentsContent() ?? '').trim(),
      line,
      parsed,
    });
  }
  return stages;
}

/** A command in exec form (`["node", "x.js"]`) as its argv; shell form as `['/bin/sh', '-c', text]`. */
export function commandArgv(args: string): string[] {
  if (args.startsWith('[')) {
    const parsed: unknown = JSON.parse(args);
    if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec form: ${args}`);
    return parsed;
  }
  return ['/bin/sh', '-c', args];
}

/** `ENV A=1 B="two words"` or the old `ENV A 1`, as the parser reads its properties. */
export function envValues(instruction: Instruction): Record<string, string> {
  if (!(instruction.parsed instanceof Env)) throw new Error(`line ${instruction.line}: ${instruction.keyword} is no ENV`);
  return Object.fromEntries(instruction.parsed.getProperties().map((property) => [property.getName(), property.getValue() ?? '']));
}

/** `VOLUME ["/data"]` or `VOLUME /data /other`. */
export function volumePaths(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
}

/** `COPY [--from=x] src… dest` split into sources and destination. */
export function copyPaths(args: string): { sources: string[]; destination: string } {
  const parts = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  if (parts.length < 2) throw new Error(`COPY needs a source and a destination: ${args}`);
  return { sources: parts.slice(0, -1), destination: parts.at(-1)! };
}

/** `HEALTHCHECK [options] CMD …` → its options and argv; `HEALTHCHECK NONE` → undefined. */
export function healthcheck(instruction: Instruction): { options: Record<string, string>; argv: string[] } | undefined {
  if (/^NONE$/i.test(instruction.args)) return undefined;
  const match = /^CMD\s+(.*)$/is.exec(instruction.args);
  if (!match) throw new Error(`line ${instruction.line}: HEALTHCHECK without CMD`);
  return { options: instruction.flags, argv: commandArgv(match[1]!) };
}

/** The RUN commands of a shell-form RUN, split at `&&` (the way every RUN here chains its steps). */
export function runSteps(args: string): string[] {
  return args
    .split(/\s&&\s/)
    .map((step) => step.trim())
    .filter(Boolean);
}

/** The instructions of one kind in a stage. */
export function all(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** The ENV a stage sets, later values winning. */
export function stageEnv(stage: Stage): Record<string, string> {
  return Object.assign({}, ...all(stage, 'ENV').map(envValues));
}
