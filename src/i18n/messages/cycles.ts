import { defineMessages } from '../define.js';

/**
 * Cycles and modules: the tools' words for people (steps and approvals), their readable failures,
 * and `/plane cycle`'s report. State group names are the report's own words; cycle, module and item
 * names are Plane's.
 */
export const cycleMessages = defineMessages({
  en: {
    'cycles.error.off':
      '{kind, select, cycle {Cycles are} other {Modules are}} not enabled in project {project}; a project admin can turn them on in the project’s settings in Plane.',
    'cycles.error.noSuch':
      'No {kind, select, cycle {cycle} other {module}} "{ref}" in project {project}. {kind, select, cycle {Cycles} other {Modules}}: {options}.',
    'cycles.error.otherProject':
      '{keys} {count, plural, one {is} other {are}} not in project {project}: a {kind, select, cycle {cycle} other {module}} holds work items of its own project only.',
    'cycles.step.listCycles': 'Listing the cycles of {project}…',
    'cycles.step.listModules': 'Listing the modules of {project}…',
    'cycles.step.items': 'Reading the work items of {kind, select, cycle {cycle} other {module}} “{name}” in {project}…',
    'cycles.step.add': 'Adding {keys} to {kind, select, cycle {cycle} other {module}} “{name}”…',
    'cycles.does.add':
      'Add {count, plural, one {work item} other {work items}} {keys} to {kind, select, cycle {cycle} other {module}} “{name}” of project {project}.{kind, select, cycle { An item in another cycle moves to this one.} other {}}',
    'cycles.usage': '/plane cycle <PROJECT>',
    'cycles.summary': 'the current cycle: dates, days left, work items by state, completion and a burn-up picture',
    'cycles.report.header': '{project} · {name}',
    'cycles.report.dates': '{start} → {end}',
    'cycles.report.daysLeft': '{days, plural, =0 {last day} one {# day left} other {# days left}}',
    'cycles.report.completion': '*{percent}%* complete: {completed} of {scope} work items done',
    'cycles.report.group.backlog': 'Backlog',
    'cycles.report.group.unstarted': 'To do',
    'cycles.report.group.started': 'In progress',
    'cycles.report.group.completed': 'Done',
    'cycles.report.group.cancelled': 'Cancelled',
    'cycles.report.open': 'Open in Plane',
    'cycles.report.chartTitle': 'Burn-up: done and total work items per day',
    'cycles.report.chartAlt':
      'Burn-up of {name}: the green area is done work items, the grey line the total, one point per day from {start} to {end}; today {completed} of {total} done',
    'cycles.report.legend':
      'Green: done · grey: total · one point a day from the bot’s daily snapshots ({count, plural, one {# day so far} other {# days so far}})',
    'cycles.report.noPicture': 'No picture this time ({reason}); the counts above are current.',
    'cycles.report.fallback': '{project} · {name}: {percent}% complete, {completed} of {scope} done, {daysLeft}',
    'cycles.report.none': 'No current cycle in {project}.{upcoming, select, none {} other { Next: {upcoming}, starting {start}.}}',
    'cycles.report.off':
      'Cycles are not enabled in project {project}, so it has no current cycle; a project admin can turn them on in the project’s settings in Plane.',
    'cycles.report.more':
      '{count, plural, one {and # more current cycle: /plane cycle shows the first {shown}} other {and # more current cycles: /plane cycle shows the first {shown}}}',
  },
  fr: {
    'cycles.error.off':
      'Les {kind, select, cycle {cycles} other {modules}} ne sont pas activés dans le projet {project} ; un administrateur du projet peut les activer dans les réglages du projet dans Plane.',
    'cycles.error.noSuch':
      '{kind, select, cycle {Aucun cycle} other {Aucun module}} « {ref} » dans le projet {project}. {kind, select, cycle {Cycles} other {Modules}} : {options}.',
    'cycles.error.otherProject':
      '{keys} {count, plural, one {n’est pas} other {ne sont pas}} dans le projet {project} : un {kind, select, cycle {cycle} other {module}} ne contient que des éléments de son propre projet.',
    'cycles.step.listCycles': 'Liste des cycles de {project}…',
    'cycles.step.listModules': 'Liste des modules de {project}…',
    'cycles.step.items': 'Lecture des éléments du {kind, select, cycle {cycle} other {module}} « {name} » de {project}…',
    'cycles.step.add': 'Ajout de {keys} au {kind, select, cycle {cycle} other {module}} « {name} »…',
    'cycles.does.add':
      'Ajouter {count, plural, one {l’élément} other {les éléments}} {keys} au {kind, select, cycle {cycle} other {module}} « {name} » du projet {project}.{kind, select, cycle { Un élément d’un autre cycle passe dans celui-ci.} other {}}',
    'cycles.usage': '/plane cycle <PROJET>',
    'cycles.summary': 'le cycle en cours : dates, jours restants, éléments par état, avancement et graphique d’avancement',
    'cycles.report.header': '{project} · {name}',
    'cycles.report.dates': '{start} → {end}',
    'cycles.report.daysLeft': '{days, plural, =0 {dernier jour} one {# jour restant} other {# jours restants}}',
    'cycles.report.completion': '*{percent} %* terminé : {completed} éléments faits sur {scope}',
    'cycles.report.group.backlog': 'Backlog',
    'cycles.report.group.unstarted': 'À faire',
    'cycles.report.group.started': 'En cours',
    'cycles.report.group.completed': 'Terminé',
    'cycles.report.group.cancelled': 'Annulé',
    'cycles.report.open': 'Ouvrir dans Plane',
    'cycles.report.chartTitle': 'Avancement : éléments terminés et total par jour',
    'cycles.report.chartAlt':
      'Avancement de {name} : la zone verte montre les éléments terminés, la ligne grise le total, un point par jour du {start} au {end} ; aujourd’hui {completed} sur {total} terminés',
    'cycles.report.legend':
      'Vert : terminés · gris : total · un point par jour, pris chaque jour par le bot ({count, plural, one {# jour pour l’instant} other {# jours pour l’instant}})',
    'cycles.report.noPicture': 'Pas de graphique cette fois ({reason}) ; les chiffres ci-dessus sont à jour.',
    'cycles.report.fallback': '{project} · {name} : {percent} % terminé, {completed} sur {scope} faits, {daysLeft}',
    'cycles.report.none':
      'Aucun cycle en cours dans {project}.{upcoming, select, none {} other { Prochain : {upcoming}, à partir du {start}.}}',
    'cycles.report.off':
      'Les cycles ne sont pas activés dans le projet {project}, qui n’a donc pas de cycle en cours ; un administrateur du projet peut les activer dans les réglages du projet dans Plane.',
    'cycles.report.more':
      '{count, plural, one {et # autre cycle en cours : /plane cycle montre les {shown} premiers} other {et # autres cycles en cours : /plane cycle montre les {shown} premiers}}',
  },
  'zh-CN': {
    'cycles.error.off': '项目 {project} 未启用{kind, select, cycle {周期} other {模块}}；项目管理员可在 Plane 的项目设置中开启。',
    'cycles.error.noSuch':
      '项目 {project} 中没有{kind, select, cycle {周期} other {模块}}“{ref}”。{kind, select, cycle {周期} other {模块}}：{options}。',
    'cycles.error.otherProject':
      '{keys} 不在项目 {project} 中：{kind, select, cycle {周期} other {模块}}只能包含本项目的工作项。{count, plural, other {}}',
    'cycles.step.listCycles': '正在列出 {project} 的周期…',
    'cycles.step.listModules': '正在列出 {project} 的模块…',
    'cycles.step.items': '正在读取 {project} 中{kind, select, cycle {周期} other {模块}}“{name}”的工作项…',
    'cycles.step.add': '正在将 {keys} 加入{kind, select, cycle {周期} other {模块}}“{name}”…',
    'cycles.does.add':
      '将{count, plural, other {工作项}} {keys} 加入项目 {project} 的{kind, select, cycle {周期} other {模块}}“{name}”。{kind, select, cycle {已在其他周期中的工作项会移到此周期。} other {}}',
    'cycles.usage': '/plane cycle <项目>',
    'cycles.summary': '当前周期：日期、剩余天数、各状态的工作项、完成度和燃起图',
    'cycles.report.header': '{project} · {name}',
    'cycles.report.dates': '{start} → {end}',
    'cycles.report.daysLeft': '{days, plural, =0 {最后一天} other {剩余 # 天}}',
    'cycles.report.completion': '已完成 *{percent}%*：{scope} 个工作项中完成 {completed} 个',
    'cycles.report.group.backlog': '待办池',
    'cycles.report.group.unstarted': '待开始',
    'cycles.report.group.started': '进行中',
    'cycles.report.group.completed': '已完成',
    'cycles.report.group.cancelled': '已取消',
    'cycles.report.open': '在 Plane 中打开',
    'cycles.report.chartTitle': '燃起图：每天已完成与总工作项',
    'cycles.report.chartAlt':
      '{name} 的燃起图：绿色区域为已完成的工作项，灰线为总数，从 {start} 到 {end} 每天一个点；今天已完成 {completed} / {total}',
    'cycles.report.legend': '绿色：已完成 · 灰色：总数 · 机器人每天记录一次（{count, plural, other {目前 # 天}}）',
    'cycles.report.noPicture': '这次没有图片（{reason}）；以上数字是最新的。',
    'cycles.report.fallback': '{project} · {name}：已完成 {percent}%，{scope} 个中完成 {completed} 个，{daysLeft}',
    'cycles.report.none': '{project} 没有当前周期。{upcoming, select, none {} other {下一个：{upcoming}，{start} 开始。}}',
    'cycles.report.off': '项目 {project} 未启用周期，因此没有当前周期；项目管理员可在 Plane 的项目设置中开启。',
    'cycles.report.more': '{count, plural, other {另有 # 个当前周期：/plane cycle 只显示前 {shown} 个}}',
  },
});
