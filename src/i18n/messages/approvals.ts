import { defineMessages } from '../define.js';

/** Approval requests of risky tool calls: the request, its decided, expired and summary states, and private notices. */
export const approvalMessages = defineMessages({
  en: {
    'approval.needed': 'Approval needed',
    'approval.neededText': 'Approval needed: {who}',
    'approval.asks': '{requester} asked to run {tool}',
    'approval.itWill': '{who}. It will:',
    'approval.noDescription': '(no description)',
    'approval.approve': 'Approve',
    'approval.approveThread': 'Approve for this thread',
    'approval.deny': 'Deny',
    'approval.verdict': '{decision, select, approve {✓ Approved} approve_thread {✓ Approved for this thread} other {✗ Denied}} by {who}',
    'approval.verdictText': '{verdict}: {tool}',
    'approval.verdictOn': '{verdict} on {when}',
    'approval.expired': '⌛ Expired: nobody decided, so the call was denied ({when}).',
    'approval.expiredWithin': '⌛ Expired: nobody decided within {timeout}, so the call was denied ({when}).',
    'approval.expiredText': 'Approval expired: {tool} was not run',
    'approval.notAllowed':
      'Only the person who made the request, or someone listed in PLANEBOT_APPROVERS, can decide this. Nothing was changed.',
    'approval.alreadyDecided': 'This request was already decided.',
    'approval.already':
      'This request was already {decision, select, approve {approved} approve_thread {approved for this thread} deny {denied} expired {expired} unshown {not shown, so not approved} other {withdrawn: the run was stopped}}.',
    'approval.alreadyBy':
      'This request was already {decision, select, approve {approved} approve_thread {approved for this thread} deny {denied} expired {expired} unshown {not shown, so not approved} other {withdrawn: the run was stopped}} by {who}.',
    'approval.gone': 'This request is no longer waiting for a decision: its run has finished or was stopped.',
  },
  fr: {
    'approval.needed': 'Approbation requise',
    'approval.neededText': 'Approbation requise : {who}',
    'approval.asks': '{requester} a demandé d’exécuter {tool}',
    'approval.itWill': '{who}. L’appel va :',
    'approval.noDescription': '(aucune description)',
    'approval.approve': 'Approuver',
    'approval.approveThread': 'Approuver pour ce fil',
    'approval.deny': 'Refuser',
    'approval.verdict': '{decision, select, approve {✓ Approuvé} approve_thread {✓ Approuvé pour ce fil} other {✗ Refusé}} par {who}',
    'approval.verdictText': '{verdict} : {tool}',
    'approval.verdictOn': '{verdict} le {when}',
    'approval.expired': '⌛ Expirée : personne n’a décidé, l’appel a donc été refusé ({when}).',
    'approval.expiredWithin': '⌛ Expirée : personne n’a décidé dans le délai de {timeout}, l’appel a donc été refusé ({when}).',
    'approval.expiredText': 'Approbation expirée : {tool} n’a pas été exécuté',
    'approval.notAllowed':
      'Seule la personne qui a fait la demande, ou une personne listée dans PLANEBOT_APPROVERS, peut en décider. Rien n’a été modifié.',
    'approval.alreadyDecided': 'Cette demande a déjà été tranchée.',
    'approval.already':
      'Cette demande a déjà été {decision, select, approve {approuvée} approve_thread {approuvée pour ce fil} deny {refusée} expired {close : elle a expiré} unshown {close : elle n’a pas pu être affichée, donc pas approuvée} other {retirée : l’exécution a été arrêtée}}.',
    'approval.alreadyBy':
      'Cette demande a déjà été {decision, select, approve {approuvée} approve_thread {approuvée pour ce fil} deny {refusée} expired {close : elle a expiré} unshown {close : elle n’a pas pu être affichée, donc pas approuvée} other {retirée : l’exécution a été arrêtée}} par {who}.',
    'approval.gone': 'Cette demande n’attend plus de décision : son exécution est terminée ou a été arrêtée.',
  },
  'zh-CN': {
    'approval.needed': '需要审批',
    'approval.neededText': '需要审批：{who}',
    'approval.asks': '{requester} 请求运行 {tool}',
    'approval.itWill': '{who}。它将：',
    'approval.noDescription': '（无说明）',
    'approval.approve': '批准',
    'approval.approveThread': '在此话题中批准',
    'approval.deny': '拒绝',
    'approval.verdict': '{decision, select, approve {✓ 已批准} approve_thread {✓ 已在此话题中批准} other {✗ 已拒绝}}，操作人：{who}',
    'approval.verdictText': '{verdict}：{tool}',
    'approval.verdictOn': '{verdict}，时间：{when}',
    'approval.expired': '⌛ 已过期：无人做出决定，因此该调用被拒绝（{when}）。',
    'approval.expiredWithin': '⌛ 已过期：{timeout} 内无人做出决定，因此该调用被拒绝（{when}）。',
    'approval.expiredText': '审批已过期：未运行 {tool}',
    'approval.notAllowed': '只有提出请求的人或 PLANEBOT_APPROVERS 中列出的人员可以对此做出决定。未做任何更改。',
    'approval.alreadyDecided': '此请求已有决定。',
    'approval.already':
      '此请求已{decision, select, approve {被批准} approve_thread {在此话题中被批准} deny {被拒绝} expired {过期} unshown {无法显示，因此未获批准} other {撤回：运行已停止}}。',
    'approval.alreadyBy':
      '此请求已由 {who} {decision, select, approve {批准} approve_thread {在此话题中批准} deny {拒绝} expired {处理（已过期）} unshown {处理（无法显示，因此未获批准）} other {停止运行而撤回}}。',
    'approval.gone': '此请求不再等待决定：其运行已结束或已被停止。',
  },
});
