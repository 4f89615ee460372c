/** Which pending call a button decides: `runId:callId`, carried in the button's value. */
export interface ApprovalRef {
  runId: string;
  callId: string;
}

export function encodeApprovalRef(ref: ApprovalRef): string {
  return `${ref.runId}:${ref.callId}`;
}

/** Undefined for a value this app did not write. Run ids hold no colon; a call id might. */
export function decodeApprovalRef(value: string | undefined): ApprovalRef | undefined {
  const colon = value?.indexOf(':') ?? -1;
  if (!value || colon <= 0 || colon === value.length - 1) return undefined;
  return { runId: value.slice(0, colon), callId: value.slice(colon + 1) };
}
