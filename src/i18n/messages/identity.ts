import { defineMessages } from '../define.js';

/**
 * People acting as themselves in Plane: `/plane connect` and its modal, `/plane disconnect`, the Home
 * tab's line, and what a person is told when their token is dropped. No message ever holds a token.
 */
export const identityMessages = defineMessages({
  en: {
    'identity.connect.usage': '/plane connect',
    'identity.connect.alone':
      'Type /plane connect alone: your token goes in the private form it opens, never on the command line (if you pasted one there, revoke it in Plane and make another).',
    'identity.connect.summary': 'act as yourself in Plane: paste a personal access token of yours (in a private form)',
    'identity.disconnect.usage': '/plane disconnect',
    'identity.disconnect.summary': 'forget your Plane token: the bot’s own key acts for you again',
    'identity.off':
      'Connecting your own Plane account is off on this bot: {reason, select, no_plane {Plane is not configured (PLANE_API_KEY)} other {its operator has not set PLANEBOT_SECRET_KEY (the key tokens are kept encrypted with)}}.',
    'identity.modal.title': 'Connect to Plane',
    'identity.modal.submit': 'Connect',
    'identity.modal.cancel': 'Cancel',
    'identity.modal.intro':
      'With your own Plane token, what you do through the bot (commands, card buttons, your thread replies, the agent’s work for you) is done as you in Plane, with your permissions. Create one in Plane: *Profile settings → Personal access tokens → Add token*.',
    'identity.modal.label': 'Personal access token',
    'identity.modal.hint':
      'Kept encrypted, only for you, and never shown again: not here, not in Slack, not to the model. Its Plane e-mail must be your Slack e-mail.',
    'identity.modal.invalid': 'Plane does not accept this token. Check that it is whole and not revoked or expired, then paste it again.',
    'identity.modal.noEmail': 'Your Slack profile shows no e-mail, so the bot cannot check that this token is yours.',
    'identity.modal.mismatch':
      'This token is the Plane account of {planeEmail}, not yours ({chatEmail}): a token can only be connected by its owner.',
    'identity.connected':
      'Connected: what you do through the bot now happens in Plane as *{name}* ({email}). `/plane disconnect` undoes it.',
    'identity.disconnected': 'Disconnected: your Plane token is forgotten, and the bot’s own key acts for you again.',
    'identity.notConnected': 'You had not connected a Plane token; nothing changed.',
    'identity.dm.refused':
      'Plane no longer accepts the personal access token you connected (revoked or expired), so the bot has forgotten it. What you asked was done with the bot’s own key. `/plane connect` connects a new one.',
    'identity.dm.unreadable':
      'The Plane token you connected could not be read with this bot’s current encryption key (the key was changed), so it has been forgotten. `/plane connect` connects it again.',
    'identity.fellBack':
      'Plane refused your personal token (revoked or expired): this was done with the bot’s own key. It has been forgotten; `/plane connect` connects a new one.',
    'identity.home.title': 'Your Plane identity',
    'identity.home.connected': 'Connected: your actions through the bot happen in Plane as *{name}* ({email}).',
    'identity.home.notConnected': 'Not connected: what you do through the bot is signed in Plane by the bot’s own account.',
    'identity.home.off': 'Connecting your own Plane account is off on this bot (no PLANEBOT_SECRET_KEY).',
    'identity.home.connect': 'Connect',
    'identity.home.disconnect': 'Disconnect',
  },
  fr: {
    'identity.connect.usage': '/plane connect',
    'identity.connect.alone':
      'Tapez /plane connect seul : votre jeton se colle dans le formulaire privé qui s’ouvre, jamais sur la ligne de commande (si vous l’y avez collé, révoquez-le dans Plane et créez-en un autre).',
    'identity.connect.summary': 'agir en votre nom dans Plane : collez un de vos jetons d’accès personnels (dans un formulaire privé)',
    'identity.disconnect.usage': '/plane disconnect',
    'identity.disconnect.summary': 'oublier votre jeton Plane : la clé du bot agit de nouveau pour vous',
    'identity.off':
      'La connexion de votre propre compte Plane est désactivée sur ce bot : {reason, select, no_plane {Plane n’est pas configuré (PLANE_API_KEY)} other {son opérateur n’a pas défini PLANEBOT_SECRET_KEY (la clé qui chiffre les jetons)}}.',
    'identity.modal.title': 'Se connecter à Plane',
    'identity.modal.submit': 'Connecter',
    'identity.modal.cancel': 'Annuler',
    'identity.modal.intro':
      'Avec votre propre jeton Plane, ce que vous faites par le bot (commandes, boutons des cartes, vos réponses en fil, le travail de l’agent pour vous) est fait en votre nom dans Plane, avec vos droits. Créez-en un dans Plane : *Paramètres du profil → Jetons d’accès personnels → Ajouter un jeton*.',
    'identity.modal.label': 'Jeton d’accès personnel',
    'identity.modal.hint':
      'Gardé chiffré, pour vous seul, et jamais réaffiché : ni ici, ni dans Slack, ni au modèle. Son e-mail Plane doit être votre e-mail Slack.',
    'identity.modal.invalid': 'Plane n’accepte pas ce jeton. Vérifiez qu’il est complet, ni révoqué ni expiré, puis collez-le de nouveau.',
    'identity.modal.noEmail': 'Votre profil Slack n’indique pas d’e-mail : le bot ne peut pas vérifier que ce jeton est le vôtre.',
    'identity.modal.mismatch':
      'Ce jeton est celui du compte Plane de {planeEmail}, pas le vôtre ({chatEmail}) : seul son propriétaire peut connecter un jeton.',
    'identity.connected':
      'Connecté : ce que vous faites par le bot se fait désormais dans Plane en tant que *{name}* ({email}). `/plane disconnect` l’annule.',
    'identity.disconnected': 'Déconnecté : votre jeton Plane est oublié, et la clé du bot agit de nouveau pour vous.',
    'identity.notConnected': 'Vous n’aviez pas connecté de jeton Plane ; rien n’a changé.',
    'identity.dm.refused':
      'Plane n’accepte plus le jeton d’accès personnel que vous aviez connecté (révoqué ou expiré) : le bot l’a oublié. Votre demande a été faite avec la clé du bot. `/plane connect` en connecte un nouveau.',
    'identity.dm.unreadable':
      'Le jeton Plane que vous aviez connecté ne peut pas être lu avec la clé de chiffrement actuelle du bot (elle a changé) : il a été oublié. `/plane connect` le connecte de nouveau.',
    'identity.fellBack':
      'Plane a refusé votre jeton personnel (révoqué ou expiré) : ceci a été fait avec la clé du bot. Le jeton a été oublié ; `/plane connect` en connecte un nouveau.',
    'identity.home.title': 'Votre identité Plane',
    'identity.home.connected': 'Connecté : vos actions par le bot se font dans Plane en tant que *{name}* ({email}).',
    'identity.home.notConnected': 'Non connecté : ce que vous faites par le bot est signé dans Plane par le compte du bot.',
    'identity.home.off': 'La connexion de votre propre compte Plane est désactivée sur ce bot (pas de PLANEBOT_SECRET_KEY).',
    'identity.home.connect': 'Connecter',
    'identity.home.disconnect': 'Déconnecter',
  },
  'zh-CN': {
    'identity.connect.usage': '/plane connect',
    'identity.connect.alone':
      '请只输入 /plane connect：令牌应粘贴到它打开的私密表单中，绝不要写在命令行里（如果已经粘贴在那里，请在 Plane 中撤销它并新建一个）。',
    'identity.connect.summary': '在 Plane 中以你本人身份操作：粘贴你的个人访问令牌（在私密表单中）',
    'identity.disconnect.usage': '/plane disconnect',
    'identity.disconnect.summary': '删除你的 Plane 令牌：重新由机器人自己的密钥代你操作',
    'identity.off':
      '此机器人未开启连接个人 Plane 账户：{reason, select, no_plane {未配置 Plane（PLANE_API_KEY）} other {管理员没有设置 PLANEBOT_SECRET_KEY（用于加密令牌的密钥）}}。',
    'identity.modal.title': '连接 Plane',
    'identity.modal.submit': '连接',
    'identity.modal.cancel': '取消',
    'identity.modal.intro':
      '使用你自己的 Plane 令牌后，你通过机器人所做的操作（命令、卡片按钮、你在线程中的回复、代理为你做的工作）都会在 Plane 中以你本人身份、按你的权限完成。在 Plane 中创建：*个人设置 → 个人访问令牌 → 添加令牌*。',
    'identity.modal.label': '个人访问令牌',
    'identity.modal.hint':
      '加密保存，仅供你使用，且不会再显示：不在此处、不在 Slack、也不给模型。它的 Plane 邮箱必须与你的 Slack 邮箱一致。',
    'identity.modal.invalid': 'Plane 不接受此令牌。请确认它完整、未被撤销或过期，然后重新粘贴。',
    'identity.modal.noEmail': '你的 Slack 资料没有邮箱，机器人无法确认此令牌属于你。',
    'identity.modal.mismatch': '此令牌属于 Plane 账户 {planeEmail}，不是你的（{chatEmail}）：只有令牌的主人才能连接它。',
    'identity.connected': '已连接：你通过机器人所做的操作现在会在 Plane 中以 *{name}*（{email}）的身份完成。`/plane disconnect` 可撤销。',
    'identity.disconnected': '已断开：你的 Plane 令牌已删除，重新由机器人自己的密钥代你操作。',
    'identity.notConnected': '你没有连接过 Plane 令牌；没有任何改变。',
    'identity.dm.refused':
      'Plane 不再接受你连接的个人访问令牌（已撤销或过期），机器人已将其删除。你的请求已用机器人自己的密钥完成。`/plane connect` 可连接新的令牌。',
    'identity.dm.unreadable': '你连接的 Plane 令牌无法用机器人当前的加密密钥读取（密钥已更换），已被删除。`/plane connect` 可重新连接。',
    'identity.fellBack':
      'Plane 拒绝了你的个人令牌（已撤销或过期）：此操作已用机器人自己的密钥完成。该令牌已删除；`/plane connect` 可连接新的令牌。',
    'identity.home.title': '你的 Plane 身份',
    'identity.home.connected': '已连接：你通过机器人的操作会在 Plane 中以 *{name}*（{email}）的身份完成。',
    'identity.home.notConnected': '未连接：你通过机器人所做的操作在 Plane 中由机器人自己的账户署名。',
    'identity.home.off': '此机器人未开启连接个人 Plane 账户（没有 PLANEBOT_SECRET_KEY）。',
    'identity.home.connect': '连接',
    'identity.home.disconnect': '断开',
  },
});
