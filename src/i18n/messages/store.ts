import { defineMessages } from '../define.js';

/** When the state store (Redis) does not answer: what happened and what to try. */
export const storeMessages = defineMessages({
  en: {
    'store.unavailable.message':
      ':warning: I can’t work right now: my state store is unreachable. I did not start on your message. Send it again in a minute or two.',
    'store.unavailable.click':
      ':warning: I can’t work right now: my state store is unreachable. Your click was not recorded. Click again in a minute or two.',
    'store.unavailable.command':
      ':warning: I can’t work right now: my state store is unreachable. Try the command again in a minute or two; /task and /todo keep working meanwhile.',
  },
  fr: {
    'store.unavailable.message':
      ':warning: Je ne peux pas travailler pour l’instant : ma base d’état est injoignable. Je n’ai pas commencé votre demande. Renvoyez-la dans une minute ou deux.',
    'store.unavailable.click':
      ':warning: Je ne peux pas travailler pour l’instant : ma base d’état est injoignable. Votre clic n’a pas été pris en compte. Cliquez à nouveau dans une minute ou deux.',
    'store.unavailable.command':
      ':warning: Je ne peux pas travailler pour l’instant : ma base d’état est injoignable. Relancez la commande dans une minute ou deux ; /task et /todo fonctionnent toujours en attendant.',
  },
  'zh-CN': {
    'store.unavailable.message': ':warning: 我现在无法工作：无法连接状态存储。我没有开始处理你的消息。请过一两分钟再发一次。',
    'store.unavailable.click': ':warning: 我现在无法工作：无法连接状态存储。你的点击没有被记录。请过一两分钟再点一次。',
    'store.unavailable.command': ':warning: 我现在无法工作：无法连接状态存储。请过一两分钟再试这个命令；在此期间 /task 和 /todo 仍可使用。',
  },
});
