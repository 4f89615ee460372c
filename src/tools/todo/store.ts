import { mkdir } from 'node:fs/promises';
import { dirname, posix } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { JsonFile, type JsonFileOptions } from '../../files/json-file.js';
import { resolveInside } from '../../files/safe-path.js';
import { phrase } from '../../i18n/index.js';
import { ToolError } from '../registry.js';
import {
  applyFields,
  checkCommonChanges,
  checkDue,
  cleanId,
  normalizeTags,
  requireTitle,
  unknownId,
  type CommonChanges,
  type CommonField,
  type FieldChange,
} from '../../tasks/fields.js';
import { nextId } from '../../tasks/tree.js';
import { todoFileFormat, type TodoFile, type TodoItem, type TodoStatus } from './format.js';
import { renderTodoMarkdown } from './markdown.js';

export const DEFAULT_TODO_FILE = '.todos.json';

/** The TodoWrite format's status actions: what each sets, and the status it applies to when it is not any. */
export const TODO_MARKS = {
  done: { to: 'done' },
  undone: { from: 'done', to: 'todo' },
  block: { to: 'blocked' },
  unblock: { from: 'blocked', to: 'todo' },
} as const satisfies Record<string, { from?: TodoStatus; to: TodoStatus }>;
export type TodoMark = keyof typeof TODO_MARKS;

export interface TodoStoreOptions extends JsonFileOptions {
  /** The folder the file lives in (one per channel); created if missing. */
  dir: string;
  /** A file name inside `dir`; `.todos.json` when omitted. Anything leading outside `dir` is refused. */
  file?: string;
}

export interface NewTodo {
  title: string;
  description?: string;
  tags?: string[];
  dueAt?: string;
}

/** What `update` may change; `null` removes an optional field. */
export type TodoChanges = CommonChanges;

export interface TodoMarking {
  item: TodoItem;
  from: TodoStatus;
  /** False when the item already had the status, or was not in the one the action applies to. */
  changed: boolean;
}

/** The channel's todo list in one file (the TodoWrite file format, docs/tools.md), shared by the tool and `/todo`. */
export class TodoStore {
  private readonly now: () => Date;

  private constructor(
    private readonly json: JsonFile<TodoFile>,
    private readonly dir: string,
    options: TodoStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  static async open(options: TodoStoreOptions): Promise<TodoStore> {
    const { path, name } = await resolveInside(options.dir, options.file ?? DEFAULT_TODO_FILE, DEFAULT_TODO_FILE);
    return new TodoStore(new JsonFile(path, name, todoFileFormat, options), options.dir, options);
  }

  /** The file's name relative to its folder. */
  get file(): string {
    return this.json.name;
  }

  read(): Promise<TodoFile> {
    return this.json.read();
  }

  async add(input: NewTodo): Promise<TodoItem> {
    const title = requireTitle(input.title, 'todo');
    const tags = normalizeTags(input.tags);
    const dueAt = input.dueAt === undefined ? undefined : checkDue(input.dueAt);
    return this.json.update((data, now) => {
      const item: TodoItem = {
        id: nextId(data.items),
        status: 'todo',
        title,
        ...(input.description?.trim() && { description: input.description.trim() }),
        ...(tags && { tags }),
        createdAt: now.toISOString(),
        ...(dueAt && { dueAt }),
      };
      data.items.push(item);
      return item;
    });
  }

  /** Applies one of the status actions (`done`, `undone`, `block`, `unblock`). */
  async mark(id: string, mark: TodoMark): Promise<TodoMarking> {
    const rule: { from?: TodoStatus; to: TodoStatus } = TODO_MARKS[mark];
    if (!rule) throw new ToolError(phrase('taskError.unknownAction', { mark, valid: Object.keys(TODO_MARKS).join(', ') }));
    return this.json.update(
      (data) => {
        const item = this.find(data, id);
        const from = item.status;
        const changed = from !== rule.to && (rule.from === undefined || rule.from === from);
        if (changed) item.status = rule.to;
        return { item, from, changed };
      },
      (marking) => marking.changed,
    );
  }

  async update(id: string, changes: TodoChanges): Promise<{ item: TodoItem; changes: FieldChange<CommonField>[] }> {
    const fields = checkCommonChanges(changes, 'todo');
    if (fields.length === 0) throw new ToolError(phrase('taskError.nothingToUpdate', { fields: 'title, description, dueAt, tags' }));
    return this.json.update(
      (data) => {
        const item = this.find(data, id);
        return { item, changes: applyFields(item, fields) };
      },
      (update) => update.changes.length > 0,
    );
  }

  async remove(id: string): Promise<TodoItem> {
    return this.json.update((data) => {
      const item = this.find(data, id);
      data.items.splice(data.items.indexOf(item), 1);
      return item;
    });
  }

  /**
   * Writes the list as Markdown to `output` (default: the list's name as `.md`, `.todos.json` →
   * `todos.md`) inside the same folder, and returns it.
   */
  async exportMarkdown(output?: string): Promise<{ file: string; markdown: string }> {
    const target = await resolveInside(this.dir, output ?? defaultMarkdownName(this.file), 'todos.md');
    const markdown = renderTodoMarkdown((await this.read()).items, { file: this.file, exportedAt: this.now() });
    await mkdir(dirname(target.path), { recursive: true });
    await writeFileAtomic(target.path, markdown, { fsync: true });
    return { file: target.name, markdown };
  }

  private find(data: TodoFile, id: string): TodoItem {
    const clean = cleanId(id);
    const item = data.items.find((candidate) => candidate.id === clean);
    if (!item)
      throw unknownId(
        'todo',
        clean,
        data.items.map((candidate) => candidate.id),
        this.file,
      );
    return item;
  }
}

function defaultMarkdownName(file: string): string {
  const base =
    posix
      .basename(file)
      .replace(/^\.+/, '')
      .replace(/\.json$/i, '') || 'todos';
  return posix.join(posix.dirname(file), `${base}.md`);
}
