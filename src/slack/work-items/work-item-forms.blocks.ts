import type { Translator } from '../../i18n/index.js';
import { PRIORITIES } from '../../plane/types.js';
import { ACTION_IDS, CALLBACK_IDS } from '../blocks/action-ids.js';
import { SLACK_LIMITS } from '../blocks/limits.js';
import { escapeTruncated, modalFrame, mrkdwn, oneLine, plainText, truncate } from '../blocks/text.js';
import type { InputBlock, ModalView, OptionObject } from '../blocks/types.js';

/**
 * The modals of the Slack → Plane shortcuts and card actions, as pure builders: "Create work item"
 * (with a loading state while Plane's lists come), "Link to a work item" and "Comment". The fields'
 * block_ids are FORM_FIELDS: a submission's errors name them.
 */

export const FORM_FIELDS = {
  project: 'project',
  title: 'title',
  description: 'description',
  state: 'state',
  priority: 'priority',
  assignees: 'assignees',
  labels: 'labels',
  item: 'item',
  comment: 'comment',
} as const;

/** The action_id of every field but the project menu (which reloads the lists). */
export const FIELD_ACTION = 'value';

/** Plane's limit on a work item's name. */
export const TITLE_MAX = 255;

/** Where a shortcut was used: carried in private_metadata to the submission. */
export interface FormMetadata {
  channel: string;
  /** The message the shortcut was used on, and the thread it is in (its own ts at the top level). */
  messageTs: string;
  threadTs: string;
  /** For the Plane link's title. */
  channelName: string;
  author: string;
  permalink: string;
}

/** The card a Comment modal answers: the work item, and where the card is. */
export interface CommentMetadata {
  key: string;
  channel: string;
  threadTs: string;
  /** The card's message, to edit after; absent for an ephemeral card. */
  cardTs?: string;
}

const NAME_MAX = 80;

/** JSON within Slack's 3,000 characters: long names are cut, and a permalink that does not fit is dropped. */
export function encodeMetadata(metadata: FormMetadata | CommentMetadata): string {
  const trimmed = { ...metadata } as Record<string, unknown>;
  for (const field of ['channelName', 'author'] as const)
    if (typeof trimmed[field] === 'string') trimmed[field] = truncate(trimmed[field], NAME_MAX);
  const json = JSON.stringify(trimmed);
  return json.length <= SLACK_LIMITS.privateMetadata ? json : JSON.stringify({ ...trimmed, permalink: '' });
}

export interface NamedOption {
  id: string;
  name: string;
}

/** The lists a create form offers, by name; the chosen project's own lists once one is chosen. */
export interface CreateFormLists {
  projects: readonly NamedOption[];
  project?: {
    id: string;
    states: readonly NamedOption[];
    defaultStateId?: string | undefined;
    members: readonly NamedOption[];
    labels: readonly NamedOption[];
  };
}

export interface CreateFormValues {
  title: string;
  description: string;
  priority: string;
  assigneeIds: readonly string[];
  labelIds?: readonly string[];
  stateId?: string | undefined;
}

const options = (list: readonly NamedOption[]): OptionObject[] =>
  list
    .filter((entry) => entry.id.length > 0 && entry.id.length <= SLACK_LIMITS.optionValue)
    .slice(0, SLACK_LIMITS.options)
    .map((entry) => ({ text: plainText(entry.name, SLACK_LIMITS.optionText), value: entry.id }));

const label = (text: string) => plainText(text, SLACK_LIMITS.inputLabel);
const placeholder = (text: string) => plainText(text, SLACK_LIMITS.placeholder);

/** A field's label and the placeholder of its menu, in the reader's language. */
interface Words {
  title: string;
  choose: string;
}

function select(blockId: string, words: Words, list: OptionObject[], chosen: string | undefined, optional: boolean): InputBlock {
  const initial = list.find((option) => option.value === chosen);
  return {
    type: 'input',
    block_id: blockId,
    label: label(words.title),
    optional,
    element: {
      type: 'static_select',
      action_id: FIELD_ACTION,
      placeholder: placeholder(words.choose),
      options: list,
      ...(initial && { initial_option: initial }),
    },
  };
}

function multiSelect(blockId: string, words: Words, list: OptionObject[], chosen: readonly string[]): InputBlock {
  const initial = list.filter((option) => chosen.includes(option.value));
  return {
    type: 'input',
    block_id: blockId,
    label: label(words.title),
    optional: true,
    element: {
      type: 'multi_static_select',
      action_id: FIELD_ACTION,
      placeholder: placeholder(words.choose),
      options: list,
      ...(initial.length > 0 && { initial_options: initial }),
    },
  };
}

function textInput(blockId: string, title: string, value: string, max: number, multiline: boolean): InputBlock {
  const initial = truncate(value, max);
  return {
    type: 'input',
    block_id: blockId,
    label: label(title),
    element: {
      type: 'plain_text_input',
      action_id: FIELD_ACTION,
      multiline,
      max_length: max,
      ...(initial !== '' && { initial_value: initial }),
    },
    ...(multiline && { optional: true }),
  };
}

/**
 * "Create work item": project (choosing one reloads its lists), title, description, then — once a
 * project is chosen — state, priority, assignees and labels, all by name.
 */
