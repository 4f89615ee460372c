/**
 * Replays one Dockerfile stage in a plain folder, without a Docker engine: its WORKDIR is the folder,
 * COPY copies exactly what it names (from the build context through `.dockerignore`, or from an
 * earlier stage's folder), ENV accumulates, and the RUN steps that need no system packages (`npm`
 * and `node`) run there. The rest (apt-get, chown of image paths) is reported as skipped.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, stat } from 'node:fs/promises';
import { basename, join, posix, relative } from 'node:path';
import { promisify } from 'node:util';
import type { IgnoreCheck } from './dockerignore.js';
import { copyPaths, envValues, runSteps, type Stage } from './dockerfile.js';

const run = promisify(execFile);

export interface ReplayOptions {
  /** The build context (the repository root). */
  context: string;
  ignore: IgnoreCheck;
  /** The folder standing for the stage's WORKDIR. */
  dir: string;
  /** Earlier stages by name, for `COPY --from=<name>`. */
  earlier?: Record<string, ReplayedStage>;
  /** The environment RUN steps start from (the stage's ENV is added on top). */
  baseEnv: NodeJS.ProcessEnv;
}

export interface ReplayedStage {
  dir: string;
  /** The image path the folder stands for. */
  workdir: string;
  env: Record<string, string>;
  ran: string[];
  skipped: string[];
}

/** RUN steps replayed here: package installs and builds. Everything else needs the image's system. */
const RUNNABLE = /^(npm (ci|run|install)|node)\b/;

export async function replayStage(stage: Stage, options: ReplayOptions): Promise<ReplayedStage> {
  const result: ReplayedStage = { dir: options.dir, workdir: '/', env: {}, ran: [], skipped: [] };
  await mkdir(options.dir, { recursive: true });
  let workdirSet = false;
  for (const instruction of stage.instructions) {
    switch (instruction.keyword) {
      case 'WORKDIR':
        if (workdirSet) throw new Error(`line ${instruction.line}: one WORKDIR per stage is all the replay maps`);
        result.workdir = instruction.args;
        workdirSet = true;
        break;
      case 'ENV':
        Object.assign(result.env, envValues(instruction));
        break;
      case 'COPY':
        await copy(instruction.args, instruction.flags.from, result, options);
        break;
      case 'RUN':
        for (const step of runSteps(instruction.args)) {
          if (!RUNNABLE.test(step)) {
            result.skipped.push(step);
            continue;
          }
          // The npm cache stands in for the registry; nothing else changes in the command.
          const command = /^npm ci\b/.test(step) ? `${step} --prefer-offline` : step;
          await runStep(command, result, options);
          result.ran.push(step);
        }
        break;
    }
  }
  return result;
}

async function copy(args: string, from: string | undefined, stage: ReplayedStage, options: ReplayOptions): Promise<void> {
  const { sources, destination } = copyPaths(args);
  const target = join(stage.dir, imagePathIn(stage.workdir, destination));
  const intoFolder = destination.endsWith('/') || sources.length > 1;
  for (const source of sources) {
    let path: string;
    if (from !== undefined) {
      const earlier = options.earlier?.[from];
      if (!earlier) throw new Error(`COPY --from=${from}: no such earlier stage`);
      path = join(earlier.dir, imagePathIn(earlier.workdir, source));
    } else {
      if (options.ignore(source)) throw new Error(`COPY ${source}: .dockerignore leaves it out of the context`);
      path = join(options.context, source);
    }
    const isFolder = (await stat(path)).isDirectory();
    // A folder's contents go into the destination; a file goes into it, or becomes it.
    const to = isFolder || !intoFolder ? target : join(target, basename(source));
    await cp(path, to, {
      recursive: true,
      filter: (file) => from !== undefined || !options.ignore(relative(options.context, file).split('\\').join('/')),
    });
  }
}

/** An image path (absolute, or relative to WORKDIR) as a path inside the stage's folder. */
function imagePathIn(workdir: string, path: string): string {
  const absolute = posix.resolve(workdir, path);
  const inside = posix.relative(workdir, absolute);
  if (inside.startsWith('..')) throw new Error(`${path} is outside WORKDIR ${workdir}; the replay only maps WORKDIR`);
  return inside;
}

async function runStep(command: string, stage: ReplayedStage, options: ReplayOptions): Promise<void> {
  try {
    await run('/bin/sh', ['-c', command], {
      cwd: stage.dir,
      env: { ...options.baseEnv, ...stage.env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`RUN ${command} failed in ${stage.dir}:\n${`${stdout}\n${stderr}`.trim().slice(-4000)}`);
  }
}
