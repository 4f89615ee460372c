import type { PlaneApi } from './api.js';
import { PlaneError } from './errors.js';
import { memberLabel } from './member-names.js';
import type { Member } from './types.js';

/** Who asked, as the front end knows them (a Slack user's profile e-mail). */
export interface RequesterIdentity {
  email?: string;
  name?: string;
}

export interface Me {
  member: Member;
  /** True when "me" is the requester's own Plane member, false when it is the API key's user. */
  isRequester: boolean;
  /** Set when a requester was known but not matched: the answer must say whose "me" it used. */
  note?: string;
}

/**
 * "me" is the requester's Plane member when their e-mail matches a workspace member,
 * else the API key's user. Without a requester (a script, an MCP client) it is the key's user.
 */
export async function resolveMe(api: PlaneApi, slug: string, requester?: RequesterIdentity): Promise<Me> {
  const keyUser = await api.me();
  if (!requester) return { member: keyUser, isRequester: false };
  const fallback = (why: string): Me => ({
    member: keyUser,
    isRequester: false,
    note: `${why}, so "me" means the API key's user, ${memberLabel(keyUser)}.`,
  });
  const who = requester.name ? `${requester.name}'s` : "The requester's";
  if (!requester.email) return fallback(`${who} e-mail is not known`);
  let members: Member[];
  try {
    members = await api.workspaceMembers(slug);
  } catch (error) {
    if (error instanceof PlaneError) return fallback(`The members of workspace ${slug} could not be listed (${error.message})`);
    throw error;
  }
  const email = requester.email.trim().toLowerCase();
  const member = members.find((m) => m.email?.trim().toLowerCase() === email);
  if (!member) return fallback(`${who} e-mail ${requester.email} matches no member of workspace ${slug}`);
  return { member, isRequester: true };
}
