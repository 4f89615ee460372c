/** Who asked, as far as the tools and the domains below them need to know: "me" in the Plane kit is this person. */
export interface Requester {
  /** An opaque id of the front end's user (a Slack user id). */
  id: string;
  name?: string;
  email?: string;
  /** The language their chat shows them, an IETF tag (`fr-FR`): the agent answers in it. */
  locale?: string;
  /** Their IANA time zone (`Europe/Paris`): their reminders and the digests they set keep it. */
  timeZone?: string;
}
