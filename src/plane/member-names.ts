import type { Member } from './types.js';

/** A member as people call them: display name, else full name, else e-mail. */
export function memberName(member: Member): string {
  return member.display_name || fullName(member) || member.email || 'an unnamed member';
}

export function fullName(member: Member): string {
  return [member.first_name, member.last_name].filter(Boolean).join(' ').trim();
}

/** "dana (Dana Kim, dana@acme.io)": enough to tell members apart in a list of options. */
export function memberLabel(member: Member): string {
  const extra = [fullName(member), member.email].filter((part) => part && part !== memberName(member));
  return extra.length > 0 ? `${memberName(member)} (${extra.join(', ')})` : memberName(member);
}
