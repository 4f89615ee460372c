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
