import { defineMessages } from '../define.js';

/** An agent run in a thread: its status message, failures, Retry and Stop. */
export const runMessages = defineMessages({
  en: {
    'run.notStarted': 'The request could not be started: {error}. Please send it again.',
    'run.thinking': 'Thinking…',
    'run.working': 'Working…',
    'run.workingText': 'Working',
    'run.waitingForApproval': 'Waiting for approval…',
    'run.queuedBehindOne': 'Queued: starts after the run in progress in this thread.',
    'run.queuedBehind':
      '{count, plural, one {Queued: starts after the run in progress and # more message in this thread.} other {Queued: starts after the run in progress and # more messages in this thread.}}',
    'run.planProgress': '{done}/{total} tasks completed',
    'run.doneIn': 'Done in {duration}',
    'run.failed': '*Failed:* {failure}',
    'run.failedText': 'Failed: {failure}',
    'run.stranded': '*Waiting for the state store:* {reason}',
    'run.strandedText': 'Waiting for the state store: {reason}',
    'run.retry': 'Retry',
    'run.retryGone': 'This run cannot be retried any more: it is already running again, or it was forgotten.',
    'run.retryNotAllowed': 'Only {who}, who asked, or someone listed in PLANEBOT_APPROVERS can retry this run. Nothing was changed.',
    'run.cannotPost':
      'I cannot post in this conversation ({code}), so I did not start on your request. Invite me (/invite @planebot), then ask again.',
    'run.replyRefused': 'Slack refused my reply here ({code}), so I did not start on your request. Please ask again in a moment.',
  },
  fr: {
    'run.notStarted': 'La demande n’a pas pu démarrer : {error}. Merci de l’envoyer à nouveau.',
    'run.thinking': 'Réflexion…',
    'run.working': 'En cours…',
    'run.workingText': 'En cours',
    'run.waitingForApproval': 'En attente d’approbation…',
    'run.queuedBehindOne': 'En file d’attente : démarre après l’exécution en cours dans ce fil.',
    'run.queuedBehind':
      '{count, plural, one {En file d’attente : démarre après l’exécution en cours et # autre message de ce fil.} other {En file d’attente : démarre après l’exécution en cours et # autres messages de ce fil.}}',
    'run.planProgress': '{done}/{total} tâches terminées',
    'run.doneIn': 'Terminé en {duration}',
    'run.failed': '*Échec :* {failure}',
    'run.failedText': 'Échec : {failure}',
    'run.stranded': '*En attente du stockage d’état :* {reason}',
    'run.strandedText': 'En attente du stockage d’état : {reason}',
    'run.retry': 'Réessayer',
    'run.retryGone': 'Cette exécution ne peut plus être relancée : elle tourne déjà à nouveau, ou elle a été oubliée.',
    'run.retryNotAllowed':
      'Seul {who}, qui a fait la demande, ou une personne listée dans PLANEBOT_APPROVERS peut relancer cette exécution. Rien n’a été modifié.',
    'run.cannotPost':
      'Je ne peux pas écrire dans cette conversation ({code}), je n’ai donc pas commencé votre demande. Invitez-moi (/invite @planebot), puis demandez à nouveau.',
    'run.replyRefused':
      'Slack a refusé ma réponse ici ({code}), je n’ai donc pas commencé votre demande. Merci de redemander dans un instant.',
  },
  'zh-CN': {
    'run.notStarted': '请求无法启动：{error}。请重新发送。',
    'run.thinking': '思考中…',
    'run.working': '处理中…',
    'run.workingText': '处理中',
    'run.waitingForApproval': '等待审批…',
    'run.queuedBehindOne': '排队中：将在此话题中正在进行的运行结束后开始。',
    'run.queuedBehind': '{count, plural, other {排队中：将在此话题中正在进行的运行及另外 # 条消息之后开始。}}',
    'run.planProgress': '已完成 {done}/{total} 个任务',
    'run.doneIn': '完成，用时 {duration}',
    'run.failed': '*失败：* {failure}',
    'run.failedText': '失败：{failure}',
    'run.stranded': '*等待状态存储恢复：* {reason}',
    'run.strandedText': '等待状态存储恢复：{reason}',
    'run.retry': '重试',
    'run.retryGone': '此运行无法再重试：它已在重新运行，或已被遗忘。',
    'run.retryNotAllowed': '只有提出请求的 {who} 或 PLANEBOT_APPROVERS 中列出的人员可以重试此运行。未做任何更改。',
    'run.cannotPost': '我无法在此对话中发帖（{code}），因此没有开始处理你的请求。请邀请我（/invite @planebot），然后再问一次。',
    'run.replyRefused': 'Slack 拒绝了我在这里的回复（{code}），因此没有开始处理你的请求。请稍后再问一次。',
  },
});
