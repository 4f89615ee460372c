import { defineMessages } from '../define.js';

/**
 * Why a run failed, or ended without finishing its work, as the agent decides it before anyone reads
 * it (a `Phrase`). The model reads the English; people read their own language. Technical details (an
 * HTTP status, an API's or a driver's own error text) are values, shown as they came.
 */
export const runEndMessages = defineMessages({
  en: {
    'runEnd.modelUnreachable': 'The model API could not be reached ({detail}).',
    'runEnd.modelApi':
      '{problem, select, key {The model API refused the bot’s key} rateLimit {The model API is rate-limiting the bot} other {The model API failed}}{status, select, none {} other { ({status})}}: {detail}',
    'runEnd.modelRequest': 'The model request failed: {detail}',
    'runEnd.internal': 'Something went wrong inside the bot: {detail}',
    'runEnd.answerNotPosted': 'The answer could not be posted ({detail}). Retry posts it again.',
    'runEnd.storeUnreachable':
      'My state store became unreachable ({detail}). This run goes on by itself from its last saved step once the store is back; nothing is needed from you.',
    'runEnd.truncated': 'The answer was cut off at the length limit.',
    'runEnd.contextFull': 'This conversation no longer fits in the model’s context; start a new thread to go on.',
    'runEnd.tooManyPauses': 'The model paused its turn too many times in a row.',
    'runEnd.cutToolCall': 'The model’s request to use a tool was cut off at the length limit, even with more room.',
    'runEnd.refused':
      'The model declined this request{category, select, none {} other { (category: {category})}}.{explanation, select, none {} other { {explanation}}}',
    'runEnd.unknownStop': 'The model stopped for a reason this bot does not know ({reason}).',
    'runEnd.iterationLimit':
      'Stopped after {count, plural, one {# model request} other {# model requests}}, the limit set by {variable}, before the work was finished.{who, select, subAgent {} other { Ask again to go on from here.}}',
  },
  fr: {
    'runEnd.modelUnreachable': 'L’API du modèle est injoignable ({detail}).',
    'runEnd.modelApi':
      '{problem, select, key {L’API du modèle a refusé la clé du bot} rateLimit {L’API du modèle limite le débit du bot} other {L’API du modèle a échoué}}{status, select, none {} other { ({status})}} : {detail}',
    'runEnd.modelRequest': 'La requête au modèle a échoué : {detail}',
    'runEnd.internal': 'Une erreur s’est produite dans le bot : {detail}',
    'runEnd.answerNotPosted': 'La réponse n’a pas pu être publiée ({detail}). « Réessayer » la publie à nouveau.',
    'runEnd.storeUnreachable':
      'Mon stockage d’état est devenu injoignable ({detail}). Cette exécution reprend d’elle-même à sa dernière étape enregistrée dès son retour ; vous n’avez rien à faire.',
    'runEnd.truncated': 'La réponse a été coupée à la limite de longueur.',
    'runEnd.contextFull': 'Cette conversation ne tient plus dans le contexte du modèle ; ouvrez un nouveau fil pour continuer.',
    'runEnd.tooManyPauses': 'Le modèle a mis son tour en pause trop de fois de suite.',
    'runEnd.cutToolCall': 'La demande du modèle d’utiliser un outil a été coupée à la limite de longueur, même avec plus de place.',
    'runEnd.refused':
      'Le modèle a décliné cette demande{category, select, none {} other { (catégorie : {category})}}.{explanation, select, none {} other { {explanation}}}',
    'runEnd.unknownStop': 'Le modèle s’est arrêté pour une raison que ce bot ne connaît pas ({reason}).',
    'runEnd.iterationLimit':
      'Arrêté après {count, plural, one {# requête au modèle} other {# requêtes au modèle}}, la limite fixée par {variable}, avant la fin du travail.{who, select, subAgent {} other { Redemandez pour reprendre à partir d’ici.}}',
  },
  'zh-CN': {
    'runEnd.modelUnreachable': '无法连接模型 API（{detail}）。',
    'runEnd.modelApi':
      '{problem, select, key {模型 API 拒绝了机器人的密钥} rateLimit {模型 API 正在限制机器人的请求频率} other {模型 API 出错}}{status, select, none {} other {（{status}）}}：{detail}',
    'runEnd.modelRequest': '模型请求失败：{detail}',
    'runEnd.internal': '机器人内部出错：{detail}',
    'runEnd.answerNotPosted': '回答无法发布（{detail}）。点击“重试”可再次发布。',
    'runEnd.storeUnreachable': '我的状态存储无法访问（{detail}）。存储恢复后，此运行会从上次保存的步骤自动继续；你无需做任何事。',
    'runEnd.truncated': '回答在长度上限处被截断。',
    'runEnd.contextFull': '此对话已超出模型的上下文容量；请新开一个话题继续。',
    'runEnd.tooManyPauses': '模型连续暂停回合的次数过多。',
    'runEnd.cutToolCall': '模型使用工具的请求在长度上限处被截断，即使给了更多空间也是如此。',
    'runEnd.refused':
      '模型拒绝了此请求{category, select, none {} other {（类别：{category}）}}。{explanation, select, none {} other {{explanation}}}',
    'runEnd.unknownStop': '模型因本机器人不认识的原因停止（{reason}）。',
    'runEnd.iterationLimit':
      '已发出 {count, plural, other {# 次模型请求}}，达到 {variable} 设定的上限，工作未完成便已停止。{who, select, subAgent {} other {再问一次即可从这里继续。}}',
  },
});
