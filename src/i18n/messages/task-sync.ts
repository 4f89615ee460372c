import { defineMessages } from '../define.js';

/** A task tree synced with Plane (`/task sync`, the write-through, Plane's changes coming back). */
export const taskSyncMessages = defineMessages({
  en: {
    'taskSync.headline':
      'Synced [{id}]{subtasks, plural, =0 {} one { and # subtask} other { and # subtasks}} with {project} ({key}): {created, plural, one {# work item} other {# work items}} created, {updated} updated, {unchanged} unchanged.',
    'taskSync.budget':
      '{creates, plural, one {# create} other {# creates}} and {others, plural, one {# other Plane request} other {# other Plane requests}} in {elapsed}. Plane allows {limit} requests a {window, select, minute {minute} second {second} hour {hour} other {window of {length}}}: {fits, select, yes {a tree this size fits in one window} other {a tree this size takes about {duration}}}, and each {limit} more tasks add about a {window, select, minute {minute} second {second} hour {hour} other {window}}.',
    'taskSync.relations': '{count, plural, one {# wait} other {# waits}} sent as Plane relations (blocked by).',
    'taskSync.note.unassignable': '@{name} matches no member of {project} who can be assigned: left unassigned in Plane.',
    'taskSync.note.otherProject': '[{id}] is synced with {key}, in another project: left as it is.',
    'taskSync.note.gone': '{key} of [{id}] is no longer in {project} (deleted or archived): left as it is.',
    'taskSync.note.noRelations':
      'This Plane{version, select, unknown {} other { ({version})}} has no work-item relations (they came with v1.3.0): {count, plural, one {# wait between these tasks stays} other {# waits between these tasks stay}} in the tree only.',
    'taskSync.written': 'Written to {key} in Plane ({fields}).',
    'taskSync.alreadyShown': '{key} in Plane already showed it.',
    'taskSync.writeFailed': 'The tree has the change, but {key} could not be updated in Plane: {error}',
    'taskSync.keptInPlane': '{keys} {count, plural, one {stays} other {stay}} in Plane: the bot never deletes work items.',
    'taskSync.event.synced':
      'synced with {key}: {total, plural, one {# task} other {# tasks}} in {project}, {created} created{updated, plural, =0 {} other {, # updated}}',
    'taskSync.event.progress': 'syncing with {project}: {done}/{total} tasks, about {left} left',
    'taskSync.because.cancelled': 'cancelled in Plane',
    'taskSync.because.blockedLabel': '{label} label in Plane',
    'taskSync.because.noStatus': '{key} moved to {state} ({group}) in Plane, which no task status matches: it stays {status}',
    'taskSync.because.staysBlocked': '{key} moved to {state} ({group}) in Plane: it stays blocked while {key} has the {label} label',
  },
  fr: {
    'taskSync.headline':
      '[{id}]{subtasks, plural, =0 {} one { et # sous-tâche} other { et # sous-tâches}} synchronisée avec {project} ({key}) : {created, plural, one {# élément créé} other {# éléments créés}}, {updated} mis à jour, {unchanged} inchangés.',
    'taskSync.budget':
      '{creates, plural, one {# création} other {# créations}} et {others, plural, one {# autre requête Plane} other {# autres requêtes Plane}} en {elapsed}. Plane accepte {limit} requêtes par {window, select, minute {minute} second {seconde} hour {heure} other {fenêtre de {length}}} : {fits, select, yes {un arbre de cette taille tient dans une fenêtre} other {un arbre de cette taille prend environ {duration}}}, et chaque lot de {limit} tâches de plus ajoute environ une {window, select, minute {minute} second {seconde} hour {heure} other {fenêtre}}.',
    'taskSync.relations': '{count, plural, one {# attente envoyée} other {# attentes envoyées}} comme relations Plane (bloqué par).',
    'taskSync.note.unassignable': '@{name} ne correspond à aucun membre assignable de {project} : laissé sans assigné dans Plane.',
    'taskSync.note.otherProject': '[{id}] est synchronisée avec {key}, dans un autre projet : laissée telle quelle.',
    'taskSync.note.gone': '{key} de [{id}] n’est plus dans {project} (supprimé ou archivé) : laissé tel quel.',
    'taskSync.note.noRelations':
      'Ce Plane{version, select, unknown {} other { ({version})}} n’a pas de relations entre éléments (elles sont arrivées avec la v1.3.0) : {count, plural, one {# attente entre ces tâches reste} other {# attentes entre ces tâches restent}} dans l’arbre seulement.',
    'taskSync.written': 'Écrit dans {key} sur Plane ({fields}).',
    'taskSync.alreadyShown': '{key} sur Plane l’indiquait déjà.',
    'taskSync.writeFailed': 'L’arbre a le changement, mais {key} n’a pas pu être mis à jour sur Plane : {error}',
    'taskSync.keptInPlane': '{keys} {count, plural, one {reste} other {restent}} sur Plane : le bot ne supprime jamais d’éléments.',
    'taskSync.event.synced':
      'synchronisée avec {key} : {total, plural, one {# tâche} other {# tâches}} dans {project}, {created} créés{updated, plural, =0 {} other {, # mis à jour}}',
    'taskSync.event.progress': 'synchronisation avec {project} : {done}/{total} tâches, environ {left} restantes',
    'taskSync.because.cancelled': 'annulée sur Plane',
    'taskSync.because.blockedLabel': 'étiquette {label} sur Plane',
    'taskSync.because.noStatus':
      '{key} est passé à {state} ({group}) sur Plane, qu’aucun statut de tâche ne représente : elle reste {status}',
    'taskSync.because.staysBlocked':
      '{key} est passé à {state} ({group}) sur Plane : elle reste bloquée tant que {key} porte l’étiquette {label}',
  },
  'zh-CN': {
    'taskSync.headline':
      '已将 [{id}]{subtasks, plural, =0 {} other { 及 # 个子任务}}同步到 {project}（{key}）：创建 {created, plural, other {# 个工作项}}，更新 {updated} 个，未变 {unchanged} 个。',
    'taskSync.budget':
      '{creates, plural, other {# 次创建}}和{others, plural, other {# 次其他 Plane 请求}}，用时 {elapsed}。Plane 每{window, select, minute {分钟} second {秒} hour {小时} other {个 {length} 的窗口}}允许 {limit} 次请求：{fits, select, yes {这样大小的树在一个窗口内即可完成} other {这样大小的树约需 {duration}}}；每多 {limit} 个任务约多一{window, select, minute {分钟} second {秒} hour {小时} other {个窗口}}。',
    'taskSync.relations': '{count, plural, other {# 个等待}}已作为 Plane 关系（被阻塞于）发送。',
    'taskSync.note.unassignable': '@{name} 不对应 {project} 中任何可指派的成员：在 Plane 中未指派。',
    'taskSync.note.otherProject': '[{id}] 已与另一个项目中的 {key} 同步：保持不变。',
    'taskSync.note.gone': '[{id}] 的 {key} 已不在 {project} 中（已删除或归档）：保持不变。',
    'taskSync.note.noRelations':
      '此 Plane{version, select, unknown {} other {（{version}）}}没有工作项关系（v1.3.0 起才有）：这些任务之间的 {count, plural, other {# 个等待}}只保留在任务树中。',
    'taskSync.written': '已写入 Plane 中的 {key}（{fields}）。',
    'taskSync.alreadyShown': 'Plane 中的 {key} 已是如此。',
    'taskSync.writeFailed': '任务树已有此更改，但无法更新 Plane 中的 {key}：{error}',
    'taskSync.keptInPlane': '{keys} {count, plural, other {仍保留}}在 Plane 中：机器人从不删除工作项。',
    'taskSync.event.synced':
      '已与 {key} 同步：{project} 中 {total, plural, other {# 个任务}}，创建 {created} 个{updated, plural, =0 {} other {，更新 # 个}}',
    'taskSync.event.progress': '正在与 {project} 同步：{done}/{total} 个任务，约剩 {left}',
    'taskSync.because.cancelled': '在 Plane 中已取消',
    'taskSync.because.blockedLabel': 'Plane 中的 {label} 标签',
    'taskSync.because.noStatus': '{key} 在 Plane 中移到了 {state}（{group}），没有对应的任务状态：任务保持 {status}',
    'taskSync.because.staysBlocked': '{key} 在 Plane 中移到了 {state}（{group}）：只要 {key} 带有 {label} 标签，任务就保持阻塞',
  },
});
