/** An approval request that the person may decide, as the App Home lists it. */
export interface HomeApproval {
  tool: string;
  description: string;
  requester: string;
  /** Where the request was posted, as mrkdwn: `<#C123>`. */
  place: string;
  deadline: number;
}
