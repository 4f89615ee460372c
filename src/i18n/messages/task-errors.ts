import { defineMessages } from '../define.js';

/**
 * The task and todo tools' readable failures. The English text is the error's message, what the
 * model reads; a person (`/task`, `/todo`) is shown their language. `kind` is `task` or `todo`.
 */
export const taskErrorMessages = defineMessages({
  en: {
    'taskError.emptyTitle': 'The title is empty; give the {kind, select, todo {todo} other {task}} a short title.',
    'taskError.emptyAssignee': 'The assignee is empty; give a name such as "alice".',
    'taskError.notADate': '"{due}" is not a date; give YYYY-MM-DD (2024-12-15) or an ISO date-time with a zone (2024-12-15T17:00:00Z).',
    'taskError.noIdInEmpty': 'No {kind, select, todo {todo} other {task}} with id "{id}": {file} is empty.',
    'taskError.noId':
      'No {kind, select, todo {todo} other {task}} with id "{id}" in {file}. Valid ids: {ids}{more, plural, =0 {} other { and # more}}.',
    'taskError.waitsOnItself': 'Task {id} cannot wait on itself.',
    'taskError.cycle':
      'Refused: if {id} waited on {dependency}, the waits would form a cycle: {cycle}. Remove one of these links first (update with undepend).',
    'taskError.cannotAddSubtask': 'Cannot add the subtask:',
    'taskError.cannotWaitOnIt': 'Cannot wait on it:',
    'taskError.doesNotWait':
      'Task {id} does not wait on {dependency} ({count, plural, =0 {it waits on nothing} other {it waits on {waits}}}).',
    'taskError.nothingToUpdate': 'Nothing to update: give at least one of {fields}.',
    'taskError.unknownAction': 'Unknown action "{mark}"; valid: {valid}.',
  },
  fr: {
    'taskError.emptyTitle': 'Le titre est vide ; donnez {kind, select, todo {au todo} other {à la tâche}} un titre court.',
    'taskError.emptyAssignee': 'La personne assignée est vide ; donnez un nom comme « alice ».',
    'taskError.notADate':
      '« {due} » n’est pas une date ; donnez AAAA-MM-JJ (2024-12-15) ou une date-heure ISO avec un fuseau (2024-12-15T17:00:00Z).',
    'taskError.noIdInEmpty': 'Pas de {kind, select, todo {todo} other {tâche}} d’identifiant « {id} » : {file} est vide.',
    'taskError.noId':
      'Pas de {kind, select, todo {todo} other {tâche}} d’identifiant « {id} » dans {file}. Identifiants valides : {ids}{more, plural, =0 {} other { et # de plus}}.',
    'taskError.waitsOnItself': 'La tâche {id} ne peut pas s’attendre elle-même.',
    'taskError.cycle':
      'Refusé : si {id} attendait {dependency}, les attentes formeraient un cycle : {cycle}. Retirez d’abord un de ces liens (update avec undepend).',
    'taskError.cannotAddSubtask': 'Impossible d’ajouter la sous-tâche :',
    'taskError.cannotWaitOnIt': 'Impossible de l’attendre :',
    'taskError.doesNotWait':
      'La tâche {id} n’attend pas {dependency} ({count, plural, =0 {elle n’attend rien} other {elle attend {waits}}}).',
    'taskError.nothingToUpdate': 'Rien à modifier : donnez au moins un de ces champs : {fields}.',
    'taskError.unknownAction': 'Action inconnue « {mark} » ; valides : {valid}.',
  },
  'zh-CN': {
    'taskError.emptyTitle': '标题为空；请给{kind, select, todo {待办} other {任务}}一个简短的标题。',
    'taskError.emptyAssignee': '负责人为空；请给出一个名字，例如“alice”。',
    'taskError.notADate': '“{due}”不是日期；请使用 YYYY-MM-DD（2024-12-15）或带时区的 ISO 日期时间（2024-12-15T17:00:00Z）。',
    'taskError.noIdInEmpty': '没有 id 为“{id}”的{kind, select, todo {待办} other {任务}}：{file} 是空的。',
    'taskError.noId':
      '{file} 中没有 id 为“{id}”的{kind, select, todo {待办} other {任务}}。有效的 id：{ids}{more, plural, =0 {} other {，另有 # 个}}。',
    'taskError.waitsOnItself': '任务 {id} 不能等待它自己。',
    'taskError.cycle': '已拒绝：如果 {id} 等待 {dependency}，这些等待会形成循环：{cycle}。请先移除其中一个链接（用 undepend 更新）。',
    'taskError.cannotAddSubtask': '无法添加子任务：',
    'taskError.cannotWaitOnIt': '无法等待它：',
    'taskError.doesNotWait': '任务 {id} 并未等待 {dependency}（{count, plural, =0 {它没有等待任何任务} other {它在等待 {waits}}}）。',
    'taskError.nothingToUpdate': '没有可更新的内容：请至少给出以下之一：{fields}。',
    'taskError.unknownAction': '未知操作“{mark}”；有效的操作：{valid}。',
  },
});
