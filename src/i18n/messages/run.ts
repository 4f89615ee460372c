import { defineMessages } from '../define.js';

/** An agent run in a thread: its status message, failures, Retry and Stop. */
export const runMessages = defineMessages({
  en: {
    'run.notStarted': 'The request could not be started: {error}. Please send it again.',
  },
  fr: {
    'run.notStarted': 'La demande n’a pas pu démarrer : {error}. Merci de l’envoyer à nouveau.',
  },
  'zh-CN': {
    'run.notStarted': '请求无法启动：{error}。请重新发送。',
  },
});
