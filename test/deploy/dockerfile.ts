/**
 * Reads a Dockerfile into stages of instructions, enough to check its rules and replay its steps
 * without a Docker engine: line continuations, comments, flags (`--from=build`), exec (JSON) and
 * shell forms, `ENV` in both spellings.
 */

export interface Instruction {
  /** Upper-cased: FROM, RUN, COPY, ENV… */
  keyword: string;
  /** `--name=value` flags before the arguments (`COPY --from=build`, `HEALTHCHECK --interval=30s`). */
  flags: Record<string, string>;
  /** The arguments after the flags, continuations joined. */
  args: string;
  /** 1-based line of the instruction's first line. */
  line: number;
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
  for (const instruction of logicalInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args);
      if (!match) throw new Error(`line ${instruction.line}: cannot read FROM ${instruction.args}`);
      stages.push({ from: match[1]!, ...(match[2] && { name: match[2] }), instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`line ${instruction.line}: ${instruction.keyword} before any FROM`);
    stage.instructions.push(instruction);
  }
  return stages;
}

function* logicalInstructions(text: string): Generator<Instruction> {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const first = lines[i]!.trim();
    if (first === '' || first.startsWith('#')) continue;
    const start = i + 1;
    let joined = first;
    // A trailing backslash continues the instruction; comment lines inside it are dropped, as Docker does.
    while (joined.endsWith('\\') && i + 1 < lines.length) {
      const next = lines[++i]!.trim();
      if (next.startsWith('#')) continue;
      joined = `${joined.slice(0, -1)} ${next}`;
    }
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(joined) ?? [];
    const flags: Record<string, string> = {};
    let args = rest;
    for (let flag = /^--([a-z-]+)=(\S*)\s*/.exec(args); flag; flag = /^--([a-z-]+)=(\S*)\s*/.exec(args)) {
      flags[flag[1]!] = flag[2]!;
      args = args.slice(flag[0].length);
    }
    yield { keyword: keyword.toUpperCase(), flags, args: args.trim(), line: start };
  }
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

/** `ENV A=1 B="two words"` or the old `ENV A 1`. */
export function envValues(args: string): Record<string, string> {
  const old = /^([A-Za-z_][A-Za-z0-9_]*)\s+([^=]*)$/.exec(args);
  if (old) return { [old[1]!]: old[2]!.trim() };
  const values: Record<string, string> = {};
  for (const pair of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = pair[2]!;
    values[pair[1]!] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
  }
  return values;
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
  return Object.assign({}, ...all(stage, 'ENV').map((instruction) => envValues(instruction.args)));
}
