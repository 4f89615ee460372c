import { defineMessages } from '../define.js';

/**
 * The Plane kit's readable failures. The English text is the error's message, what the model
 * reads; a person is shown their language. `what` names the request in English ("work item
 * ACME-130 in workspace acme"); `said` is Plane's own answer, quoted when `quoted` is `yes`.
 */
export const planeErrorMessages = defineMessages({
  en: {
    'planeError.noKey': 'Plane refused the request for {what} (401): no API key was sent. Set PLANE_API_KEY.',
    'planeError.badKey':
      'Plane rejected the API key (403): it is unknown, expired or inactive. Check PLANE_API_KEY.{quoted, select, yes { Plane said: "{said}"} other {}}',
    'planeError.forbidden':
      'Plane refused access to {what} (403): the API key’s user is most likely not a member of that project or workspace, or is a guest there. (If every request fails like this, the key itself is invalid.){quoted, select, yes { Plane said: "{said}"} other {}}',
    'planeError.forbiddenForYou':
      'Plane refused you {what} (403): your own Plane account, which the bot acts as since you connected it, is not allowed to do that there (a guest, or not a member of that project).{quoted, select, yes { Plane said: "{said}"} other {}}',
    'planeError.noRoute': 'This Plane instance does not serve the route for {what} (404, route not found).',
    'planeError.notFound': 'Plane has no {what} (404).',
    'planeError.noItem': 'Plane has no work item {key} in workspace {slug} (404).',
    'planeError.rateLimited': 'Plane’s rate limit for this API key is still exceeded after waiting once; try again in a minute.',
    'planeError.rateLimitSpent': 'Plane’s rate limit for this API key is spent; try again in {seconds} s.',
    'planeError.waitingForBudget': 'Waiting for Plane’s rate limit (about {seconds} s).',
    'planeError.serverError':
      'Plane failed with a server error ({status}) on {what}; try again later.{quoted, select, yes { Plane said: "{said}"} other {}}',
    'planeError.rejected': 'Plane rejected the request for {what} ({status}).{quoted, select, yes { Plane said: "{said}"} other {}}',
    'planeError.notAKey': '"{text}" is not a work item key; keys look like ACME-130.',
    'planeError.noProject': 'No project "{ref}" in workspace {slug}. Projects: {options}.',
    'planeError.noProjectOfKey': 'No project with identifier {identifier} (from {key}) in workspace {slug}. Projects: {options}.',
    'planeError.noState': 'No state "{ref}" in project {project}. States: {options}.',
    'planeError.noLabels': 'No {count, plural, one {label} other {labels}} {missing} in project {project}. Labels: {options}.',
    'planeError.ambiguousMember': '"{ref}" matches several members ({matches}); use the e-mail.',
    'planeError.meNotAssignable': '"me" is {me}, who cannot be assigned in project {project}.',
    'planeError.noMember': 'No member "{ref}" can be assigned in project {project}.',
    'planeError.members': 'Members{guests, select, yes { (guests cannot be assigned)} other {}}: {options}.',
    'planeError.off':
      'Plane is off: no API key is configured. Set PLANE_API_KEY (a key from Plane → Profile settings → Personal access tokens / API tokens), and PLANE_BASE_URL for a self-hosted instance, then restart.',
    'planeError.noWorkspace': 'No workspace given: pass `slug` (the workspace slug in Plane URLs) or set PLANE_WORKSPACE.',
    'planeError.unreachable': 'Could not reach Plane at {url} for {what} ({reason}).',
    'planeError.notJson':
      'Plane answered {request} with {status} but not with JSON ({empty, select, yes {its body is empty} other {it starts "{start}"}}).',
    'planeError.otherShape': 'Plane answered {request} with JSON of another shape than its API promises ({issues}).',
    'planeError.notPlane':
      'Something other than Plane’s API may be answering at PLANE_BASE_URL (a proxy or login page), or this Plane release answers differently; try again later or check the URL.',
  },
  fr: {
    'planeError.noKey': 'Plane a refusé la requête pour {what} (401) : aucune clé d’API n’a été envoyée. Définissez PLANE_API_KEY.',
    'planeError.badKey':
      'Plane a rejeté la clé d’API (403) : elle est inconnue, expirée ou inactive. Vérifiez PLANE_API_KEY.{quoted, select, yes { Plane a répondu : « {said} »} other {}}',
    'planeError.forbidden':
      'Plane a refusé l’accès à {what} (403) : l’utilisateur de la clé d’API n’est sans doute pas membre de ce projet ou de cet espace de travail, ou n’y est qu’invité. (Si toutes les requêtes échouent ainsi, c’est la clé elle-même qui n’est pas valide.){quoted, select, yes { Plane a répondu : « {said} »} other {}}',
    'planeError.forbiddenForYou':
      'Plane vous a refusé {what} (403) : votre propre compte Plane, au nom duquel le bot agit depuis que vous l’avez connecté, n’a pas le droit de le faire là (invité, ou pas membre de ce projet).{quoted, select, yes { Plane a répondu : « {said} »} other {}}',
    'planeError.noRoute': 'Cette instance de Plane ne sert pas la route pour {what} (404, route introuvable).',
    'planeError.notFound': 'Plane n’a pas de {what} (404).',
    'planeError.noItem': 'Plane n’a pas d’élément de travail {key} dans l’espace de travail {slug} (404).',
    'planeError.rateLimited':
      'La limite de requêtes de Plane pour cette clé d’API est encore dépassée après une attente ; réessayez dans une minute.',
    'planeError.rateLimitSpent': 'La limite de requêtes de Plane pour cette clé d’API est épuisée ; réessayez dans {seconds} s.',
    'planeError.waitingForBudget': 'En attente de la limite de requêtes de Plane (environ {seconds} s).',
    'planeError.serverError':
      'Plane a échoué sur une erreur serveur ({status}) pour {what} ; réessayez plus tard.{quoted, select, yes { Plane a répondu : « {said} »} other {}}',
    'planeError.rejected':
      'Plane a rejeté la requête pour {what} ({status}).{quoted, select, yes { Plane a répondu : « {said} »} other {}}',
    'planeError.notAKey': '« {text} » n’est pas une clé d’élément de travail ; une clé ressemble à ACME-130.',
    'planeError.noProject': 'Aucun projet « {ref} » dans l’espace de travail {slug}. Projets : {options}.',
    'planeError.noProjectOfKey':
      'Aucun projet d’identifiant {identifier} (d’après {key}) dans l’espace de travail {slug}. Projets : {options}.',
    'planeError.noState': 'Aucun état « {ref} » dans le projet {project}. États : {options}.',
    'planeError.noLabels':
      '{count, plural, one {Aucune étiquette} other {Aucune des étiquettes}} {missing} dans le projet {project}. Étiquettes : {options}.',
    'planeError.ambiguousMember': '« {ref} » correspond à plusieurs membres ({matches}) ; utilisez l’e-mail.',
    'planeError.meNotAssignable': '« me » désigne {me}, qui ne peut pas être assigné dans le projet {project}.',
    'planeError.noMember': 'Aucun membre « {ref} » ne peut être assigné dans le projet {project}.',
    'planeError.members': 'Membres{guests, select, yes { (les invités ne peuvent pas être assignés)} other {}} : {options}.',
    'planeError.off':
      'Plane est désactivé : aucune clé d’API n’est configurée. Définissez PLANE_API_KEY (une clé de Plane → Profile settings → Personal access tokens / API tokens), et PLANE_BASE_URL pour une instance auto-hébergée, puis redémarrez.',
    'planeError.noWorkspace':
      'Aucun espace de travail indiqué : passez `slug` (le slug de l’espace de travail dans les URL de Plane) ou définissez PLANE_WORKSPACE.',
    'planeError.unreachable': 'Impossible de joindre Plane à {url} pour {what} ({reason}).',
    'planeError.notJson':
      'Plane a répondu à {request} par {status}, mais pas en JSON ({empty, select, yes {le corps est vide} other {il commence par « {start} »}}).',
    'planeError.otherShape': 'Plane a répondu à {request} par un JSON d’une autre forme que celle que promet son API ({issues}).',
    'planeError.notPlane':
      'Autre chose que l’API de Plane répond peut-être à PLANE_BASE_URL (un proxy ou une page de connexion), ou cette version de Plane répond autrement ; réessayez plus tard ou vérifiez l’URL.',
  },
  'zh-CN': {
    'planeError.noKey': 'Plane 拒绝了对 {what} 的请求（401）：未发送 API 密钥。请设置 PLANE_API_KEY。',
    'planeError.badKey':
      'Plane 拒绝了该 API 密钥（403）：密钥未知、已过期或已停用。请检查 PLANE_API_KEY。{quoted, select, yes { Plane 的回复：“{said}”} other {}}',
    'planeError.forbidden':
      'Plane 拒绝访问 {what}（403）：API 密钥的用户很可能不是该项目或工作区的成员，或只是访客。（如果每个请求都这样失败，说明密钥本身无效。）{quoted, select, yes { Plane 的回复：“{said}”} other {}}',
    'planeError.forbiddenForYou':
      'Plane 拒绝了你对 {what} 的操作（403）：你已连接的 Plane 账户（机器人以它的身份操作）在那里没有这个权限（访客，或不是该项目的成员）。{quoted, select, yes { Plane 的回复：“{said}”} other {}}',
    'planeError.noRoute': '此 Plane 实例不提供 {what} 的路由（404，未找到路由）。',
    'planeError.notFound': 'Plane 中没有 {what}（404）。',
    'planeError.noItem': 'Plane 的工作区 {slug} 中没有工作项 {key}（404）。',
    'planeError.rateLimited': '等待一次后，此 API 密钥在 Plane 的速率限制仍然超出；请一分钟后再试。',
    'planeError.rateLimitSpent': '此 API 密钥在 Plane 的速率限制已用尽；请 {seconds} 秒后再试。',
    'planeError.waitingForBudget': '正在等待 Plane 的速率限制（约 {seconds} 秒）。',
    'planeError.serverError':
      'Plane 在处理 {what} 时出现服务器错误（{status}）；请稍后再试。{quoted, select, yes { Plane 的回复：“{said}”} other {}}',
    'planeError.rejected': 'Plane 拒绝了对 {what} 的请求（{status}）。{quoted, select, yes { Plane 的回复：“{said}”} other {}}',
    'planeError.notAKey': '“{text}”不是工作项键；键的格式如 ACME-130。',
    'planeError.noProject': '工作区 {slug} 中没有项目“{ref}”。项目：{options}。',
    'planeError.noProjectOfKey': '工作区 {slug} 中没有标识符为 {identifier} 的项目（来自 {key}）。项目：{options}。',
    'planeError.noState': '项目 {project} 中没有状态“{ref}”。状态：{options}。',
    'planeError.noLabels': '项目 {project} 中没有标签 {missing}{count, plural, other {}}。标签：{options}。',
    'planeError.ambiguousMember': '“{ref}”匹配到多个成员（{matches}）；请使用电子邮件。',
    'planeError.meNotAssignable': '“me”是 {me}，无法在项目 {project} 中被指派。',
    'planeError.noMember': '项目 {project} 中没有可指派的成员“{ref}”。',
    'planeError.members': '成员{guests, select, yes {（访客不能被指派）} other {}}：{options}。',
    'planeError.off':
      'Plane 未启用：未配置 API 密钥。请设置 PLANE_API_KEY（在 Plane → Profile settings → Personal access tokens / API tokens 中获取），自托管实例还需设置 PLANE_BASE_URL，然后重启。',
    'planeError.noWorkspace': '未指定工作区：请传入 `slug`（Plane URL 中的工作区 slug）或设置 PLANE_WORKSPACE。',
    'planeError.unreachable': '无法连接位于 {url} 的 Plane 来处理 {what}（{reason}）。',
    'planeError.notJson': 'Plane 对 {request} 的回复是 {status}，但不是 JSON（{empty, select, yes {正文为空} other {开头是“{start}”}}）。',
    'planeError.otherShape': 'Plane 对 {request} 回复的 JSON 与其 API 承诺的结构不同（{issues}）。',
    'planeError.notPlane':
      '在 PLANE_BASE_URL 应答的可能不是 Plane 的 API（代理或登录页），或此 Plane 版本的应答方式不同；请稍后再试或检查该 URL。',
  },
});
