import { type Handler, ok, workspaceOf } from '../context.js';
import { ApiError, bodies } from '../errors.js';

/**
 * GET /workspaces/{slug}/assets/{asset_id}/. On CE (v0.28.0 through v1.3.1 and
 * main, and as seen on a 1.4.2 instance) the view builds its storage class with an argument it does not
 * accept, so every existing, uploaded asset answers 500; the 404 and 400 checks still come first.
 * Cloud runs other code: the fake gives it the documented 200 (UNVERIFIED).
 */
export const getWorkspaceAsset: Handler = (context) => {
  const workspace = workspaceOf(context);
  const asset = context.db.assets.get(context.params.asset_id ?? '');
  if (!asset || asset.is_deleted || asset.workspace !== workspace.id) throw new ApiError(404, { error: 'Asset not found' });
  if (!asset.is_uploaded) throw new ApiError(400, { error: 'Asset not yet uploaded' });
  if (context.flavour.edition === 'community') throw new ApiError(500, bodies.internalServerError);
  return ok({
    asset_id: asset.id,
    asset_url: context.storage.presign(asset, context.headers.host ?? '127.0.0.1', 'inline'),
    asset_name: asset.attributes.name,
    asset_type: asset.attributes.type,
  });
};