export function buildCreateForm(metadata: FormMetadata, lists: CreateFormLists, values: CreateFormValues, t: Translator): ModalView {
  const projects = options(lists.projects);
  const project = lists.project;
  const projectWords = { title: t.t('workItem.form.project'), choose: t.t('workItem.form.chooseProject') };
  const projectField: InputBlock = { ...select(FORM_FIELDS.project, projectWords, projects, project?.id, false), dispatch_action: true };
  projectField.element = { ...projectField.element, action_id: ACTION_IDS.createFormProject };
  const blocks: ModalView['blocks'] = [
    projectField,
    textInput(FORM_FIELDS.title, t.t('workItem.form.title'), oneLine(values.title), TITLE_MAX, false),
    textInput(FORM_FIELDS.description, t.t('workItem.form.description'), values.description, SLACK_LIMITS.plainTextInput, true),
  ];
  const priorities = PRIORITIES.map((p) => ({ id: p, name: t.t('workItem.form.priorityName', { priority: p }) }));
  if (project) {
    blocks.push(
      select(
        FORM_FIELDS.state,
        { title: t.t('workItem.state'), choose: t.t('workItem.form.chooseState') },
        options(project.states),
        values.stateId ?? project.defaultStateId,
        true,
      ),
      select(
        FORM_FIELDS.priority,
        { title: t.t('workItem.priority'), choose: t.t('workItem.form.choosePriority') },
        options(priorities),
        values.priority,
        true,
      ),
      multiSelect(
        FORM_FIELDS.assignees,
        { title: t.t('workItem.assignees'), choose: t.t('workItem.form.chooseAssignees') },
        options(project.members),
        values.assigneeIds,
      ),
      multiSelect(
        FORM_FIELDS.labels,
        { title: t.t('workItem.labels'), choose: t.t('workItem.form.chooseLabels') },
        options(project.labels),
        values.labelIds ?? [],
      ),
    );
  } else {
    blocks.push({
      type: 'context',
      elements: [mrkdwn(t.t(projects.length > 0 ? 'workItem.form.pickProject' : 'workItem.form.noProjects'))],
    });
  }
  return {
    ...modalFrame({
      callbackId: CALLBACK_IDS.createForm,
      title: t.t('workItem.form.create'),
      submit: t.t('workItem.form.submitCreate'),
      close: t.t('workItem.form.cancel'),
    }),
    private_metadata: encodeMetadata(metadata),
    blocks,
  };
}

/** Opened at once when Plane's lists are not at hand within the trigger's three seconds; updated when they come. */
export function buildLoadingForm(
  metadata: FormMetadata | CommentMetadata,
  t: Translator,
  title = t.t('workItem.form.create'),
  what = t.t('workItem.form.loadingProjects'),
): ModalView {
  return {
    ...modalFrame({ callbackId: CALLBACK_IDS.createForm, title: title, close: t.t('workItem.form.cancel') }),
    private_metadata: encodeMetadata(metadata),
    blocks: [{ type: 'section', text: mrkdwn(`:hourglass_flowing_sand: ${escapeTruncated(what, 300)}`) }],
  };
}

/** The modal once something went wrong before it could be filled in (Plane off, not reachable). */
export function buildFormProblem(title: string, problem: string, t: Translator): ModalView {
  return {
    ...modalFrame({ callbackId: CALLBACK_IDS.createForm, title: title, close: t.t('workItem.form.close') }),
    blocks: [{ type: 'section', text: mrkdwn(`:warning: ${escapeTruncated(problem, 2_000)}`) }],
  };
}

/** "Link to a work item": a key like ACME-3, or words to search for. */
export function buildLinkForm(metadata: FormMetadata, t: Translator): ModalView {
  return {
    ...modalFrame({
      callbackId: CALLBACK_IDS.linkForm,
      title: t.t('workItem.form.link'),
      submit: t.t('workItem.form.submitLink'),
      close: t.t('workItem.form.cancel'),
    }),
    private_metadata: encodeMetadata(metadata),
    blocks: [
      {
        type: 'input',
        block_id: FORM_FIELDS.item,
        label: label(t.t('workItem.form.item')),
        hint: plainText(t.t('workItem.form.itemHint'), SLACK_LIMITS.inputLabel),
        element: {
          type: 'plain_text_input',
          action_id: FIELD_ACTION,
          max_length: TITLE_MAX,
          placeholder: placeholder(t.t('workItem.form.itemPlaceholder')),
        },
      },
    ],
  };
}

/** "Comment" on a card: the comment's text, posted to Plane as the clicker's words. */
export function buildCommentForm(metadata: CommentMetadata, t: Translator): ModalView {
  return {
    ...modalFrame({
      callbackId: CALLBACK_IDS.commentForm,
      title: t.t('workItem.form.commentOn', { key: metadata.key }),
      submit: t.t('workItem.form.submitComment'),
      close: t.t('workItem.form.cancel'),
    }),
    private_metadata: encodeMetadata(metadata),
    blocks: [
      {
        type: 'input',
        block_id: FORM_FIELDS.comment,
        label: label(t.t('workItem.form.comment')),
        element: { type: 'plain_text_input', action_id: FIELD_ACTION, multiline: true, max_length: SLACK_LIMITS.plainTextInput },
      },
    ],
  };
}
