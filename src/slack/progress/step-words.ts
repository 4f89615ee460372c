/**
 * The step under way in plain words, from a tool call ("Reading ACME-130…"), for the status
 * message. Pure: the input is whatever the model sent, so every field is read defensively.
 */
export function describeStep(tool: string, input: unknown): string {
  const field = (name: string): string | undefined => {
    const value = (input as Record<string, unknown> | null)?.[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const key = field('key')?.toUpperCase();
  const project = field('project');
  const inProject = project ? ` in ${project}` : '';
  switch (tool) {
    case 'plane_get_issue':
      return key ? `Reading ${key}…` : 'Reading a work item…';
    case 'plane_list_comments':
      return key ? `Reading the comments on ${key}…` : 'Reading comments…';
    case 'plane_get_issue_images':
      return key ? `Downloading the images of ${key}…` : 'Downloading images…';
    case 'plane_search_issues': {
      const query = field('query');
      return query ? `Searching${inProject} for “${query}”…` : `Searching work items${inProject}…`;
    }
    case 'plane_list_my_issues':
      return `Listing your work items${inProject}…`;
    case 'plane_list_projects':
      return 'Listing the projects…';
    case 'plane_list_states':
      return `Reading the states${project ? ` of ${project}` : ''}…`;
    case 'plane_list_labels':
      return `Reading the labels${project ? ` of ${project}` : ''}…`;
    case 'plane_list_members':
      return `Reading the members${project ? ` of ${project}` : ''}…`;
    case 'plane_whoami':
      return 'Checking who you are in Plane…';
    case 'plane_create_issue': {
      const title = field('title');
      return title ? `Creating “${title}”${inProject}…` : `Creating a work item${inProject}…`;
    }
    case 'plane_update_issue':
      return key ? `Updating ${key}…` : 'Updating a work item…';
    case 'plane_add_comment':
      return key ? `Commenting on ${key}…` : 'Adding a comment…';
    case 'WebFetch':
      return `Fetching ${hostOf(field('url')) ?? 'a web page'}…`;
    case 'TodoWrite':
      return readsOnly(field('action')) ? 'Reading the todo list…' : 'Updating the todo list…';
    case 'Task':
      return readsOnly(field('action')) ? 'Reading the task tree…' : 'Updating the task tree…';
    case 'update_plan':
      return 'Updating the plan…';
    default:
      return `Running ${tool}…`;
  }
}

function readsOnly(action: string | undefined): boolean {
  return action === 'list' || action === 'tree';
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}
