import { type Handler, ok, projectOf } from '../context.js';
import { ApiError, notFound } from '../errors.js';

/** Work-item attachments. */

/** A plain array of uploaded, not-deleted attachments. */
export const listAttachments: Handler = (context) => {
  const project = projectOf(context);
  const rows = [...context.db.assets.values()].filter(
    (a) =>
      a.entity_type === 'ISSUE_ATTACHMENT' &&
      a.project === project.id &&
      a.issue === context.params.work_item_id &&
      a.is_uploaded &&
      !a.is_deleted,
  );
  return ok(rows.map((a) => context.out.attachment(a)));
};

/**
 * The "detail" is the download: 302 to a presigned storage URL. The lookup filters on asset id,
 * workspace and project only — not entity type nor work item — so editor images of the project's
 * descriptions download through it too.
 */
export const downloadAttachment: Handler = (context) => {
  const project = projectOf(context);
  const asset = context.db.assets.get(context.params.asset_id ?? '');
  if (!asset || asset.is_deleted || asset.workspace !== project.workspace || asset.project !== project.id) throw notFound();
  if (!asset.is_uploaded) throw new ApiError(400, { error: 'The asset is not uploaded.', status: false });
  const location = context.storage.presign(asset, context.headers.host ?? '127.0.0.1', 'attachment');
  return { status: 302, headers: { Location: location } };
};

/**
 * POST: announces an upload. The answer is the presigned POST form for the object store, the
 * attachment row (not uploaded yet) and the web app's asset URL; the fake's store takes no uploads.
 */
export const createAttachment: Handler = (context) => {
  const project = projectOf(context);
  const item = context.db.workItems.get(context.params.work_item_id ?? '');
  if (!item || item.project !== project.id) throw notFound();
  const body = context.body as Record<string, unknown>;
  const name = typeof body.name === 'string' && body.name ? body.name : undefined;
  const size = typeof body.size === 'number' && body.size > 0 ? body.size : undefined;
  if (!name || !size) throw new ApiError(400, { error: 'Invalid request.', status: false });
  const type = typeof body.type === 'string' && body.type ? body.type : 'application/octet-stream';
  const asset = context.db.announceAttachment(item, { name, type, size, created_by: context.user.id });
  const host = context.headers.host ?? '127.0.0.1';
  return ok({
    upload_data: {
      url: `http://${host}/uploads`,
      fields: { 'Content-Type': type, key: asset.asset, 'x-amz-algorithm': 'AWS4-HMAC-SHA256', policy: '', 'x-amz-signature': '' },
    },
    asset_id: asset.id,
    attachment: context.out.attachment(asset),
    asset_url: `/api/assets/v2/workspaces/${context.params.slug}/projects/${project.id}/issues/${item.id}/attachments/${asset.id}/`,
  });
};
